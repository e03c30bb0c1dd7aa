import type { Db, Tx } from '../../infra/db.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const WATCH_SHOW = {
  id: true,
  producerId: true,
  status: true,
  paid: true,
  videoUrl: true,
  settings: true,
} as const;

/** A show as the watch rules read it, by `_id` or by its vanity `path`. */
export function findShowForWatch(db: Db | Tx, idOrPath: string) {
  return db.show.findUnique({
    where: UUID.test(idOrPath) ? { id: idOrPath } : { path: idOrPath },
    select: WATCH_SHOW,
  });
}
export type WatchShowRow = NonNullable<Awaited<ReturnType<typeof findShowForWatch>>>;

/** An access code of the show that still opens it: not revoked, not past `expires_on`. */
export function findLiveAccessCode(db: Db | Tx, showId: string, code: string, now: Date) {
  return db.accessCode.findFirst({
    where: {
      showId,
      code,
      revokedAt: null,
      OR: [{ expiresOn: null }, { expiresOn: { gt: now } }],
    },
    select: { code: true, expiresOn: true },
  });
}

/** The viewer's access to the show from an activated ticket (001 §3 viewer-show), if any. */
export function findViewerShowForWatch(db: Db | Tx, viewerId: string, showId: string) {
  return db.viewerShow.findUnique({
    where: { viewerId_showId: { viewerId, showId } },
    select: { code: true, expiresOn: true, livestream: true },
  });
}
