import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Cart, SessionUser } from '@taquilla/contract';
import { FormAlert } from '../../components/form/form-alert';
import { useSession } from '../../session/session-context';
import { CartItemList } from '../cart/cart-item-list';
import { CartSummaryBox } from '../cart/cart-summary-box';
import { useBuyerProfile } from './api/use-buyer-profile';
import { useCartRules } from './api/use-cart-rules';
import { useSandboxCards } from './api/use-sandbox-cards';
import { BuyerFields } from './buyer-fields';
import { CardFields } from './card-fields';
import {
  BUYER_DEFAULTS,
  CARD_DEFAULTS,
  buyerFromProfile,
  customFieldDefaults,
} from './checkout-form';
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
  onPay: (values: CheckoutValues, rules: CheckoutRules) => void;
  onReopenChallenge: () => void;
};

/** The session's own data when the profile cannot be read. */
function buyerFromUser(user: SessionUser | null) {
  if (!user) return BUYER_DEFAULTS;
  return {
    ...BUYER_DEFAULTS,
    firstname: user.firstname ?? '',
    lastname: user.lastname ?? '',
    email: user.email,
    emailConfirm: user.email,
    phone: user.phone ?? '',
  };
}

/**
 * The payment page once the cart is known: the lines (read-only), the buyer, the shows'
 * questions, the card and the totals box in payment mode. Waits for the profile (to
 * prefill) and the shows' rules (NIT, custom fields) before the form starts.
 */
export function CheckoutBody(props: CheckoutBodyProps) {
  const { user } = useSession();
  const userId = props.isGuest ? null : (user?._id ?? null);
  const profile = useBuyerProfile(userId);
  const rules = useCartRules(props.cart);
  const [now] = useState(() => new Date());
  const checkoutRules = useMemo<CheckoutRules>(
    () => ({ askForNit: rules.askForNit, customFields: rules.customFields, now }),
    [rules.askForNit, rules.customFields, now],
  );

  if (profile.status === 'loading' || rules.status === 'loading') {
    return (
      <div aria-busy="true" className="checkout-page__loading">
        <p role="status" className="visually-hidden">
          {t.loading}
        </p>
        <span className="skeleton skeleton--title" />
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line skeleton--short" />
      </div>
    );
  }
  const buyer = profile.profile
    ? buyerFromProfile(profile.profile)
    : props.isGuest
      ? BUYER_DEFAULTS
      : buyerFromUser(user);
  const initial: CheckoutValues = {
    ...buyer,
    saveInfo: !props.isGuest,
    ...CARD_DEFAULTS,
    customFields: customFieldDefaults(rules.customFields),
  };
  return <CheckoutForm {...props} initial={initial} rules={checkoutRules} />;
}

function CheckoutForm({
  cart,
  isGuest,
  payment,
  onPay,
  onReopenChallenge,
  initial,
  rules,
}: CheckoutBodyProps & { initial: CheckoutValues; rules: CheckoutRules }) {
  const navigate = useNavigate();
  const form = useCheckoutForm(initial, rules);
  const testCards = useSandboxCards();
  const itemsTitleId = useId();
  const isBusy = payment.phase !== 'idle' && payment.phase !== 'failed';
  const submit = () => {
    if (form.canPay && !isBusy) onPay(form.values, rules);
  };

  return (
    <div className="checkout-page__layout">
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
          <BuyerFields form={form} rules={rules} isGuest={isGuest} />
          <CustomFields fields={rules.customFields} form={form} />
          <CardFields form={form} testCards={testCards} />
        </form>
      </div>
      <div className="checkout-page__aside">
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
