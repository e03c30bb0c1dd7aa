import { ORDER_PAYMENT_TYPES } from '@taquilla/contract';
import { ORDER_STATUSES } from '@taquilla/domain';

/**
 * The order list's filters as the page's URL carries them, with the API's own names
 * (`?q=ana&status=APPROVED&show_uid=…&payment_type=…&from=2027-03-01&to=…&page=2`), so a
 * copied link opens the same view. Unknown values in a hand-written URL are dropped.
 */
export type OrderFilters = {
  q: string;
  status: string;
  show_uid: string;
  payment_type: string;
  from: string;
  to: string;
  page: number;
};

export const EMPTY_FILTERS: OrderFilters = {
  q: '',
  status: '',
  show_uid: '',
  payment_type: '',
  from: '',
  to: '',
  page: 1,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const oneOf = (values: readonly string[], value: string | null) =>
  value !== null && values.includes(value) ? value : '';

export function filtersFrom(params: URLSearchParams): OrderFilters {
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    status: oneOf(ORDER_STATUSES, params.get('status')),
    show_uid: UUID.test(params.get('show_uid') ?? '') ? (params.get('show_uid') ?? '') : '',
    payment_type: oneOf(ORDER_PAYMENT_TYPES, params.get('payment_type')),
    from: DAY.test(params.get('from') ?? '') ? (params.get('from') ?? '') : '',
    to: DAY.test(params.get('to') ?? '') ? (params.get('to') ?? '') : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL's query: empty filters and the first page are left out. */
export function searchOf(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['q', 'status', 'show_uid', 'payment_type', 'from', 'to'] as const) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** GET /admin/orders's query for these filters (the same names, as strings). */
export function listQueryOf(filters: OrderFilters, pageSize: number): Record<string, string> {
  const query = Object.fromEntries(searchOf(filters));
  return { ...query, page_size: String(pageSize) };
}

/** `to` before `from` would match nothing: the page says so instead of asking. */
export function datesInOrder(filters: Pick<OrderFilters, 'from' | 'to'>): boolean {
  return !filters.from || !filters.to || filters.from <= filters.to;
}
