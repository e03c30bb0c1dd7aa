import type { Order } from '@taquilla/contract';
import { formatMoney, toMinorUnits } from '@taquilla/domain';
import type { MailMessage } from '../mail/mail.types.ts';

/**
 * "Recibimos tu comprobante" (decision 0054): a deposit or transfer order was
 * placed and waits for the organiser. Built from the order page's answer, once
 * per order (the key), after the order's transaction committed.
 */
export function depositReceivedMail(order: Order, orderUrl: string): MailMessage | null {
  const type = order.payment_type;
  if (type !== 'BANK_DEPOSIT' && type !== 'ACCOUNT_BANK_DEPOSIT') return null;
  if (order.status !== 'WAITING_CONFIRMATION') return null;
  const info = order.payment_info;
  const shows = new Map<string, { name: string; date: string }>();
  for (const line of order.tickets) {
    shows.set(line.show_uid, { name: line.show_name, date: line.show_date });
  }
  return {
    template: 'deposit-received',
    to: info.email,
    key: `order-deposit-received-${order._id}`,
    data: {
      orderNumber: order.order_number,
      paymentType: type,
      buyerName: [info.firstname, info.lastname].filter(Boolean).join(' '),
      total: formatMoney(toMinorUnits(order.total), order.currency),
      reference: info.reference?.trim() || null,
      shows: [...shows.values()],
      orderUrl,
    },
  };
}
