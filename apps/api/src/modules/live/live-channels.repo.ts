import type { LiveChannelStatus, Prisma } from '../../generated/prisma/client.ts';
import type { Db, Tx } from '../../infra/db.ts';
import type { Organiser } from '../admin/admin.access.ts';

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
