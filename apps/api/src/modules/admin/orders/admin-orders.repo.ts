import { SEARCH_FOLD_FROM, SEARCH_FOLD_TO } from '@taquilla/domain';
import { Prisma } from '../../../generated/prisma/client.ts';
import type { OrderStatus } from '../../../generated/prisma/client.ts';
import type { Db, Tx } from '../../../infra/db.ts';
import { returnPlaces } from '../../inventory/inventory.returns.ts';
import { ORDER_VIEW_INCLUDE } from '../../orders/orders.repo.ts';
import type { Organiser } from '../shared/admin.access.ts';

/**
 * The orders an actor may see and act on: an admin every one; a producer its
 * own, the orders whose producer it is (decision 0062: an order holds one
 * producer's tickets). An order that mixed producers before has none, so only
 * an admin reaches it. Anything else is "not found", never "forbidden".
 */
export function orderScope(actor: Organiser): Prisma.OrderWhereInput {
  if (actor.role === 'Admin') return {};
  return { producerId: actor.producerId };
}

export function findOrderIdInScope(db: Db | Tx, scope: Prisma.OrderWhereInput, id: string) {
  return db.order.findFirst({ where: { ...scope, id }, select: { id: true } });
}

/** The status and address of an order in the actor's scope (the resend's checks), or null. */
export function findOrderStatusInScope(db: Db | Tx, scope: Prisma.OrderWhereInput, id: string) {
  return db.order.findFirst({
    where: { ...scope, id },
    select: { id: true, status: true, email: true },
  });
}

/** What the list's filters become; `search` is already folded and LIKE-escaped. */
export interface AdminOrderFilter {
  /** A producer's scope (`orders.producer_id`); null for an admin. */
  producerId: string | null;
  statuses?: string[];
  paymentTypes?: string[];
  showId?: string;
  createdFrom?: Date;
  createdBefore?: Date;
  /** Oldest first (the deposit queue); newest first otherwise. */
  oldestFirst?: boolean;
  search?: {
    orderNumber: number | null;
    code: string | null;
    /** `%…%` pattern of the lower-cased query. */
    emailPattern: string;
    /** `%…%` patterns of each folded word: all must be in "firstname lastname". */
    namePatterns: string[];
  };
}

const FOLDED_BUYER_NAME = Prisma.sql`lower(translate(
  coalesce(o.payment_info->>'firstname', '') || ' ' || coalesce(o.payment_info->>'lastname', ''),
  ${SEARCH_FOLD_FROM}, ${SEARCH_FOLD_TO}))`;

function whereOf(filter: AdminOrderFilter): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`TRUE`];
  // The same scope as `orderScope`, in SQL.
  if (filter.producerId) parts.push(Prisma.sql`o.producer_id = ${filter.producerId}::uuid`);
  if (filter.showId) {
    parts.push(Prisma.sql`EXISTS (
      SELECT 1 FROM order_items oi JOIN shows s ON s.id = oi.show_id
       WHERE oi.order_id = o.id
         AND (s.id = ${filter.showId}::uuid OR s.parent_show_id = ${filter.showId}::uuid))`);
  }
  if (filter.statuses) parts.push(Prisma.sql`o.status::text = ANY(${filter.statuses}::text[])`);
  if (filter.paymentTypes) {
    parts.push(Prisma.sql`o.payment_type::text = ANY(${filter.paymentTypes}::text[])`);
  }
  if (filter.createdFrom) parts.push(Prisma.sql`o.created_at >= ${filter.createdFrom}`);
  if (filter.createdBefore) parts.push(Prisma.sql`o.created_at < ${filter.createdBefore}`);
  const search = filter.search;
  if (search) {
    const any: Prisma.Sql[] = [Prisma.sql`o.email LIKE ${search.emailPattern}`];
    if (search.orderNumber !== null) any.push(Prisma.sql`o.order_number = ${search.orderNumber}`);
    if (search.code !== null) {
      any.push(Prisma.sql`EXISTS (
        SELECT 1 FROM ticket_codes tc WHERE tc.order_id = o.id AND tc.code = ${search.code})`);
    }
    if (search.namePatterns.length > 0) {
      const words = search.namePatterns.map((p) => Prisma.sql`${FOLDED_BUYER_NAME} LIKE ${p}`);
      any.push(Prisma.sql`(${Prisma.join(words, ' AND ')})`);
    }
    parts.push(Prisma.sql`(${Prisma.join(any, ' OR ')})`);
  }
  return Prisma.join(parts, ' AND ');
}

/**
 * One page of matching order ids, newest first (or oldest), and how many match. The
 * search scans the e-mails and names of the orders the other filters leave
 * (no trigram index on them yet); the number and the code use their indexes.
 */
