import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ORDER_PAYMENT_TYPES } from '@taquilla/contract';
import { adminEndpoints, adminOrderEndpoints } from '@taquilla/contract/plain';
import type { AdminOrderListItem } from '@taquilla/contract';
import { ORDER_STATUSES, orderStatusLabel } from '@taquilla/domain';
import { ConsolePage } from '../../components/console/console-page';
import { Pager } from '../../components/console/pager';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { useApiQuery } from '../../api/use-api-query';
import { adminOrdersTexts as t } from './admin-orders.texts';
import { EMPTY_FILTERS, datesInOrder, filtersFrom, listQueryOf, searchOf } from './order-filters';
import type { OrderFilters } from './order-filters';
import { OrderStatusTag, money, paymentTypeLabel, when } from './order-parts';
import { ConsoleTable } from '../../components/console/console-table-box';

const PAGE_SIZE = 25;

const STATUS_OPTIONS = [
  { value: '', label: t.list.any },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: orderStatusLabel(status, 'detail') })),
];
const PAYMENT_OPTIONS = [
  { value: '', label: t.list.any },
  ...ORDER_PAYMENT_TYPES.map((type) => ({ value: type, label: paymentTypeLabel(type) })),
];

/** The organiser's shows for the filter (top-level ones: a show covers its dates). */
function useShowOptions() {
  const shows = useApiQuery(adminEndpoints.listShows, { query: { page_size: '500' } });
  const items = shows.status === 'success' ? shows.data.items : [];
  return [
    { value: '', label: t.list.any },
    ...items.map((show) => ({ value: show._id, label: show.fullname })),
  ];
}

/** /admin/orders: search and filters kept in the URL, server pages, rows to the detail. */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const applied = filtersFrom(params);
  const [draft, setDraft] = useState<OrderFilters>(applied);
  const [draftKey, setDraftKey] = useState(params.toString());
  const [dateError, setDateError] = useState(false);
  // A link or Back changes the URL under the form: the form follows it.
  if (draftKey !== params.toString()) {
    setDraftKey(params.toString());
    setDraft(applied);
  }
  const showOptions = useShowOptions();
  const orders = useApiQuery(adminOrderEndpoints.listOrders, {
    query: listQueryOf(applied, PAGE_SIZE),
  });

  const go = (next: OrderFilters) => setParams(searchOf(next));
  const set = (key: keyof OrderFilters) => (value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!datesInOrder(draft)) {
      setDateError(true);
      return;
    }
    setDateError(false);
    go({ ...draft, page: 1 });
  };
  const clear = () => {
    setDateError(false);
    go(EMPTY_FILTERS);
  };

  return (
    <ConsolePage title={t.list.title} subtitle={t.list.subtitle}>
      <form className="console-filters" aria-label={t.list.filters} onSubmit={submit}>
        <TextField
          label={t.list.search}
          type="search"
          hint={t.list.searchHint}
          value={draft.q}
          maxLength={100}
          onChange={(event) => set('q')(event.target.value)}
        />
        <SelectField
          label={t.list.status}
          options={STATUS_OPTIONS}
          value={draft.status}
          onChange={(event) => set('status')(event.target.value)}
        />
        <SelectField
          label={t.list.show}
          options={showOptions}
          value={draft.show_uid}
          onChange={(event) => set('show_uid')(event.target.value)}
        />
        <SelectField
          label={t.list.paymentType}
          options={PAYMENT_OPTIONS}
          value={draft.payment_type}
          onChange={(event) => set('payment_type')(event.target.value)}
        />
        <TextField
          label={t.list.from}
          type="date"
          value={draft.from}
          onChange={(event) => set('from')(event.target.value)}
        />
        <TextField
          label={t.list.to}
          type="date"
          value={draft.to}
          error={dateError ? t.list.badDates : null}
          onChange={(event) => set('to')(event.target.value)}
        />
        <div className="console-filters__buttons">
          <button type="submit" className="button button--primary">
            {t.list.apply}
          </button>
          <button type="button" className="button button--secondary" onClick={clear}>
            {t.list.clear}
          </button>
        </div>
      </form>
      {orders.status === 'loading' && <LoadingSkeleton label={t.loading} />}
      {orders.status === 'error' && (
        <LoadError message={orders.error.message} onRetry={orders.retry} />
      )}
      {orders.status === 'success' && (
        <>
          <OrdersTable items={orders.data.items} />
          <Pager info={orders.data} onPage={(page) => go({ ...applied, page })} />
        </>
      )}
    </ConsolePage>
  );
}

function OrdersTable({ items }: { items: AdminOrderListItem[] }) {
  if (items.length === 0) return <p className="console-empty">{t.list.empty}</p>;
  const c = t.list.columns;
  return (
    <ConsoleTable
      label={t.list.table}
      columns={[
        { label: c.number },
        { label: c.date },
        { label: c.buyer },
        { label: c.shows },
        { label: c.quantity, numeric: true },
        { label: c.payment },
        { label: c.total, numeric: true },
        { label: c.status },
      ]}
    >
      {items.map((order) => (
        <tr key={order._id}>
          <td>
            <Link to={`/admin/orders/${order._id}`} aria-label={t.list.open(order.order_number)}>
              #{order.order_number}
            </Link>
          </td>
          <td className="order-nowrap">{when(order.createdAt)}</td>
          <td>
            {order.buyer_name && <div>{order.buyer_name}</div>}
            <div className="order-muted">{order.email}</div>
          </td>
          <td>{order.show_names.join(', ')}</td>
          <td className="numeric">{order.quantity}</td>
          <td>{paymentTypeLabel(order.payment_type)}</td>
          <td className="numeric order-nowrap">{money(order.total, order.currency)}</td>
          <td>
            <OrderStatusTag status={order.status} />
          </td>
        </tr>
      ))}
    </ConsoleTable>
  );
}
