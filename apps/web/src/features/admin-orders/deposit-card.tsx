import { Link } from 'react-router-dom';
import { adminEndpoints, adminOrderEndpoints } from '@taquilla/contract/plain';
import type { AdminOrderListItem } from '@taquilla/contract';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { useApiQuery } from '../../api/use-api-query';
import { adminOrdersTexts as t } from './admin-orders.texts';
import type { OrderDecision } from './order-decision';
import { ProofImage } from './order-detail-sections';
import { Facts, money, paymentTypeLabel, when } from './order-parts';

const q = t.queue;

/**
 * The account the buyer was told to pay into (the show's `deposit_info`), to compare
 * with the slip. A date without its own falls back to its parent show's.
 */
function DepositAccount({ showId }: { showId: string }) {
  const show = useApiQuery(adminEndpoints.getShow, { params: { id: showId } });
  if (show.status !== 'success') return null;
  const info = show.data.settings.deposit_info;
  const parent = show.data.parent_show_uid;
  if ((!info || info.length === 0) && parent) return <DepositAccount showId={parent} />;
  return (
    <div className="deposit-card__account">
      <h3 className="order-subtitle">{q.account}</h3>
      {!info || info.length === 0 ? (
        <p className="order-muted">{q.noAccount}</p>
      ) : typeof info === 'string' ? (
        <p className="deposit-card__account-text">{info}</p>
      ) : (
        <Facts items={info.map((row) => [row.label, row.value])} />
      )}
    </div>
  );
}

/**
 * One deposit waiting for review: the proof image beside the order's amount, the buyer's
 * reference and the show's bank account, with Confirm and Reject.
 */
export function DepositCard({
  item,
  onDecide,
}: {
  item: AdminOrderListItem;
  onDecide: (item: AdminOrderListItem, decision: OrderDecision) => void;
}) {
  const detail = useApiQuery(adminOrderEndpoints.getOrder, { params: { id: item._id } });
  const headingId = `deposit-${item._id}`;
  return (
    <article className="deposit-card" aria-labelledby={headingId}>
      <div className="deposit-card__proof">
        {detail.status === 'loading' && <LoadingSkeleton label={q.loadingOrder} />}
        {detail.status === 'error' && (
          <LoadError message={detail.error.message} onRetry={detail.retry} />
        )}
        {detail.status === 'success' &&
          (detail.data.proof_url ? (
            <ProofImage url={detail.data.proof_url} orderNumber={item.order_number} />
          ) : (
            <p className="order-muted">{q.proofMissing}</p>
          ))}
      </div>
      <div className="deposit-card__facts">
        <h2 id={headingId} className="deposit-card__title">
          {q.order(item.order_number)}
        </h2>
        <p className="order-muted">{q.placed(when(item.createdAt))}</p>
        <p className="deposit-card__amount">
          <span className="order-muted">{q.amount}</span>
          <strong>{money(item.total, item.currency)}</strong>
        </p>
        <Facts
          items={[
            [t.detail.paymentType, paymentTypeLabel(item.payment_type)],
            [t.detail.reference, detail.data?.buyer.reference ?? null],
            [t.detail.buyerFields.name, item.buyer_name],
            [t.detail.buyerFields.email, item.email],
            [t.list.columns.shows, item.show_names.join(', ')],
            [t.list.columns.quantity, String(item.quantity)],
          ]}
        />
        {detail.data?.tickets[0] && <DepositAccount showId={detail.data.tickets[0].show_uid} />}
        <div className="order-actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => onDecide(item, 'confirm')}
          >
            {t.actions.confirm}
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={() => onDecide(item, 'reject')}
          >
            {t.actions.reject}
          </button>
          <Link to={`/admin/orders/${item._id}`}>{q.details}</Link>
        </div>
      </div>
    </article>
  );
}
