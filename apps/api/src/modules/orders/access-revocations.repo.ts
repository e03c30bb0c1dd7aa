import { Prisma } from '../../generated/prisma/client.ts';
import type { Db } from '../../infra/db.ts';

/** A viewer's access to a show, as an activated ticket code gave it (a viewer-show). */
export interface ViewerAccess {
  viewerId: string;
  showId: string;
}

/**
 * The viewer-shows the order's voided codes had opened: the access its cancel or
 * refund revoked (decision 0064). Read after the commit, in one statement, so it
 * names every viewer whose code was voided.
 */
export function findRevokedAccessOfOrder(db: Db, orderId: string): Promise<ViewerAccess[]> {
  return db.viewerShow.findMany({
    where: { ticketCode: { is: { orderId, voidedAt: { not: null } } } },
    select: { viewerId: true, showId: true },
    orderBy: { id: 'asc' },
  });
}

/**
 * Which of these viewer-show pairs are revoked now (their code voided), with the
 * status its order was left in: one statement for up to a batch of pairs.
 */
export function findRevokedAmong(
  db: Db,
  pairs: readonly ViewerAccess[],
): Promise<(ViewerAccess & { orderStatus: string })[]> {
  if (pairs.length === 0) return Promise.resolve([]);
  const viewers = pairs.map((p) => p.viewerId);
  const shows = pairs.map((p) => p.showId);
  return db.$queryRaw<(ViewerAccess & { orderStatus: string })[]>(Prisma.sql`
    SELECT vs.viewer_id AS "viewerId", vs.show_id AS "showId", o.status::text AS "orderStatus"
      FROM unnest(${viewers}::uuid[], ${shows}::uuid[]) AS wanted(viewer_id, show_id)
      JOIN viewer_shows vs ON vs.viewer_id = wanted.viewer_id AND vs.show_id = wanted.show_id
      JOIN ticket_codes tc ON tc.id = vs.ticket_code_id AND tc.voided_at IS NOT NULL
      JOIN orders o ON o.id = tc.order_id`);
}
