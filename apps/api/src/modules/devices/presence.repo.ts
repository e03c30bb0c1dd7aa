import type { Db, Tx } from '../../infra/db.ts';

/** 001 §7 presence: show, user, viewer, username, code and when. */
export function insertPresenceRecord(
  db: Db | Tx,
  data: {
    showId: string;
    userId: string | null;
    viewerId: string | null;
    username: string;
    code: string;
    recordedAt: Date;
  },
) {
  return db.presenceRecord.create({ data, select: { id: true, recordedAt: true } });
}
