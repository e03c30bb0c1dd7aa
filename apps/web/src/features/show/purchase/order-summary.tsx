import { useId } from 'react';
import type { Show } from '@taquilla/contract';
import { formatMoney } from '@taquilla/domain';
import { es } from '../../../i18n/es';
import { summaryLines, summaryTotals } from './pricing';
import { PromoCodeField } from './promo-code-field';
import type { PurchaseSelection } from './selection';

/**
 * The chosen tickets, seats and places with their prices and the total. Adding them to the
 * cart (and holding seats for 10 minutes) is the cart issue's: no button pretends to.
 */
export function OrderSummary({ show, selection }: { show: Show; selection: PurchaseSelection }) {
  const titleId = useId();
  const lines = summaryLines(selection, show.settings.currency, { seat: es.summary.seatDetail });
  const totals = summaryTotals(lines);

  return (
    <aside className="summary card" aria-labelledby={titleId}>
      <h3 className="summary__title" id={titleId}>
        {es.summary.title}
      </h3>
      {lines.length === 0 ? (
        <p className="summary__empty">{es.summary.empty}</p>
      ) : (
        <ul className="summary__lines" aria-label={es.summary.linesLabel}>
          {lines.map((line) => (
            <li key={line.key} className="summary__line">
              <span className="summary__name">
                {line.name}
                {line.detail && <span className="summary__detail">{line.detail}</span>}
              </span>
              <span className="summary__quantity">{es.summary.quantity(line.quantity)}</span>
              <span className="summary__amount">{formatMoney(line.amount, line.currency)}</span>
              {line.discount > 0 && (
                <span className="summary__discount">
                  {es.summary.quantityDiscount(formatMoney(line.discount, line.currency))}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {totals.map((totals) => (
        <dl key={totals.currency} className="summary__totals">
          {totals.fees > 0 && (
            <>
              <div className="summary__row">
                <dt>{es.summary.subtotal}</dt>
                <dd>{formatMoney(totals.subtotal, totals.currency)}</dd>
              </div>
              <div className="summary__row">
                <dt>{es.summary.fees}</dt>
                <dd>{formatMoney(totals.fees, totals.currency)}</dd>
              </div>
            </>
          )}
          <div className="summary__row summary__row--total">
            <dt>{es.summary.total}</dt>
            <dd>{formatMoney(totals.total, totals.currency)}</dd>
          </div>
        </dl>
      ))}
      {show.settings.has_promo_code && <PromoCodeField />}
    </aside>
  );
}
