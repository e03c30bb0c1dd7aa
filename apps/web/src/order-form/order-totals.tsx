import { useId } from 'react';
import type { ReactNode } from 'react';
import { formatMoney } from '@taquilla/domain';
import { esOrderForm } from './es-order-form';
import type { OrderPricing } from './order-pricing';

const t = esOrderForm.totals;

/**
 * The chosen lines and what the order comes to. `children` go below the total (the deposit
 * form's promo code).
 */
export function OrderTotals({
  pricing,
  freeLabel,
  children,
}: {
  pricing: OrderPricing;
  /** Said instead of "Q 0.00" on a form whose tickets are free ("Gratis"). */
  freeLabel?: string;
  children?: ReactNode;
}) {
  const titleId = useId();
  const { currency } = pricing;
  const money = (amount: number) =>
    amount === 0 && freeLabel ? freeLabel : formatMoney(amount, currency);
  return (
    <section className="order-totals" aria-labelledby={titleId}>
      <h3 className="order-form__section-title" id={titleId}>
        {t.title}
      </h3>
      {pricing.lines.length > 0 && (
        <ul className="order-totals__lines">
          {pricing.lines.map((line) => (
            <li key={line.ticket._id} className="order-totals__line">
              <span className="order-totals__name">{line.ticket.fullname}</span>
              <span className="order-totals__quantity">{t.quantity(line.quantity)}</span>
              <span className="order-totals__amount">{money(line.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      <dl className="order-totals__rows">
        {(pricing.fees > 0 || pricing.discount > 0) && (
          <div className="order-totals__row">
            <dt>{t.subtotal}</dt>
            <dd>{formatMoney(pricing.subtotal, currency)}</dd>
          </div>
        )}
        {pricing.fees > 0 && (
          <div className="order-totals__row">
            <dt>{t.fees}</dt>
            <dd>{formatMoney(pricing.fees, currency)}</dd>
          </div>
        )}
        {pricing.discount > 0 && (
          <div className="order-totals__row">
            <dt>{t.discount}</dt>
            <dd>−{formatMoney(pricing.discount, currency)}</dd>
          </div>
        )}
        <div className="order-totals__row order-totals__row--total">
          <dt>{t.total}</dt>
          <dd>{money(pricing.total)}</dd>
        </div>
      </dl>
      {children}
    </section>
  );
}