export async function findOrderPage(
  db: Db,
  filter: AdminOrderFilter,
  page: { offset: number; limit: number },
): Promise<{ ids: string[]; total: number }> {
  const where = whereOf(filter);
  const counted = await db.$queryRaw<{ total: bigint }[]>`
    SELECT count(*) AS total FROM orders o WHERE ${where}`;
  const order = filter.oldestFirst
    ? Prisma.sql`o.created_at ASC, o.id ASC`
    : Prisma.sql`o.created_at DESC, o.id DESC`;
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT o.id::text AS id FROM orders o WHERE ${where}
     ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`;
  return { ids: rows.map((r) => r.id), total: Number(counted[0]?.total ?? 0) };
}

const LIST_SELECT = {
  id: true,
  orderNumber: true,
  createdAt: true,
  status: true,
  paymentType: true,
  currency: true,
  total: true,
  email: true,
  paymentInfo: true,
  items: { select: { showName: true, quantity: true }, orderBy: { id: 'asc' } },
} as const satisfies Prisma.OrderSelect;
export type AdminOrderListRow = Prisma.OrderGetPayload<{ select: typeof LIST_SELECT }>;

/** The list's rows of these orders, in the order of `ids`. */
export async function findOrderListRows(db: Db | Tx, ids: string[]): Promise<AdminOrderListRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.order.findMany({ where: { id: { in: ids } }, select: LIST_SELECT });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export const ADMIN_ORDER_INCLUDE = {
  ...ORDER_VIEW_INCLUDE,
  // The ticket's name as the e-tickets print it (a line keeps only its description).
  items: { orderBy: { id: 'asc' }, include: { ticket: { select: { fullname: true } } } },
  // Every code, voided ones too: the organiser sees what was admitted or activated.
  codes: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
  changeLog: {
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    include: { actor: { select: { id: true, fullname: true, email: true } } },
  },
} as const satisfies Prisma.OrderInclude;
export type AdminOrderRow = Prisma.OrderGetPayload<{ include: typeof ADMIN_ORDER_INCLUDE }>;

export function findAdminOrder(db: Db | Tx, scope: Prisma.OrderWhereInput, id: string) {
  return db.order.findFirst({ where: { ...scope, id }, include: ADMIN_ORDER_INCLUDE });
}

/**
 * The order's row lock, held to the end of the transaction: decisions on one
 * order (and the tickets job, which takes the same lock) run one after the
 * other, and each reads the status the previous one left.
 */
export async function lockOrder(tx: Tx, id: string) {
  const rows = await tx.$queryRaw<
    {
      status: OrderStatus;
      paymentType: string;
      total: number;
      paymentResponse: Prisma.JsonValue;
    }[]
  >`
    SELECT status, payment_type::text AS "paymentType", total,
           payment_response AS "paymentResponse"
      FROM orders WHERE id = ${id}::uuid FOR UPDATE`;
  return rows[0] ?? null;
}

/** The status moves only from one of `from`: false when it was no longer there. */
export async function setOrderStatus(
  tx: Tx,
  id: string,
  change: { from: OrderStatus[]; to: OrderStatus; paymentResponse?: Prisma.InputJsonValue },
): Promise<boolean> {
  const { count } = await tx.order.updateMany({
    where: { id, status: { in: change.from } },
    data: {
      status: change.to,
      ...(change.paymentResponse === undefined ? {} : { paymentResponse: change.paymentResponse }),
    },
  });
  return count === 1;
}

/**
 * Gives the order's places back for good (decision 0008), by the inventory's return
 * (decision 0080): its seat sales are deleted and `tickets.sold` goes down for lines of
 * tickets without dates (lines of dated tickets stop counting once the order's status is
 * released). Answers the freed seats, for the seat channel.
 */
export function releaseOrderPlaces(tx: Tx, orderId: string) {
  return returnPlaces(tx, orderId, null);
}

/**
 * One use back to each promo code the order consumed. The applications stay
 * with the order (they are the record of the discount it got); only the count
 * moves, in code id order like every other writer of these rows.
 */
export async function returnPromoUses(tx: Tx, orderId: string): Promise<string[]> {
  const applied = await tx.promoCodeApplication.findMany({
    where: { orderId },
    select: { promoCodeId: true, promoCode: { select: { code: true } } },
    orderBy: { promoCodeId: 'asc' },
  });
  for (const { promoCodeId } of applied) {
    await tx.$executeRaw`
      UPDATE promo_codes SET used_count = used_count - 1, updated_at = now()
       WHERE id = ${promoCodeId}::uuid AND used_count > 0`;
  }
  return applied.map((a) => a.promoCode.code);
}

/**
 * Makes the order's codes unusable: each is voided, never deleted, so a code
 * admitted at the door keeps its admission time and an activated one its use
 * (decision 0029). The caller holds the order's row lock, which the door and
 * the issuer share-lock first; an activation racing this waits on the code's
 * row and then finds it voided. Answers the codes voided now.
 */
export async function voidOrderCodes(tx: Tx, orderId: string): Promise<string[]> {
  const rows = await tx.$queryRaw<{ code: string }[]>`
    UPDATE ticket_codes SET voided_at = now()
     WHERE order_id = ${orderId}::uuid AND voided_at IS NULL
    RETURNING code`;
  return rows.map((r) => r.code).sort();
}
