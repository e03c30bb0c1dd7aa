const STATUS_TONES: Readonly<Record<string, string>> = {
  APPROVED: 'approved',
  REJECTED: 'rejected',
  CANCELLED: 'rejected',
  REFUND: 'refund',
  WAITING_CONFIRMATION: 'waiting',
};

/**
 * The colour family of an order status badge (000 §4): a class modifier of the account
 * lists' and the order page's badges. Any other status is "pending".
 */
export function orderStatusTone(status: string): string {
  return STATUS_TONES[status] ?? 'pending';
}
