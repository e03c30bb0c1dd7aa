import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { Cart } from '@taquilla/contract';
import { money } from '../../cart/cart-money';
import { es } from '../../i18n/es';
import { CartPromoBox } from '../promo/cart-promo-box';
import './cart.css';

const t = es.cart.summary;

type CartSummaryBoxProps = { cart: Cart } & (
  | { mode: 'checkout' }
  | { mode: 'payment'; canPay: boolean; onPay: () => void; onModify: () => void }
);

/**
 * The cart's totals box (000 §2). Checkout mode: totals, the promo box and "Finalizar la
 * Compra" (disabled while the cart is empty). Payment mode, on the payment page: totals,
 * "Pagar" and "Modificar orden".
 */
export function CartSummaryBox(props: CartSummaryBoxProps) {
  const { cart } = props;
  const titleId = useId();
  const isEmpty = cart.items.length === 0;
  return (
    <aside className="cart-summary card" aria-labelledby={titleId}>
      <h2 className="cart-summary__title" id={titleId}>
        {t.title}
      </h2>
      <dl className="cart-summary__totals">
        <div className="cart-summary__row">
          <dt>{t.subtotal}</dt>
          <dd>{money(cart.subtotal, cart.currency)}</dd>
        </div>
        {/* Subtotal + fees − discount = total, as on the order page (decision 0055). */}
        {cart.total_fee > 0 && (
          <div className="cart-summary__row">
            <dt>{t.fees}</dt>
            <dd>{money(cart.total_fee, cart.currency)}</dd>
          </div>
        )}
        {cart.total_discount > 0 && (
          <div className="cart-summary__row cart-summary__row--discount">
            <dt>{t.discount}</dt>
            <dd>−{money(cart.total_discount, cart.currency)}</dd>
          </div>
        )}
        <div className="cart-summary__row cart-summary__row--total">
          <dt>{t.total}</dt>
          <dd>{money(cart.total, cart.currency)}</dd>
        </div>
      </dl>
      {props.mode === 'checkout' ? (
        <>
          {!isEmpty && <CartPromoBox cart={cart} />}
          {isEmpty ? (
            <button type="button" className="button button--primary button--large" disabled>
              {t.checkout}
            </button>
          ) : (
            <Link to="/cart/checkout" className="button button--primary button--large">
              {t.checkout}
            </Link>
          )}
        </>
      ) : (
        <div className="cart-summary__actions">
          <button
            type="button"
            className="button button--primary button--large"
            disabled={isEmpty || !props.canPay}
            onClick={props.onPay}
          >
            {t.pay}
          </button>
          <button type="button" className="button button--secondary" onClick={props.onModify}>
            {t.modify}
          </button>
        </div>
      )}
    </aside>
  );
}
