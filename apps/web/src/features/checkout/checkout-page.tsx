import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { cartEndpoints } from '@taquilla/contract/plain';
import type { Cart } from '@taquilla/contract';
import { apiCall } from '../../api/client';
import { useCart } from '../../cart/cart-context';
import { readCartSessionId } from '../../cart/cart-session-id';
import { LoadError } from '../../components/load-error';
import { useToast } from '../../components/toast/toast-context';
import { es } from '../../i18n/es';
import { ProcessingOverlay } from '../../order-form/processing-overlay';
import { useSession } from '../../session/session-context';
import type { StripeCard } from './card-entry';
import { CheckoutBody } from './checkout-body';
import type { CheckoutRules, CheckoutValues } from './checkout-form';
import { cardBilling, cardOrderBody } from './checkout-payload';
import { checkoutTexts } from './checkout.texts';
import { ThreeDsModal } from './three-ds-modal';
import { useCardPayment } from './use-card-payment';
import { usePaymentExpiry } from './use-payment-expiry';
import './checkout.css';

const t = checkoutTexts;

/** /cart/checkout, "Pagar Orden": login required (the route's guard). */
export function CheckoutPage() {
  return <PaymentPage isGuest={false} />;
}

/**
 * /cart/checkout/guest, "Pagar Orden (Invitado)" (000 §2, §6). A person who is logged in
 * pays on /cart/checkout instead, so the order is theirs and the form is prefilled.
 */
export function GuestCheckoutPage() {
  const { status } = useSession();
  if (status === 'authenticated') return <Navigate to="/cart/checkout" replace />;
  if (status === 'loading') return <PageStatus isGuest />;
  return <PaymentPage isGuest />;
}

function PageStatus({ isGuest }: { isGuest: boolean }) {
  return (
    <div className="page checkout-page" aria-busy="true">
      <PageTitle isGuest={isGuest} />
      <p role="status" className="checkout-page__loading">
        {t.loading}
      </p>
    </div>
  );
}

function PageTitle({ isGuest }: { isGuest: boolean }) {
  const title = isGuest ? t.guestTitle : t.title;
  return (
    <>
      <title>{es.documentTitle(title)}</title>
      <h1 className="checkout-page__title">{title}</h1>
    </>
  );
}

/**
 * The payment page (000 §2 Cart and checkout, §4 Card payment): the cart's lines and
 * totals, the buyer and card forms, the processing overlay and the 3-D Secure modal.
 * Without a cart the buyer goes back to /cart; when the ten minutes end the cart is
 * cleared and the buyer goes there too.
 */
function PaymentPage({ isGuest }: { isGuest: boolean }) {
  const cartState = useCart();
  const { user } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const isLeaving = useRef(false);
  const { status, cart, refresh } = cartState;
  // While a payment is under way the server's cart is empty (its places belong to the
  // order), so the page keeps showing the last lines it had: the ones being paid.
  const [shown, setShown] = useState<Cart | null>(null);
  if (cart && cart.items.length > 0 && cart !== shown) setShown(cart);

  const leaveTo = useCallback(
    async (message: string | null) => {
      if (isLeaving.current) return;
      isLeaving.current = true;
      if (message) toast.error(message);
      await refresh();
      navigate('/cart', { replace: true });
    },
    [navigate, refresh, toast],
  );

  const payment = useCardPayment({
    refreshCart: refresh,
    onCartExpired: (message) => void leaveTo(message),
    onApproved: (orderId) => {
      isLeaving.current = true;
      // `save_info` travels with the order: the API writes the profile (decision 0020).
      // The menu's counter is read again before the order page opens (000 §2).
      void refresh().finally(() =>
        navigate(`/orders/${orderId}?new=1`, { state: { newOrder: true } }),
      );
    },
  });
  const { phase } = payment.state;
  const isIdle = phase === 'idle' || phase === 'failed';
  const isEmpty = status === 'ready' && (!cart || cart.items.length === 0);

  useEffect(() => {
    if (isEmpty && isIdle) {
      void leaveTo(payment.state.phase === 'failed' ? payment.state.message : null);
    }
  }, [isEmpty, isIdle, leaveTo, payment.state]);

  usePaymentExpiry(cart?.valid_thru ?? null, isIdle && !isEmpty, () => {
    if (isLeaving.current) return;
    isLeaving.current = true;
    toast.info(t.expired);
    const sessionID = readCartSessionId();
    void (async () => {
      if (sessionID) {
        await apiCall(cartEndpoints.resetCart, { params: { sessionID } }).catch(() => undefined);
      }
      await refresh();
      navigate('/cart/', { replace: true });
    })();
  });

  const pay = (values: CheckoutValues, rules: CheckoutRules, stripeCard: StripeCard | null) => {
    const paying = shown;
    const sessionId = readCartSessionId();
    if (!paying?._id || !sessionId) return;
    const order = {
      values,
      cart: { ...paying, _id: paying._id },
      sessionId,
      userId: user?._id ?? null,
      isGuest,
      customFields: rules.customFields,
    };
    if (!stripeCard) {
      void payment.pay(cardOrderBody({ ...order, paymentMethod: null }));
      return;
    }
    const { handle, version } = stripeCard;
    void payment.pay({
      // The card element's version stands in for the PaymentMethod Stripe has yet to make.
      fingerprint: JSON.stringify(cardOrderBody({ ...order, paymentMethod: `#${version}` })),
      prepare: async () =>
        cardOrderBody({
          ...order,
          paymentMethod: await handle.createPaymentMethod(cardBilling(values)),
        }),
    });
  };

  if (status === 'loading') return <PageStatus isGuest={isGuest} />;
  return (
    <div className="page checkout-page">
      <PageTitle isGuest={isGuest} />
      {status === 'error' && <LoadError message={t.loadFailed} onRetry={() => void refresh()} />}
      {shown && (
        <CheckoutBody
          cart={shown}
          isGuest={isGuest}
          payment={payment.state}
          onPay={pay}
          onReopenChallenge={() => payment.setChallengeHidden(false)}
        />
      )}
      {phase === 'processing' && <ProcessingOverlay label={t.processing} hint={t.processingHint} />}
      {payment.state.phase === 'challenge' && (
        <ThreeDsModal
          url={payment.state.redirect}
          isOpen={!payment.state.isHidden}
          onHide={() => payment.setChallengeHidden(true)}
          onAnswered={payment.onChallengeAnswered}
        />
      )}
    </div>
  );
}
