import type { Prisma } from '../../generated/prisma/client.ts';
import type { Db } from '../../infra/db.ts';

/** A show a player may report on: any but a draft. */
export function findReportableShow(db: Db, id: string) {
  return db.show.findFirst({ where: { id, status: { not: 'NEW' } }, select: { id: true } });
}

/** The caller's own access to the show, looked up from the session's viewer (never from the client). */
export async function findViewerShowId(
  db: Db,
  viewerId: string,
  showId: string,
): Promise<string | null> {
  const row = await db.viewerShow.findUnique({
    where: { viewerId_showId: { viewerId, showId } },
    select: { id: true },
  });
  return row?.id ?? null;
}

export function insertPlayerEvent(db: Db, data: Prisma.PlayerEventUncheckedCreateInput) {
  return db.playerEvent.create({ data, select: { id: true } });
}
