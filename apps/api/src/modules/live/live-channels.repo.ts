import type { LiveChannel, LiveChannelStatus, Prisma } from '../../generated/prisma/client.ts';
import type { Db, Tx } from '../../infra/db.ts';
import type { Organiser } from '../admin/shared/admin.access.ts';

const ADMIN_LIST_LIMIT = 500;

/** The channels an organiser manages: an admin all, a producer those of its own shows. */
export function channelScope(actor: Organiser): Prisma.LiveChannelWhereInput {
  return actor.role === 'Admin' ? {} : { show: { producerId: actor.producerId } };
}

export function createChannel(tx: Tx, data: { name: string; showId: string | null }) {
  return tx.liveChannel.create({ data });
}

export function listChannels(db: Db | Tx, scope: Prisma.LiveChannelWhereInput) {
  return db.liveChannel.findMany({
    where: scope,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: ADMIN_LIST_LIMIT,
  });
}

export function findChannel(db: Db | Tx, scope: Prisma.LiveChannelWhereInput, id: string) {
  return db.liveChannel.findFirst({ where: { ...scope, id } });
}

/** Serialises changes of one channel (organiser and media server alike) for their audit rows. */
export async function lockChannel(tx: Tx, id: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM live_channels WHERE id = ${id}::uuid FOR UPDATE`;
}

export function setChannelStatus(
  tx: Tx,
  id: string,
  state: { status: LiveChannelStatus; currentEvent: string | null },
) {
  return tx.liveChannel.update({ where: { id }, data: state });
}

/**
 * Deletes the channel in the actor's scope unless its show is on the air, and
 * answers it; null when nothing was deleted. One statement decides: the CTE
 * share-locks the channel's show row, which every status change (PUT …/status,
 * a live event) holds for update, so a change in flight is waited for and its
 * committed status is the one read.
 */
export async function deleteChannelUnlessOnAir(
  tx: Tx,
  actor: Organiser,
  id: string,
  onAirStatuses: readonly string[],
): Promise<LiveChannel | null> {
  const producerId = actor.role === 'Admin' ? null : actor.producerId;
  const rows = await tx.$queryRaw<LiveChannel[]>`
    WITH channel_show AS (
      SELECT s.id, s.producer_id, s.status::text AS status
        FROM shows s JOIN live_channels c ON c.show_id = s.id
       WHERE c.id = ${id}::uuid
         FOR SHARE OF s)
    DELETE FROM live_channels c
     WHERE c.id = ${id}::uuid
       AND (${producerId}::uuid IS NULL
            OR EXISTS (SELECT 1 FROM channel_show WHERE producer_id = ${producerId}::uuid))
       AND NOT EXISTS (SELECT 1 FROM channel_show WHERE status = ANY(${onAirStatuses}::text[]))
    RETURNING c.id, c.show_id AS "showId", c.name, c.status, c.current_event AS "currentEvent",
              c.created_at AS "createdAt", c.updated_at AS "updatedAt"`;
  return rows[0] ?? null;
}

/** The answer the player polls: only what it needs. */
export function findChannelStatus(db: Db | Tx, id: string) {
  return db.liveChannel.findUnique({
    where: { id },
    select: { status: true, currentEvent: true },
  });
}

/** A media server's change has no user behind it: the provider and its address are the record. */
export async function recordWebhookAudit(
  tx: Tx,
  entry: {
    provider: string;
    channelId: string;
    before: Prisma.InputJsonValue;
    after: Prisma.InputJsonValue;
    ip: string | null;
  },
): Promise<void> {
  await tx.auditLog.create({
    data: {
      actorUserId: null,
      action: `live_channel.webhook.${entry.provider}`,
      entityType: 'live_channel',
      entityId: entry.channelId,
      before: entry.before,
      after: entry.after,
      ip: entry.ip,
    },
  });
}
