import type { Prisma } from '../../generated/prisma/client.ts';
import type { Db, Tx } from '../../infra/db.ts';
import { VIEWER_SHOW_NOT_REVOKED } from '../shows/shows.repo.ts';
import { MY_TICKET_CODE_SELECT } from './activation.admission.ts';

/** A code as activation reads it: its order's status, its line's show and who activated it. */
export function findCodeForActivation(tx: Tx, code: string) {
  return tx.ticketCode.findUnique({
    where: { code },
    select: {
      id: true,
      code: true,
      activatedAt: true,
      voidedAt: true,
      order: { select: { status: true } },
      orderItem: { select: { showId: true, ticket: { select: { fullname: true } } } },
    },
  });
}
export type ActivationCode = NonNullable<Awaited<ReturnType<typeof findCodeForActivation>>>;

/**
 * Marks the code activated only while it is not: of two accounts racing for one
 * code, one statement wins and the other changes nothing (it waits for the
 * winner's commit, then finds `activated_at` set).
 */
export async function claimTicketCode(tx: Tx, codeId: string, now: Date): Promise<boolean> {
  const { count } = await tx.ticketCode.updateMany({
    where: { id: codeId, activatedAt: null },
    data: { activatedAt: now },
  });
  return count === 1;
}

/** The viewer-show a code opened, if any (read after the winner of a race committed). */
export function findViewerShowOfCode(tx: Tx, codeId: string) {
  return tx.viewerShow.findUnique({
    where: { ticketCodeId: codeId },
    select: { viewerId: true, showId: true },
  });
}

export function findViewerShow(tx: Tx, viewerId: string, showId: string) {
  return tx.viewerShow.findUnique({ where: { viewerId_showId: { viewerId, showId } } });
}

/**
 * Deletes the viewer-show when its code was voided (decision 0064): that access ended
 * with its order, and the viewer may activate a new code for the show. One conditional
 * statement decides; answers whether it deleted.
 */
export async function deleteRevokedViewerShow(tx: Tx, viewerShowId: string): Promise<boolean> {
  const { count } = await tx.viewerShow.deleteMany({
    where: { id: viewerShowId, ticketCode: { is: { voidedAt: { not: null } } } },
  });
  return count === 1;
}

/**
 * The viewer's activated codes with their shows, newest first (GET …/viewers/{id}/shows):
 * a code voided by its order's cancel or refund is no ticket any more (decision 0064).
 */
export function findViewerShowsWithShow(db: Db, viewerId: string, take: number) {
  return db.viewerShow.findMany({
    where: { viewerId, ...VIEWER_SHOW_NOT_REVOKED },
    include: { show: true, ticketCode: { select: MY_TICKET_CODE_SELECT } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
  });
}

export function insertViewerShow(tx: Tx, data: Prisma.ViewerShowUncheckedCreateInput) {
  return tx.viewerShow.create({ data, select: { id: true, showId: true, livestream: true } });
}

/** The first code the tickets job (or an inline run of it) issued for an order. */
export function findFirstCodeOfOrder(tx: Tx, orderId: string) {
  return tx.ticketCode.findFirst({
    where: { orderId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { code: true },
  });
}

/** What the older purchase fills the buyer form with (000 §3 buyer fields, from the profile). */
export function findBuyerProfile(tx: Tx, userId: string) {
  return tx.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, fullname: true, firstname: true, lastname: true, phone: true },
  });
}
