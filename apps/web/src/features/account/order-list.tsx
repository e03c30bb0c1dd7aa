import { useEffect, useMemo } from 'react';
import type { AccountOrder } from '@taquilla/contract';
import { es } from '../../i18n/es';
import { useAccountOrders } from './api/use-account-orders';
import { OrderCard } from './order-card';
import { useSessionLossCheck } from './use-account-actions';

const NO_ORDERS: readonly AccountOrder[] = [];

function newestFirst(orders: readonly AccountOrder[]): AccountOrder[] {
  return [...orders].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/**
 * The person's orders, newest first. A list that fails to load shows as empty
 * (002 §8), unless the failure was the session ending.
 */
export function OrderList({ userId }: { userId: string }) {
  const orders = useAccountOrders(userId);
  const checkSessionLoss = useSessionLossCheck();
  const items = orders.status === 'success' ? orders.data.items : NO_ORDERS;
  const sorted = useMemo(() => newestFirst(items), [items]);

  useEffect(() => {
    if (orders.status === 'error') checkSessionLoss(orders.error);
  }, [orders.status, orders.error, checkSessionLoss]);

  if (orders.status === 'loading') {
    return (
      <div className="order-list" aria-busy="true">
        <span className="visually-hidden" role="status">
          {es.status.loading}
        </span>
        <div className="order-card order-card--skeleton skeleton" />
        <div className="order-card order-card--skeleton skeleton" />
      </div>
    );
  }
  if (sorted.length === 0) return <p className="order-list__empty">{es.orders.empty}</p>;
  return (
    <ul className="order-list">
      {sorted.map((order) => (
        <li key={order._id}>
          <OrderCard order={order} />
        </li>
      ))}
    </ul>
  );
}
