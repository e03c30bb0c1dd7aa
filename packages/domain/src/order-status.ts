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

/**
 * Every change_log action an order can carry, as stored (the 000 §3 wire keeps
 * these codes), with what a person reads. The one place codes become words: the
 * buyer's page and the organiser API both read it at display time, so entries
 * stored before a label existed read in Spanish too. 000 §4 names the two
 * deposit decisions "Confirmado" and "Rechazado".
 */
const CHANGE_LOG_ACTION_LABELS: Readonly<Record<string, string>> = {
  'Order created': 'Orden creada',
  'Payment approved': 'Pago aprobado',
  'Order approved': 'Orden aprobada',
  [DEPOSIT_CONFIRMED_ACTION]: 'Confirmado',
  [DEPOSIT_REJECTED_ACTION]: 'Rechazado',
  'Order cancelled': 'Orden anulada',
  'Order refunded': 'Orden reembolsada',
  'Payment abandoned': 'Pago abandonado',
  'Payment failed': 'Pago fallido',
  'Card declined': 'Tarjeta denegada',
  '3-D Secure rejected': 'Verificación 3-D Secure rechazada',
};

/** An action nobody labelled yet reads as a change, never as English. */
export const UNKNOWN_CHANGE_LOG_ACTION_LABEL = 'Cambio en la orden';

/** A change_log action in Spanish ("Order created" → "Orden creada"). */
export function changeLogActionLabel(action: string): string {
  return Object.hasOwn(CHANGE_LOG_ACTION_LABELS, action)
    ? CHANGE_LOG_ACTION_LABELS[action]!
    : UNKNOWN_CHANGE_LOG_ACTION_LABEL;
}

/** Tickets can be re-sent, and codes and QR images shown, only for an approved order. */
export function isOrderApproved(status: string | null | undefined): boolean {
  return status === 'APPROVED';
}
