import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { endpoints } from '@taquilla/contract/plain';
import type { Cart } from '@taquilla/contract';
import { useApiQuery } from '../../api/use-api-query';
import { useCart } from '../../cart/cart-context';
import { LoadError } from '../../components/load-error';
import { customFieldsOf } from '../../order-form/custom-fields';
import { OrderFormLayout } from '../../order-form/order-form-layout';
import type { CustomField } from '../../order-form/custom-fields';
import { es } from '../../i18n/es';
import { esRegistration } from './es-registration';
import { RegistrationDetails, RegistrationSubmit } from './registration-parts';
import { useRegistration } from './use-registration';
import '../../order-form/order-form.css';
import './registration.css';

const t = esRegistration.cart;

function Loading() {
  return (
    <p className="order-form__muted" role="status">
      {es.status.loading}
    </p>
  );
}

/** The cart's free tickets, as they will be registered. */
function CartLines({ cart }: { cart: Cart }) {
  return (
    <ul className="order-totals__lines" aria-label={t.linesLabel}>
      {cart.items.map((item) => (
        <li key={item._id} className="order-totals__line">
          <span className="order-totals__name">
            {item.title}
            <span className="cart-register__show"> · {item.show_name}</span>
          </span>
          <span className="order-totals__quantity">{t.quantity(item.quantity)}</span>
          <span className="order-totals__amount">{esRegistration.free}</span>
        </li>
      ))}
    </ul>
  );
}

function CartRegisterForm({
  cart,
  customFields,
  onPlacing,
}: {
  cart: Cart;
  customFields: readonly CustomField[];
  onPlacing: (isPlacing: boolean) => void;
}) {
  const formId = useId();
  const registration = useRegistration(customFields);
  const missing = registration.missingFor(cart.items.reduce((sum, item) => sum + item.quantity, 0));

  function submit(event: FormEvent) {
    event.preventDefault();
    const showId = cart.items[0]?.show_uid;
    if (missing.length > 0 || registration.isPlacing || !showId) return;
    onPlacing(true);
    void registration
      .register({ showId, currency: cart.currency, items: null })
      .then((isDone) => onPlacing(isDone));
  }

  return (
    <OrderFormLayout
      formId={formId}
      onSubmit={submit}
      isBusy={registration.isPlacing}
      asideLabel={esRegistration.submitArea}
      aside={
        <>
          <h2 className="order-form__section-title">{t.linesLabel}</h2>
          <CartLines cart={cart} />
          <RegistrationSubmit formId={formId} registration={registration} missing={missing} />
        </>
      }
    >
      <RegistrationDetails registration={registration} customFields={customFields} />
    </OrderFormLayout>
  );
}

/** The show of the cart's first line: its questions (custom fields) are asked here. */
function CartShowQuestions({
  cart,
  onPlacing,
}: {
  cart: Cart;
  onPlacing: (isPlacing: boolean) => void;
}) {
  const showId = cart.items[0]?.show_uid ?? '';
  const show = useApiQuery(endpoints.getShow, { params: { id: showId } });
  if (show.status === 'loading') return <Loading />;
  if (show.status === 'error')
    return <LoadError message={show.error.message} onRetry={show.retry} />;
  return (
    <CartRegisterForm
      cart={cart}
      customFields={customFieldsOf(show.data.settings)}
      onPlacing={onPlacing}
    />
  );
}

/**
 * /cart/register (login required, 002 §2.1): registers a cart of free tickets, chosen on a
 * show page, with the buyer's data. A cart with a price goes back to the cart page.
 */
export function CartRegisterPage() {
  const { status, cart, refresh } = useCart();
  // While the order is placed the cart empties; the form stays until the page moves on.
  const [placing, setPlacing] = useState<Cart | null>(null);
  const shown = placing ?? cart;

  let body;
  if (!placing && status === 'loading') body = <Loading />;
  else if (!placing && status === 'error') {
    body = <LoadError message={t.loadFailed} onRetry={() => void refresh()} />;
  } else if (!shown || shown.items.length === 0) {
    body = (
      <div className="cart-register__message">
        <p className="notice">{t.empty}</p>
        <Link to="/" className="button button--primary">
          {t.browse}
        </Link>
      </div>
    );
  } else if (shown.total > 0) {
    body = (
      <div className="cart-register__message">
        <p className="notice notice--warning">{t.notFree}</p>
        <Link to="/cart" className="button button--primary">
          {t.toCart}
        </Link>
      </div>
    );
  } else {
    body = (
      <CartShowQuestions
        cart={shown}
        onPlacing={(isPlacing) => setPlacing(isPlacing ? shown : null)}
      />
    );
  }

  return (
    <section className="page cart-register">
      <title>{es.documentTitle(t.title)}</title>
      <h1 className="cart-register__title">{t.title}</h1>
      <p className="order-form__muted">{t.intro}</p>
      {body}
    </section>
  );
}
