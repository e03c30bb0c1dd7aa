import { ticketQrPath } from '@taquilla/contract';
import type { Order } from '@taquilla/contract';
import { fromMinorUnits, maskEmail } from '@taquilla/domain';
import type { OrderView } from './orders.repo.ts';

type Json = Record<string, unknown>;

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Row → wire (000 §3 Order): amounts in currency units, the card as its last four digits. */
export function toOrder(row: OrderView): Order {
  const info = (row.paymentInfo ?? {}) as Json;
  const response = row.paymentResponse as Json | null;
  return {
    _id: row.id,
    order_number: row.orderNumber,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    payment_type: row.paymentType as Order['payment_type'],
    currency: row.currency,
    tickets: row.items.map((i) => ({
      _id: i.id,
      ticket_uid: i.ticketId,
      code: i.code,
      show_uid: i.showId,
      show_name: i.showName,
      show_date: i.showDate.toISOString(),
      description: i.description,
      ticket_type: i.ticketType,
      quantity: i.quantity,
      price: fromMinorUnits(i.price),
      discount_price: fromMinorUnits(i.discountPrice),
      fee: fromMinorUnits(i.fee),
      total_price: fromMinorUnits(i.totalPrice),
      total_fee: fromMinorUnits(i.totalFee),
      location: (i.location ?? null) as Order['tickets'][number]['location'],
      bundle_items: (i.bundleItems ?? []) as Order['tickets'][number]['bundle_items'],
    })),
    codes: row.codes.map((c) => ({
      _id: c.id,
      order_ticket_uid: c.orderItemId,
      code: c.code,
      qrcode: ticketQrPath(c.code),
      ticket_type: c.ticketType,
    })),
    subtotal: fromMinorUnits(row.subtotal),
    total_fee: fromMinorUnits(row.totalFee),
    total_discount: fromMinorUnits(row.totalDiscount),
    total: fromMinorUnits(row.total),
    promo_codes: row.promoCodes.map((p) => ({
      code: p.promoCode.code,
      discount_amount: fromMinorUnits(p.discountAmount),
    })),
    payment_info: {
      email: row.email,
      firstname: str(info.firstname),
      lastname: str(info.lastname),
      reference: str(info.reference),
      cc_number: row.ccLast4 ? `**** ${row.ccLast4}` : null,
      cc_brand: row.ccBrand,
    },
    payment_response: response
      ? {
          authorization: str(response.authorization),
          transaction_id: str(response.transaction_id),
          response_text: str(response.response_text),
          ...(typeof response.redirect === 'string' ? { redirect: response.redirect } : {}),
        }
      : null,
    change_log: row.changeLog.map((c) => ({
      action: c.action,
      reason: c.reason,
      createdAt: c.createdAt.toISOString(),
    })),
    cart_uid: row.cartId,
  };
}

/**
 * What a stranger reads: enough for the login prompt (000 §2 Order detail), the
 * e-mail masked (`a•••@gmail.com`): whoever holds only the order's id learns
 * which account to sign in with, not the buyer's address (decision 0066).
 */
export function toOrderLoginPrompt(row: OrderView) {
  return { _id: row.id, status: row.status, email: maskEmail(row.email) };
}
