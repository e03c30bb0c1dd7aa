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

/** A viewer's access to a show from an activated ticket, and whether its code was voided since. */
export interface ViewerShowForWatch {
  code: string;
  expiresOn: Date | null;
  livestream: boolean;
  /** Set when the code's order was cancelled or refunded (decision 0064): access is revoked. */
  voidedAt: Date | null;
  /** The status the code's order was left in (REFUND, CANCELLED), to say why. */
  orderStatus: string | null;
}

/**
 * The viewer's access to the show from an activated ticket (001 §3 viewer-show), if
 * any, with its code's voided time read in the same statement: a code voided by its
 * order's cancel or refund opens nothing (decision 0064), and no separate read could
 * miss a void that committed between the two. A viewer-show without a code (written
 * by hand or before codes were linked) has nothing to void.
 */
export async function findViewerShowForWatch(
  db: Db | Tx,
  viewerId: string,
  showId: string,
): Promise<ViewerShowForWatch | null> {
  const rows = await db.$queryRaw<ViewerShowForWatch[]>`
    SELECT vs.code, vs.expires_on AS "expiresOn", vs.livestream,
           tc.voided_at AS "voidedAt", o.status::text AS "orderStatus"
      FROM viewer_shows vs
      LEFT JOIN ticket_codes tc ON tc.id = vs.ticket_code_id
      LEFT JOIN orders o ON o.id = tc.order_id
     WHERE vs.viewer_id = ${viewerId}::uuid AND vs.show_id = ${showId}::uuid`;
  return rows[0] ?? null;
}
