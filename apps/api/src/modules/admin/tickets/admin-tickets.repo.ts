import type { Prisma } from '../../../generated/prisma/client.ts';
import type { Db, Tx } from '../../../infra/db.ts';
import { shareUploadReferences } from '../../../infra/upload-references-lock.ts';
import { ticketInclude } from './admin-tickets.mapper.ts';

export function listTicketsOfShow(db: Db | Tx, showId: string) {
  return db.ticket.findMany({
    where: { showId },
    include: ticketInclude,
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
  });
}

export function findTicketOfShow(db: Db | Tx, showId: string, ticketId: string) {
  return db.ticket.findFirst({ where: { id: ticketId, showId }, include: ticketInclude });
}

/** The same row lock holds take, so sold + held cannot move while capacity is checked. */
export async function lockTicket(tx: Tx, ticketId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM tickets WHERE id = ${ticketId}::uuid FOR UPDATE`;
}

export async function isCodeTaken(
  db: Db | Tx,
  showId: string,
  code: string,
  exceptId?: string,
): Promise<boolean> {
  const found = await db.ticket.findUnique({
    where: { showId_code: { showId, code } },
    select: { id: true },
  });
  return found !== null && found.id !== exceptId;
}

export async function nextPosition(tx: Tx, showId: string): Promise<number> {
  const last = await tx.ticket.aggregate({ where: { showId }, _max: { position: true } });
  return (last._max.position ?? -1) + 1;
}

/** Which of `ids` are child dates of the show. */
export async function childDateIds(db: Db | Tx, showId: string, ids: string[]) {
  const rows = await db.show.findMany({
    where: { id: { in: ids }, parentShowId: showId },
    select: { id: true },
  });
  return new Set(rows.map((row) => row.id));
}

/** Which of `ids` are tickets of the show. */
export async function ticketIdsOfShow(db: Db | Tx, showId: string, ids: string[]) {
  const rows = await db.ticket.findMany({
    where: { id: { in: ids }, showId },
    select: { id: true },
  });
  return new Set(rows.map((row) => row.id));
}

/** A ticket save may name an uploaded image: it waits while the upload sweep deletes. */
export async function createTicket(tx: Tx, data: Prisma.TicketUncheckedCreateInput) {
  await shareUploadReferences(tx);
  return tx.ticket.create({ data, include: ticketInclude });
}

export async function updateTicket(tx: Tx, id: string, data: Prisma.TicketUncheckedUpdateInput) {
  await shareUploadReferences(tx);
  return tx.ticket.update({ where: { id }, data, include: ticketInclude });
}

export function countOrderItemsOfTicket(db: Db | Tx, ticketId: string) {
  return db.orderItem.count({ where: { ticketId } });
}

export function deleteTicket(tx: Tx, id: string) {
  return tx.ticket.delete({ where: { id } });
}
