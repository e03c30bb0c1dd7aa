import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { es } from '../i18n/es';
import './order-form.css';

/** The order number the form passed in the navigation state; absent after a reload. */
function orderNumberOf(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !('orderNumber' in state)) return null;
  return typeof state.orderNumber === 'number' ? state.orderNumber : null;
}

type OrderSuccessTexts = {
  title: string;
  /** "Orden #1042", when the form passed the number. */
  order: (orderNumber: number) => string;
  orderLink: string;
  showLink: string;
};

/**
 * The page a deposit or a registration lands on (`…/success/:orderId` under the show):
 * the order's number, what happens next (`children`) and links to the order and the show.
 */
export function OrderSuccess({
  texts,
  children,
}: {
  texts: OrderSuccessTexts;
  children: ReactNode;
}) {
  const { showId = '', orderId = '' } = useParams();
  const orderNumber = orderNumberOf(useLocation().state);
  return (
    <section className="page order-success">
      <title>{es.documentTitle(texts.title)}</title>
      <span className="order-success__icon" aria-hidden="true">
        ✓
      </span>
      <h1 className="order-success__title">{texts.title}</h1>
      {orderNumber !== null && <p className="order-success__number">{texts.order(orderNumber)}</p>}
      {children}
      <div className="order-success__actions">
        <Link
          to={`/orders/${encodeURIComponent(orderId)}`}
          className="button button--primary button--large"
        >
          {texts.orderLink}
        </Link>
        <Link
          to={`/shows/${encodeURIComponent(showId)}`}
          className="button button--secondary button--large"
        >
          {texts.showLink}
        </Link>
      </div>
    </section>
  );
}
