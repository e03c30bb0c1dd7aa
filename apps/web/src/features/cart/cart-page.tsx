import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { CartItem } from '@taquilla/contract';
import { useCart } from '../../cart/cart-context';
import { LoadError } from '../../components/load-error';
import { CartItemList } from '../../components/cart/cart-item-list';
import { CartSummaryBox } from '../../components/cart/cart-summary-box';
import { useToast } from '../../components/toast/toast-context';
import { es } from '../../i18n/es';
import './cart-page.css';

const t = es.cart;

/** /cart, "Carrito de Compras" (000 §2): the lines, the ten-minute notice and the totals box. */
export function CartPage() {
  const { status, cart, refresh, removeItems } = useCart();
  const toast = useToast();
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());

  async function remove(item: CartItem) {
    setRemoving((current) => new Set(current).add(item._id));
    try {
      await removeItems([item._id]);
      toast.success(t.removed);
    } catch {
      toast.error(t.removeFailed);
    } finally {
      setRemoving((current) => {
        const next = new Set(current);
        next.delete(item._id);
        return next;
      });
    }
  }

  return (
    <div className="page cart-page">
      <title>{es.documentTitle(t.pageTitle)}</title>
      <h1 className="cart-page__title">{t.pageTitle}</h1>
      {status === 'loading' && (
        <p role="status" className="cart-page__loading">
          {es.status.loading}
        </p>
      )}
      {status === 'error' && <LoadError message={t.loadFailed} onRetry={() => void refresh()} />}
      {status === 'ready' && (
        <div className="aside-layout">
          <div className="cart-page__items">
            {cart && cart.items.length > 0 ? (
              <>
                <p className="notice cart-page__notice">{t.holdNotice}</p>
                <CartItemList
                  cart={cart}
                  removing={removing}
                  onRemove={(item) => void remove(item)}
                />
              </>
            ) : (
              <div className="card cart-page__empty">
                <p className="cart-page__empty-title">{t.empty}</p>
                <p>{t.emptyHint}</p>
              </div>
            )}
            <Link to="/" className="cart-page__continue">
              ← {t.continueShopping}
            </Link>
          </div>
          {cart && (
            <div className="aside-layout__aside">
              <CartSummaryBox cart={cart} mode="checkout" />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
