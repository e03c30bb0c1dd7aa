import { useId, useState } from 'react';
import type { Dispatch } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { CartItem, Show } from '@taquilla/contract';
import { formatMoney, toMinorUnits } from '@taquilla/domain';
import type { Currency } from '@taquilla/domain';
import { useCart } from '../../../cart/cart-context';
import { lineAmounts } from '../../../cart/cart-money';
import { useToast } from '../../../components/toast/toast-context';
import { es } from '../../../i18n/es';
import { cardCartBody, cartFailure } from './cart-add';
import { summaryLines, summaryTotals } from './pricing';
import type { SummaryTotals as SummaryTotalsProps } from './pricing';
import { ShowPromoField } from './show-promo-field';
import type { PurchaseSelection, SelectionAction } from './selection';

type OrderSummaryProps = {
  show: Show;
  selection: PurchaseSelection;
  dispatch: Dispatch<SelectionAction>;
  /**
   * The show or función the card path sells, once known: the summary then lists what the
   * cart holds for it and sends the chosen tickets there. Null off the card path.
   */
  cartShowId: string | null;
};

/**
 * What the buyer chose on this page and what the cart already holds for this show, with
 * "Agregar al carrito" for the chosen tickets (000 §2, §5: only lines above zero) or "Ir
 * al carrito" once everything is there. A promo code typed here is applied to the cart.
 */
export function OrderSummary({ show, selection, dispatch, cartShowId }: OrderSummaryProps) {
  const titleId = useId();
  const { cart, addItems, applyPromoCode } = useCart();
  const toast = useToast();
  const navigate = useNavigate();
  const [pendingCode, setPendingCode] = useState<string | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  const lines = summaryLines(selection, show.settings.currency);
  const totals = summaryTotals(lines);
  const held = cartShowId ? (cart?.items ?? []).filter((item) => item.show_uid === cartShowId) : [];

  async function addToCart() {
    if (!cartShowId || lines.length === 0) return;
    setIsAdding(true);
    try {
      await addItems(
        cardCartBody(
          show,
          Object.values(selection.tickets).map(({ ticket, quantity }) => ({
            ticket_uid: ticket._id,
            show_uid: cartShowId,
            quantity,
          })),
        ),
      );
    } catch (error) {
      const failure = cartFailure(es.cart.add.ticketsFailed, error);
      toast.error(failure.message, failure.action);
      setIsAdding(false);
      return;
    }
    if (pendingCode) {
      // 000 §7: a code that fails after the tickets went in is only logged; the cart
      // page shows the promo box again.
      await applyPromoCode(pendingCode).catch((error: unknown) => console.warn(error));
    }
    dispatch({ type: 'clearTickets' });
    navigate('/cart');
  }

  return (
    <aside className="aside-layout__aside summary card" aria-labelledby={titleId}>
      <h3 className="summary__title" id={titleId}>
        {es.summary.title}
      </h3>
      {lines.length === 0 && held.length === 0 && (
        <p className="summary__empty">{es.summary.empty}</p>
      )}
      {lines.length > 0 && (
        <ul className="summary__lines" aria-label={es.summary.linesLabel}>
          {lines.map((line) => (
            <li key={line.key} className="summary__line">
              <span className="summary__name">{line.name}</span>
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
        <SummaryTotals key={totals.currency} {...totals} />
      ))}
      {held.length > 0 && cart && <HeldLines items={held} currency={cart.currency} />}
      {cartShowId && show.settings.has_promo_code && (
        <ShowPromoField
          cartShowId={cartShowId}
          pendingCode={pendingCode}
          onPendingCode={setPendingCode}
        />
      )}
      {cartShowId &&
        (lines.length === 0 && held.length > 0 ? (
          <Link to="/cart" className="button button--primary summary__action">
            {es.cart.add.goToCart}
          </Link>
        ) : (
          <button
            type="button"
            className="button button--primary summary__action"
            disabled={lines.length === 0 || isAdding}
            onClick={() => void addToCart()}
          >
            {isAdding ? es.cart.add.adding : es.cart.add.button}
          </button>
        ))}
    </aside>
  );
}

/**
 * Subtotal, "Cargos por servicio" and total when a fee is charged on top of the prices, so
 * the buyer reads the fee here before the cart (issue 20); the total alone otherwise.
 */
function SummaryTotals({ currency, subtotal, fees, total }: SummaryTotalsProps) {
  return (
    <dl className="summary__totals">
      {fees > 0 && (
        <>
          <div className="summary__row">
            <dt>{es.summary.subtotal}</dt>
            <dd>{formatMoney(subtotal, currency)}</dd>
          </div>
          <div className="summary__row">
            <dt>{es.summary.fees}</dt>
            <dd>{formatMoney(fees, currency)}</dd>
          </div>
        </>
      )}
      <div className="summary__row summary__row--total">
        <dt>{es.summary.total}</dt>
        <dd>{formatMoney(total, currency)}</dd>
      </div>
    </dl>
  );
}

/** The places this cart already holds for the show: seats and open-section places. */
function HeldLines({ items, currency }: { items: CartItem[]; currency: Currency }) {
  // The cart's own amounts (decimal units on the wire), never re-priced here (0018).
  const lines = items.map((item) => {
    const amounts = lineAmounts(item, currency);
    return {
      item,
      price: toMinorUnits(amounts.totalPrice),
      fee: toMinorUnits(amounts.totalFee),
    };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.price, 0);
  const fees = lines.reduce((sum, line) => sum + line.fee, 0);
  return (
    <div className="summary__held">
      <h4 className="summary__held-title">{es.cart.add.inCart}</h4>
      <ul className="summary__lines" aria-label={es.cart.add.inCart}>
        {lines.map(({ item, price }) => {
          const { section, seat } = item.location;
          return (
            <li key={item._id} className="summary__line">
              <span className="summary__name">
                {item.title}
                {section && (
                  <span className="summary__detail">
                    {seat ? es.summary.seatDetail(section, seat) : section}
                  </span>
                )}
              </span>
              <span className="summary__quantity">{es.summary.quantity(item.quantity)}</span>
              <span className="summary__amount">{formatMoney(price, currency)}</span>
            </li>
          );
        })}
      </ul>
      <SummaryTotals currency={currency} subtotal={subtotal} fees={fees} total={subtotal + fees} />
    </div>
  );
}
