import type { Currency, PaymentType, TicketType } from '../../generated/prisma/client.ts';
import type { Db } from '../../infra/db.ts';
import { rows } from '../../infra/pg.ts';
import type { Pg, Statement } from '../../infra/pg.ts';

/**
 * Where issuing's two statements run: the worker's plain `pg` pool (no ORM
 * between the job and the socket, like checkout's hot statements, decision
 * 0020), or Prisma's raw queries for a caller that holds only the Prisma client.
 */
export type TicketsDb = Db | Pg;

function query<T>(db: TicketsDb, statement: Statement, values: unknown[]): Promise<T[]> {
  return '$queryRawUnsafe' in db
    ? db.$queryRawUnsafe<T[]>(statement.text, ...values)
    : rows<T>(db, statement, values);
}

/** Whether a code was issued (and not voided since): the QR image is drawn only for those. */
export async function isIssuedCode(db: Db, code: string): Promise<boolean> {
  const found = await db.ticketCode.findUnique({ where: { code }, select: { id: true } });
  return found !== null;
}

/** A code as issuing and the e-mail read it. */
export interface IssuedCode {
  id: string;
  code: string;
  ticketType: TicketType;
}

/** An order line with what its e-mail names and the codes already issued for it. */
export interface OrderLineRow {
  id: string;
  showId: string;
  showName: string;
  showDate: Date;
  venue: string;
  /** The venue's street address, for the calendar file. */
  venueAddress: string | null;
  /** The show's `settings.duration` in hours; null for the default. */
  durationHours: number | null;
  quantity: number;
  /** The places' price without fees, all units together (minor units). */
  totalPrice: number;
  ticketType: TicketType;
  /** The ticket's name and QR colour. */
  title: string;
  qrColor: string | null;
  location: unknown;
  bundleItems: unknown;
  codes: IssuedCode[];
}

/** What the tickets e-mail's receipt says of the payment (amounts in minor units). */
export interface OrderPayment {
  paymentType: PaymentType;
  currency: Currency;
  /** The places' prices together, without fees or discount. */
  subtotal: number;
  totalFee: number;
  totalDiscount: number;
  total: number;
  ccBrand: string | null;
  ccLast4: string | null;
  reference: string | null;
  promoCodes: string[];
}

export interface OrderForTickets extends OrderPayment {
  id: string;
  orderNumber: number;
  email: string;
  status: string;
  /** In a stable order (by id). */
  lines: OrderLineRow[];
}

/**
 * The order with its lines and codes: what issuing and the tickets e-mail
 * read, in one statement. Not locked: issuing's insert re-checks the status
 * under a lock and lets the primary key refuse codes issued meanwhile.
 */
export async function findOrderForTickets(
  db: TicketsDb,
  orderId: string,
): Promise<OrderForTickets | null> {
  const [row] = await query<{ o: (Omit<OrderForTickets, 'lines'> & { lines: RawLine[] }) | null }>(
    db,
    {
      name: 'etickets.order',
      text: `SELECT json_build_object(
       'id', o.id, 'orderNumber', o.order_number, 'email', o.email, 'status', o.status,
       'paymentType', o.payment_type, 'currency', o.currency, 'subtotal', o.subtotal,
       'totalFee', o.total_fee, 'totalDiscount', o.total_discount, 'total', o.total,
       'ccBrand', o.cc_brand, 'ccLast4', o.cc_last4,
       'reference', nullif(o.payment_info->>'reference', ''),
       'promoCodes', coalesce((SELECT json_agg(p.code ORDER BY p.code)
         FROM promo_code_applications a JOIN promo_codes p ON p.id = a.promo_code_id
        WHERE a.order_id = o.id), '[]'::json),
       'lines', coalesce((SELECT json_agg(json_build_object(
           'id', i.id, 'showId', i.show_id, 'showName', i.show_name, 'showDate', i.show_date,
           'venue', s.venue, 'venueAddress', s.venue_address,
           'durationHours', CASE WHEN jsonb_typeof(s.settings->'duration') = 'number'
                                 THEN (s.settings->>'duration')::float8 END,
           'quantity', i.quantity, 'totalPrice', i.total_price, 'ticketType', i.ticket_type,
           'title', t.fullname, 'qrColor', t.qr_color, 'location', i.location,
           'bundleItems', i.bundle_items,
           'codes', coalesce((SELECT json_agg(json_build_object(
               'id', c.id, 'code', c.code, 'ticketType', c.ticket_type))
             FROM ticket_codes c WHERE c.order_id = o.id AND c.order_item_id = i.id), '[]'::json))
           ORDER BY i.id)
         FROM order_items i JOIN tickets t ON t.id = i.ticket_id JOIN shows s ON s.id = i.show_id
        WHERE i.order_id = o.id), '[]'::json)) AS o
       FROM orders o WHERE o.id = $1::uuid`,
    },
    [orderId],
  );
  const o = row?.o;
  if (!o) return null;
  return { ...o, lines: o.lines.map((line) => ({ ...line, showDate: new Date(line.showDate) })) };
}

type RawLine = Omit<OrderLineRow, 'showDate'> & { showDate: string };

export interface NewTicketCode extends IssuedCode {
  orderItemId: string;
}

/**
 * Writes codes for an order that is still APPROVED, in one statement, and
 * answers the rows written. The order's row is share-locked first, so an
 * organiser's cancel or refund (which locks it to change the status and
 * delete unused codes) runs wholly before or after, and a status changed
 * meanwhile is seen and writes nothing. A row is skipped, not raised, when
 * its id is taken (another run issued that admission: the ids are fixed per
 * admission) or its code is (the unique index): an error would undo the rest.
 */
export function insertTicketCodes(
  db: TicketsDb,
  orderId: string,
  codes: NewTicketCode[],
): Promise<NewTicketCode[]> {
  return query<NewTicketCode>(
    db,
    {
      name: 'etickets.insert-codes',
      text: `WITH o AS (SELECT id FROM orders WHERE id = $1::uuid AND status = 'APPROVED' FOR SHARE)
     INSERT INTO ticket_codes (id, order_id, order_item_id, code, ticket_type)
     SELECT r.id, o.id, r.item, r.code, r.type::"TicketType"
       FROM o, unnest($2::uuid[], $3::uuid[], $4::text[], $5::text[]) AS r(id, item, code, type)
     ON CONFLICT DO NOTHING
     RETURNING id::text AS id, order_item_id::text AS "orderItemId", code,
               ticket_type::text AS "ticketType"`,
    },
    [
      orderId,
      codes.map((c) => c.id),
      codes.map((c) => c.orderItemId),
      codes.map((c) => c.code),
      codes.map((c) => c.ticketType),
    ],
  );
}
