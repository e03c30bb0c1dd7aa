import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Cart } from '@taquilla/contract';
import { CartItemList } from '../../components/cart/cart-item-list';
import { CartSummaryBox } from '../../components/cart/cart-summary-box';
import { FormAlert } from '../../components/form/form-alert';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { prefilledBuyerForm } from '../../order-form/buyer-form';
import { useBuyerProfile } from '../../order-form/use-buyer-profile';
import { useSession } from '../../session/session-context';
import { useCardEntry } from './api/use-card-entry';
import { useCartRules } from './api/use-cart-rules';
import { BuyerFieldset } from './buyer-fields';
import type { CardEntry, StripeCard, StripeCardHandle } from './card-entry';
import { CardFields } from './card-fields';
import { CARD_BUYER_DEFAULTS, CARD_DEFAULTS, customFieldDefaults } from './checkout-form';
import type { CheckoutRules, CheckoutValues } from './checkout-form';
import { checkoutTexts } from './checkout.texts';
import { CustomFields } from './custom-fields';
import type { PaymentState } from './use-card-payment';
import { useCheckoutForm } from './use-checkout-form';

const t = checkoutTexts;

type CheckoutBodyProps = {
  cart: Cart;
  isGuest: boolean;
  payment: PaymentState;
  /** `stripeCard` with Stripe Elements; null when the card was typed into the form. */
  onPay: (values: CheckoutValues, rules: CheckoutRules, stripeCard: StripeCard | null) => void;
  onReopenChallenge: () => void;
};

/**
 * The payment page once the cart is known: the lines (read-only), the buyer, the shows'
 * questions, the card and the totals box in payment mode. Waits for the profile (to
 * prefill), the shows' rules (NIT, custom fields) and the card provider before the form
 * starts.
 */
export function CheckoutBody(props: CheckoutBodyProps) {
  const { user } = useSession();
  const userId = props.isGuest ? null : (user?._id ?? null);
  const profile = useBuyerProfile(userId);
  const rules = useCartRules(props.cart);
  const cardEntry = useCardEntry();
  const [now] = useState(() => new Date());
  const cardInput = cardEntry?.kind === 'fields' ? 'fields' : 'element';
  const checkoutRules = useMemo<CheckoutRules>(
    () => ({ askForNit: rules.askForNit, customFields: rules.customFields, now, cardInput }),
    [rules.askForNit, rules.customFields, now, cardInput],
  );

  if (profile.status === 'loading' || rules.status === 'loading' || cardEntry === null) {
    return (
      <div aria-busy="true" className="checkout-page__loading">
        <LoadingSkeleton label={t.loading} />
      </div>
    );
  }
  // A signed-in buyer's profile over the defaults (000 §6); the session's data when the
  // profile cannot be read.
  const buyer = prefilledBuyerForm(
    props.isGuest ? null : user,
    profile.profile,
    CARD_BUYER_DEFAULTS,
  );
  const initial: CheckoutValues = {
    ...buyer,
    saveInfo: !props.isGuest,
    ...CARD_DEFAULTS,
    customFields: customFieldDefaults(rules.customFields),
  };
  return <CheckoutForm {...props} initial={initial} rules={checkoutRules} cardEntry={cardEntry} />;
}

function CheckoutForm({
  cart,
  isGuest,
  payment,
  onPay,
  onReopenChallenge,
  initial,
  rules,
  cardEntry,
}: CheckoutBodyProps & { initial: CheckoutValues; rules: CheckoutRules; cardEntry: CardEntry }) {
  const navigate = useNavigate();
  const form = useCheckoutForm(initial, rules);
  const stripeHandle = useRef<StripeCardHandle | null>(null);
  const itemsTitleId = useId();
  const isBusy = payment.phase !== 'idle' && payment.phase !== 'failed';
  const submit = () => {
    if (!form.canPay || isBusy) return;
    if (cardEntry.kind === 'fields') {
      onPay(form.values, rules, null);
      return;
    }
    // Pay is enabled only once the element said "complete", so its handle is set.
    const handle = stripeHandle.current;
    if (handle) onPay(form.values, rules, { handle, version: form.cardVersion });
  };

  return (
    <div className="aside-layout">
      <div className="checkout-page__main">
        <section className="checkout-page__items" aria-labelledby={itemsTitleId}>
          <h2 className="checkout-page__subtitle" id={itemsTitleId}>
            {t.itemsTitle}
          </h2>
          <CartItemList cart={cart} isReadOnly />
        </section>
        <form
          className="form checkout-form"
          aria-label={t.formLabel}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <BuyerFieldset form={form} rules={rules} isGuest={isGuest} />
          <CustomFields fields={rules.customFields} form={form} />
          <CardFields form={form} entry={cardEntry} stripeHandle={stripeHandle} />
        </form>
      </div>
      <div className="aside-layout__aside checkout-page__aside">
        <PaymentAlert payment={payment} onReopenChallenge={onReopenChallenge} />
        <CartSummaryBox
          cart={cart}
          mode="payment"
          canPay={form.canPay && !isBusy}
          onPay={submit}
          onModify={() => navigate('/cart')}
        />
        {!form.canPay && <p className="checkout-page__pay-hint">{t.payHint}</p>}
      </div>
    </div>
  );
}

/** The payment's own message, beside the Pay button where the buyer looks next. */
function PaymentAlert({
  payment,
  onReopenChallenge,
}: {
  payment: PaymentState;
  onReopenChallenge: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const isShown = payment.phase === 'failed' || (payment.phase === 'challenge' && payment.isHidden);
  useEffect(() => {
    if (isShown) box.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [isShown, payment]);

  if (payment.phase === 'failed') {
    return (
      <div ref={box}>
        <FormAlert>
          {payment.title && <p className="checkout-alert__title">{payment.title}</p>}
          <p>{payment.message}</p>
          {payment.details.length > 0 && (
            <ul className="checkout-alert__details">
              {payment.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          )}
        </FormAlert>
      </div>
    );
  }
  if (payment.phase === 'challenge' && payment.isHidden) {
    return (
      <div ref={box}>
        <FormAlert tone="warning">
          <p>{t.threeDs.hidden}</p>
          <button type="button" className="button button--secondary" onClick={onReopenChallenge}>
            {t.threeDs.reopen}
          </button>
        </FormAlert>
      </div>
    );
  }
  return null;
}
