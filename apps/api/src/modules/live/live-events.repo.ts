import { Prisma } from '../../generated/prisma/client.ts';
import type { ShowEventStatus } from '../../generated/prisma/client.ts';
import type { Db, Tx } from '../../infra/db.ts';

/** The live state players of a show apply on joining, or null before the first event. */
export function findLiveState(db: Db | Tx, showId: string) {
  return db.showLiveState.findUnique({ where: { showId } });
}

/** Replaces the show's live state (one row per show) with the event just sent. */
export function saveLiveState(
  tx: Tx,
  showId: string,
  state: { status: ShowEventStatus; metadata: Prisma.InputJsonValue | null; sentAt: Date },
) {
  // SQL NULL, not JSON null: only a curtain has content (a CHECK holds it).
  const data = {
    status: state.status,
    metadata: state.metadata ?? Prisma.DbNull,
    sentAt: state.sentAt,
  };
  return tx.showLiveState.upsert({ where: { showId }, create: { showId, ...data }, update: data });
}

/** A show anyone may follow live: any but a draft (the rule of the `show-events/` channel). */
export function findPublicShowId(db: Db | Tx, id: string) {
  return db.show.findFirst({ where: { id, status: { not: 'NEW' } }, select: { id: true } });
}
