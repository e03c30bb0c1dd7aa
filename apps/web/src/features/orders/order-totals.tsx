import { useId } from 'react';
import type { Order } from '@taquilla/contract';
import { money } from '../../cart/cart-money';
import { orderTexts } from './orders.texts';

const t = orderTexts;

/** The order's totals (000 §9): tickets, service fees, promo discounts and what was paid. */
export function OrderTotals({ order }: { order: Order }) {
  const titleId = useId();
  const amount = (value: number) => money(value, order.currency);
  return (
    <section className="card order-panel" aria-labelledby={titleId}>
      <h2 className="order-panel__title" id={titleId}>
        {t.totals.title}
      </h2>
      <dl className="order-facts order-facts--money">
        <div className="order-facts__row">
          <dt>{t.totals.subtotal}</dt>
          <dd>{amount(order.subtotal)}</dd>
        </div>
        {order.total_fee > 0 && (
          <div className="order-facts__row">
            <dt>{t.totals.fees}</dt>
            <dd>{amount(order.total_fee)}</dd>
          </div>
        )}
        {order.promo_codes.map((promo) => (
          <div key={promo.code} className="order-facts__row order-facts__row--discount">
            <dt>
              {t.totals.discount} · {t.totals.promo(promo.code)}
            </dt>
            <dd>−{amount(promo.discount_amount)}</dd>
          </div>
        ))}
        {order.promo_codes.length === 0 && order.total_discount > 0 && (
          <div className="order-facts__row order-facts__row--discount">
            <dt>{t.totals.discount}</dt>
            <dd>−{amount(order.total_discount)}</dd>
          </div>
        )}
        <div className="order-facts__row order-facts__row--total">
          <dt>{t.totals.total}</dt>
          <dd>{amount(order.total)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** 000 §9: arrive 30 minutes early; purchases are final except for cancelled events. */
export function ImportantInfo() {
  const titleId = useId();
  return (
    <section className="card order-panel" aria-labelledby={titleId}>
      <h2 className="order-panel__title" id={titleId}>
        {t.info.title}
      </h2>
      <ul className="order-info">
        {t.info.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}
