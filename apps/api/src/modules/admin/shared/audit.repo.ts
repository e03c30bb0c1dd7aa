import type { Prisma } from '../../../generated/prisma/client.ts';
import type { Tx } from '../../../infra/db.ts';
import type { AdminContext } from './admin.access.ts';

/** A wire object (plain JSON) as stored in the audit log. */
type Snapshot = Prisma.InputJsonValue | null;

/**
 * Every organiser write leaves one row, in the same transaction as the
 * write: who, what, on which entity, the wire shape before and after, from
 * which address. `before` is null for a creation, `after` for a deletion.
 */
export async function recordAudit(
  tx: Tx,
  ctx: AdminContext,
  entry: {
    action: string;
    entityType: string;
    entityId: string;
    before: Snapshot;
    after: Snapshot;
  },
): Promise<void> {
  await tx.auditLog.create({
    data: {
      actorUserId: ctx.actor.userId,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      ...(entry.before === null ? {} : { before: entry.before }),
      ...(entry.after === null ? {} : { after: entry.after }),
      ip: ctx.ip,
    },
  });
}
