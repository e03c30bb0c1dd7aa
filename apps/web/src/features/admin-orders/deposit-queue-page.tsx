import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { adminOrderEndpoints } from '@taquilla/contract/plain';
import type { AdminOrderListItem } from '@taquilla/contract';
import { ConsolePage } from '../../components/console/console-page';
import { Pager } from '../../components/console/pager';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { useToast } from '../../components/toast/toast-context';
import { useApiQuery } from '../../api/use-api-query';
import { adminOrdersTexts as t } from './admin-orders.texts';
import { DepositCard } from './deposit-card';
import { OrderDecisionDialog } from './order-decision';
import type { OrderDecision } from './order-decision';

/** Few per page: each card loads its order (the proof's signed link) and shows a large image. */
const PAGE_SIZE = 10;

/**
 * /admin/orders/deposits: deposits and transfers waiting for review, oldest first, each
 * with its proof; a decided order leaves the queue at once, with a toast.
 */
export function DepositQueuePage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const queue = useApiQuery(adminOrderEndpoints.listOrders, {
    query: {
      status: 'WAITING_CONFIRMATION',
      payment_type: 'BANK_DEPOSIT,ACCOUNT_BANK_DEPOSIT',
      sort: 'oldest',
      page: String(page),
      page_size: String(PAGE_SIZE),
    },
  });
  const [decided, setDecided] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<{ item: AdminOrderListItem; decision: OrderDecision } | null>(
    null,
  );
  const toast = useToast();

  const goTo = (next: number) => {
    setDecided(new Set());
    setParams(next > 1 ? { page: String(next) } : {});
  };
  const done = (decision: OrderDecision) => {
    if (!open) return;
    const { item } = open;
    setOpen(null);
    if (decision === 'confirm' || decision === 'reject') {
      toast.success(t.actions.done[decision](item.order_number));
    }
    const next = new Set(decided).add(item._id);
    setDecided(next);
    // The page emptied while more wait: load the next ones.
    if (queue.status === 'success' && queue.data.items.every((i) => next.has(i._id))) {
      setDecided(new Set());
      queue.retry();
    }
  };

  let content;
  if (queue.status === 'loading') content = <LoadingSkeleton label={t.loading} />;
  else if (queue.status === 'error') {
    content = <LoadError message={queue.error.message} onRetry={queue.retry} />;
  } else {
    const items = queue.data.items.filter((item) => !decided.has(item._id));
    const total = Math.max(0, queue.data.total - decided.size);
    content =
      items.length === 0 ? (
        <p className="console-empty">{t.queue.empty}</p>
      ) : (
        <>
          <div className="deposit-queue">
            {items.map((item) => (
              <DepositCard
                key={item._id}
                item={item}
                onDecide={(chosen, decision) => setOpen({ item: chosen, decision })}
              />
            ))}
          </div>
          <Pager info={{ ...queue.data, total }} onPage={goTo} />
        </>
      );
  }

  return (
    <ConsolePage title={t.queue.title} subtitle={t.queue.subtitle}>
      {content}
      {open && (
        <OrderDecisionDialog
          order={open.item}
          decision={open.decision}
          onClose={() => setOpen(null)}
          onDone={(decision) => done(decision)}
        />
      )}
    </ConsolePage>
  );
}
