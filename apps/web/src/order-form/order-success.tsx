import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { es } from '../i18n/es';
import './order-form.css';

/** The order number the form passed in the navigation state; absent after a reload. */
export function orderNumberOf(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !('orderNumber' in state)) return null;
  return typeof state.orderNumber === 'number' ? state.orderNumber : null;
}

type OrderSuccessProps = {
  title: string;
  orderId: string;
  showId: string;
  orderLink: string;
  showLink: string;
  children: ReactNode;
};

/** The page a deposit or a registration lands on: what happens next and the order's page. */
export function OrderSuccess({
  title,
  orderId,
  showId,
  orderLink,
  showLink,
  children,
}: OrderSuccessProps) {
  return (
    <section className="page order-success">
      <title>{es.documentTitle(title)}</title>
      <span className="order-success__icon" aria-hidden="true">
        ✓
      </span>
      <h1 className="order-success__title">{title}</h1>
      {children}
      <div className="order-success__actions">
        <Link
          to={`/orders/${encodeURIComponent(orderId)}`}
          className="button button--primary button--large"
        >
          {orderLink}
        </Link>
        <Link
          to={`/shows/${encodeURIComponent(showId)}`}
          className="button button--secondary button--large"
        >
          {showLink}
        </Link>
      </div>
    </section>
  );
}
