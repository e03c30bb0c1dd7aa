import type { Prisma, TicketType } from '../../generated/prisma/client.ts';
import type { Db, Tx } from '../../infra/db.ts';

/**
 * The order's status under a row lock held to the end of the transaction:
 * two runs for one order (a retried job beside a resend) issue one after the
 * other, and the second finds the codes the first wrote.
 */
export async function lockOrderStatus(tx: Tx, orderId: string): Promise<string | null> {
  const rows = await tx.$queryRaw<{ status: string }[]>`
    SELECT status::text AS status FROM orders WHERE id = ${orderId}::uuid FOR UPDATE`;
  return rows[0]?.status ?? null;
}

export function findOrderHead(db: Db | Tx, orderId: string) {
  return db.order.findUnique({
    where: { id: orderId },
    select: { id: true, orderNumber: true, email: true, status: true },
  });
}

const lineSelect = {
  id: true,
  showId: true,
  showName: true,
  showDate: true,
  quantity: true,
  ticketType: true,
  location: true,
  bundleItems: true,
  ticket: { select: { fullname: true, qrColor: true } },
  show: { select: { venue: true } },
  codes: { select: { id: true, code: true, ticketType: true } },
} as const satisfies Prisma.OrderItemSelect;

export type OrderLineRow = Prisma.OrderItemGetPayload<{ select: typeof lineSelect }>;

/** The order's lines with the codes already issued for each, in a stable order. */
export function findOrderLines(db: Db | Tx, orderId: string): Promise<OrderLineRow[]> {
  return db.orderItem.findMany({ where: { orderId }, orderBy: { id: 'asc' }, select: lineSelect });
}

/**
 * What issuing reads, in flat queries run one after the other: inside a
 * transaction Prisma would otherwise load relations in parallel on its one
 * connection, which node-postgres queues and warns about.
 */
export async function findLinesToIssue(tx: Tx, orderId: string) {
  const lines = await tx.orderItem.findMany({
    where: { orderId },
    orderBy: { id: 'asc' },
    select: { id: true, quantity: true, ticketType: true, location: true, bundleItems: true },
  });
  const codes = await tx.ticketCode.findMany({
    where: { orderId },
    select: { orderItemId: true, ticketType: true },
  });
  return lines.map((line) => ({
    ...line,
    codes: codes.filter((code) => code.orderItemId === line.id),
  }));
}

export interface NewTicketCode {
  orderId: string;
  orderItemId: string;
  ticketType: TicketType;
  code: string;
}

/**
 * Inserts what it can and answers the codes written. A code already taken
 * (the unique index) is skipped rather than raised, since an error would
 * abort the whole transaction; the caller draws again for what is left.
 */
export async function insertTicketCodes(tx: Tx, rows: NewTicketCode[]): Promise<string[]> {
  const created = await tx.ticketCode.createManyAndReturn({
    data: rows,
    skipDuplicates: true,
    select: { code: true },
  });
  return created.map((row) => row.code);
}
