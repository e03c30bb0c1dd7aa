import type { AdminOrder, AdminOrderListItem, OrderPaymentType } from '@taquilla/contract';
import { changeLogActionLabel, fromMinorUnits, lineUnitPrice } from '@taquilla/domain';
import { toOrder } from '../../orders/orders.mapper.ts';
import type { AdminOrderListRow, AdminOrderRow } from './admin-orders.repo.ts';

type Json = Record<string, unknown>;

const str = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

const infoOf = (row: { paymentInfo: unknown }): Json =>
  row.paymentInfo && typeof row.paymentInfo === 'object' ? (row.paymentInfo as Json) : {};

/** "Nombre Apellido" from the checkout form; null when it had neither. */
export function buyerNameOf(row: { paymentInfo: unknown }): string | null {
  const info = infoOf(row);
  const name = [str(info.firstname), str(info.lastname)].filter(Boolean).join(' ').trim();
  return name || null;
}

/** The deposit proof's storage key (decision 0019), kept by checkout in payment_info. */
export function proofKeyOf(row: { paymentInfo: unknown }): string | null {
  return str(infoOf(row).file_key);
}

export function toAdminOrderListItem(row: AdminOrderListRow): AdminOrderListItem {
  return {
    _id: row.id,
    order_number: row.orderNumber,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    payment_type: row.paymentType as OrderPaymentType,
    currency: row.currency,
    total: fromMinorUnits(row.total),
    email: row.email,
    buyer_name: buyerNameOf(row),
    show_names: [...new Set(row.items.map((i) => i.showName))],
    quantity: row.items.reduce((sum, i) => sum + i.quantity, 0),
  };
}

function customFieldsOf(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value as Json).filter((entry): entry is [string, string] => {
      return typeof entry[1] === 'string';
    }),
  );
}

/** Row → wire: the buyer's 000 §3 Order, plus what an organiser needs to decide on it. */
export function toAdminOrder(row: AdminOrderRow, proofUrl: string | null): AdminOrder {
  const info = infoOf(row);
  const order = toOrder(row);
  const byId = new Map(row.codes.map((c) => [c.id, c]));
  return {
    ...order,
    // toOrder keeps the rows' order: line i is row.items[i].
    tickets: row.items.map((item, i) => ({
      ...order.tickets[i]!,
      ticket_name: item.ticket.fullname,
      unit_price: fromMinorUnits(
        lineUnitPrice({ price: item.price, discount_price: item.discountPrice }),
      ),
    })),
    user_uid: row.userId,
    proof_url: proofUrl,
    buyer: {
      firstname: str(info.firstname),
      lastname: str(info.lastname),
      email: row.email,
      phone: str(info.phone),
      address: str(info.address),
      city: str(info.city),
      state: str(info.state),
      country: str(info.country),
      zip: str(info.zip),
      nit: str(info.nit),
      reference: str(info.reference),
      custom_fields: customFieldsOf(info.custom_fields),
      referral: str(info.referral),
    },
    codes: order.codes.map((c) => ({
      ...c,
      activated_at: byId.get(c._id)?.activatedAt?.toISOString() ?? null,
      checked_in_at: byId.get(c._id)?.checkedInAt?.toISOString() ?? null,
      voided_at: byId.get(c._id)?.voidedAt?.toISOString() ?? null,
    })),
    change_log: row.changeLog.map((c) => ({
      action: c.action,
      action_label: changeLogActionLabel(c.action),
      reason: c.reason,
      from_status: c.fromStatus,
      to_status: c.toStatus,
      createdAt: c.createdAt.toISOString(),
      actor: c.actor ? { _id: c.actor.id, fullname: c.actor.fullname, email: c.actor.email } : null,
    })),
  };
}
