export const ORDER_STATUSES = [
  'APPROVED',
  'REJECTED',
  'CANCELLED',
  'REFUND',
  'WAITING_CONFIRMATION',
  'PENDING',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Orders in these statuses give their places back: their units no longer
 * count as sold when availability is computed.
 */
export const RELEASED_ORDER_STATUSES = [
  'REJECTED',
  'CANCELLED',
  'REFUND',
] as const satisfies readonly OrderStatus[];

/** Where a status is shown: the order page (/orders/{id}) or the account order lists. */
export type OrderStatusPlace = 'detail' | 'list';

export const DEPOSIT_CONFIRMED_ACTION = 'Order deposit confirmed';
export const DEPOSIT_REJECTED_ACTION = 'Order deposit rejected';

/*
 * 002 §4 gives two readings, "Aprobada / APROBADA", without saying which page uses which.
 * 000 §4 places the title-case badges ("Aprobada", … "Pendiente") on the order detail
 * page, so the detail page takes those and the account lists take the upper-case ones.
 */
const DETAIL_LABELS: Readonly<Record<OrderStatus, string>> = {
  APPROVED: 'Aprobada',
  REJECTED: 'Denegada',
  CANCELLED: 'Anulada',
  REFUND: 'Reembolsada',
  WAITING_CONFIRMATION: 'Esperando aprobación',
  PENDING: 'Pendiente',
};

const LIST_LABELS: Readonly<Record<OrderStatus, string>> = {
  APPROVED: 'APROBADA',
  REJECTED: 'DENEGADA',
  CANCELLED: 'ANULADA',
  REFUND: 'REEMBOLSO',
  WAITING_CONFIRMATION: 'ESPERANDO CONFIRMACIÓN',
  PENDING: 'PENDIENTE',
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * An unknown status reads "Pendiente" on the detail page (000 §4: "anything else").
 * The lists show the raw value instead (002 §4: "or the raw value"), so a status added
 * later is visible as itself rather than passing for pending; an empty one is pending.
 */
export function orderStatusLabel(
  status: string | null | undefined,
  place: OrderStatusPlace,
): string {
  if (place === 'detail') {
    return isOrderStatus(status) ? DETAIL_LABELS[status] : DETAIL_LABELS.PENDING;
  }
  if (isOrderStatus(status)) return LIST_LABELS[status];
  return status ? status : LIST_LABELS.PENDING;
}

/** A deposit decision as written in the order's change_log; other actions keep their text. */
export function changeLogActionLabel(action: string): string {
  if (action === DEPOSIT_CONFIRMED_ACTION) return 'Confirmado';
  if (action === DEPOSIT_REJECTED_ACTION) return 'Rechazado';
  return action;
}

/** Tickets can be re-sent, and codes and QR images shown, only for an approved order. */
export function isOrderApproved(status: string | null | undefined): boolean {
  return status === 'APPROVED';
}
