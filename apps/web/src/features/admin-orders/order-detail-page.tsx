import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ADMIN_RESEND_TICKETS_MESSAGE } from '@taquilla/contract';
import { adminOrderEndpoints } from '@taquilla/contract/plain';
import type { AdminOrder } from '@taquilla/contract';
import { ConsolePage } from '../../components/console/console-page';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { useToast } from '../../components/toast/toast-context';
import { useApiQuery } from '../../api/use-api-query';
import { adminOrdersTexts as t } from './admin-orders.texts';
import { OrderDecisionDialog } from './order-decision';
import type { OrderDecision } from './order-decision';
import {
  BuyerSection,
  CodesSection,
  HistorySection,
  ItemsSection,
  PaymentSection,
} from './order-detail-sections';
import { OrderStatusTag, when } from './order-parts';

/** The decisions an order's status allows (the server has the last word: 409 otherwise). */
export function decisionsFor(order: Pick<AdminOrder, 'status' | 'payment_type'>): OrderDecision[] {
  switch (order.status) {
    case 'WAITING_CONFIRMATION':
      return ['confirm', 'reject', 'cancel'];
    case 'APPROVED':
      return order.payment_type === 'CREDIT_CARD'
        ? ['resend', 'cancel', 'refund']
        : ['resend', 'cancel'];
    case 'PENDING':
      return ['cancel'];
    default:
      return [];
  }
}

const LABELS: Record<OrderDecision, string> = {
  confirm: t.actions.confirm,
  reject: t.actions.reject,
  cancel: t.actions.cancel,
  refund: t.actions.refund,
  resend: t.actions.resend,
};

/** /admin/orders/:id: everything about one order, and the decisions on it. */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const query = useApiQuery(adminOrderEndpoints.getOrder, { params: { id } });
  // The answer of a decision replaces the loaded order until the next load.
  const [decided, setDecided] = useState<AdminOrder | null>(null);
  const [open, setOpen] = useState<OrderDecision | null>(null);
  const toast = useToast();

  if (query.status === 'loading') {
    return (
      <ConsolePage title={t.list.title}>
        <LoadingSkeleton label={t.loading} />
      </ConsolePage>
    );
  }
  if (query.status === 'error') {
    return (
      <ConsolePage title={t.list.title}>
        <LoadError message={query.error.message} onRetry={query.retry} />
        <Link to="/admin/orders">{t.detail.back}</Link>
      </ConsolePage>
    );
  }
  const order = decided?._id === query.data._id ? decided : query.data;
  const done = (decision: OrderDecision, answer: AdminOrder | null) => {
    setOpen(null);
    if (answer) setDecided(answer);
    if (decision === 'resend') toast.success(ADMIN_RESEND_TICKETS_MESSAGE);
    else toast.success(t.actions.done[decision](order.order_number));
  };
  const decisions = decisionsFor(order);

  return (
    <ConsolePage
      title={t.detail.title(order.order_number)}
      subtitle={
        <>
          <OrderStatusTag status={order.status} /> {t.detail.placed(when(order.createdAt))}
        </>
      }
      actions={
        <Link className="button button--secondary" to="/admin/orders">
          {t.detail.back}
        </Link>
      }
    >
      {decisions.length > 0 && (
        <div className="order-actions" role="group" aria-label={t.detail.actions}>
          {decisions.map((decision) => (
            <button
              key={decision}
              type="button"
              className={
                decision === 'confirm' || decision === 'resend'
                  ? 'button button--primary'
                  : 'button button--danger'
              }
              onClick={() => setOpen(decision)}
            >
              {LABELS[decision]}
            </button>
          ))}
        </div>
      )}
      <ItemsSection order={order} />
      <PaymentSection order={order} />
      <BuyerSection order={order} />
      <CodesSection order={order} />
      <HistorySection order={order} />
      <OrderDecisionDialog
        order={{ _id: order._id, order_number: order.order_number, email: order.buyer.email }}
        decision={open}
        onClose={() => setOpen(null)}
        onDone={done}
      />
    </ConsolePage>
  );
}
