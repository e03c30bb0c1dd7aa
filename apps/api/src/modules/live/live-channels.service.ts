import type {
  AdminLiveChannel,
  AdminLiveChannelCreate,
  AdminLiveChannelUpdate,
  LiveChannel,
} from '@taquilla/contract';
import { ON_AIR_STATUSES } from '@taquilla/domain';
import { AppError, invalidField } from '../../errors.ts';
import type { LiveChannelStatus } from '../../generated/prisma/client.ts';
import { showScope } from '../admin/shared/admin.access.ts';
import type { AdminContext } from '../admin/shared/admin.access.ts';
import { writeCatalogue } from '../admin/shared/admin.write.ts';
import type { AdminDeps } from '../admin/shared/admin.write.ts';
import { findShowInScope } from '../admin/shared/admin-shows.repo.ts';
import { recordAudit } from '../admin/shared/audit.repo.ts';
import { toAdminLiveChannel, toLiveChannel } from './live-channels.mapper.ts';
import {
  channelScope,
  createChannel,
  deleteChannelUnlessOnAir,
  findChannel,
  findChannelStatus,
  listChannels,
  lockChannel,
  recordWebhookAudit,
  setChannelStatus,
} from './live-channels.repo.ts';

/** A change of a channel's status, from the organiser or from a media server. */
export interface ChannelState {
  status: LiveChannelStatus;
  currentEvent: string | null;
}

/**
 * Live-video channels (001 §3 "Live-video channel status", §4 "Live video
 * service"): the player polls a channel's status; the organiser or a media
 * server's signed webhook sets it. Every change is audited, and the cached
 * answers are dropped on every instance after it commits.
 */
export function createLiveChannelsService(
  deps: AdminDeps & {
    /** The signed Owncast URL of a channel, or null when webhooks are not configured. */
    owncastUrl: (channelId: string) => string | null;
  },
) {
  const { db } = deps;
  const toWire = (row: Parameters<typeof toAdminLiveChannel>[0]) =>
    toAdminLiveChannel(row, deps.owncastUrl);

  return {
    /** POST /admin/live/channels: idle until a media server or the organiser says otherwise. */
    async create(ctx: AdminContext, body: AdminLiveChannelCreate): Promise<AdminLiveChannel> {
      const showId = body.show_uid ?? null;
      if (showId === null && ctx.actor.role !== 'Admin') {
        throw invalidField('show_uid', 'Indica el evento al que pertenece el canal');
      }
      return writeCatalogue(deps, async (tx) => {
        if (showId !== null && !(await findShowInScope(tx, showScope(ctx.actor), showId))) {
          throw invalidField('show_uid', 'El evento no existe');
        }
        const row = await createChannel(tx, { name: body.name, showId });
        const after = toWire(row);
        await recordAudit(tx, ctx, {
          action: 'live_channel.create',
          entityType: 'live_channel',
          entityId: row.id,
          before: null,
          after,
        });
        return after;
      });
    },

    async list(ctx: AdminContext): Promise<{ items: AdminLiveChannel[] }> {
      const rows = await listChannels(db, channelScope(ctx.actor));
      return { items: rows.map(toWire) };
    },

    /** PUT /admin/live/channels/{id}: another organiser's channel is not found. */
    async update(
      ctx: AdminContext,
      id: string,
      body: AdminLiveChannelUpdate,
    ): Promise<AdminLiveChannel> {
      return writeCatalogue(deps, async (tx) => {
        await lockChannel(tx, id);
        const current = await findChannel(tx, channelScope(ctx.actor), id);
        if (!current) throw new AppError('LIVE_CHANNEL_NOT_FOUND');
        const row = await setChannelStatus(tx, id, {
          status: body.status,
          currentEvent: body.current_event,
        });
        const after = toWire(row);
        await recordAudit(tx, ctx, {
          action: 'live_channel.status',
          entityType: 'live_channel',
          entityId: id,
          before: toWire(current),
          after,
        });
        return after;
      });
    },

    /**
     * DELETE /admin/live/channels/{id}: not while its show is on the air
     * (the database decides, in one statement); another organiser's is not found.
     */
    async remove(ctx: AdminContext, id: string): Promise<AdminLiveChannel> {
      return writeCatalogue(deps, async (tx) => {
        const row = await deleteChannelUnlessOnAir(tx, ctx.actor, id, ON_AIR_STATUSES);
        if (!row) {
          // Only to say why: the delete has already decided.
          const kept = await findChannel(tx, channelScope(ctx.actor), id);
          throw new AppError(kept ? 'LIVE_CHANNEL_IN_USE' : 'LIVE_CHANNEL_NOT_FOUND');
        }
        const before = toWire(row);
        await recordAudit(tx, ctx, {
          action: 'live_channel.delete',
          entityType: 'live_channel',
          entityId: id,
          before,
          after: null,
        });
        return before;
      });
    },

    /** GET /live/channels/{channelId}.json. */
    async publicStatus(id: string): Promise<LiveChannel> {
      const row = await findChannelStatus(db, id);
      if (!row) throw new AppError('LIVE_CHANNEL_NOT_FOUND');
      return toLiveChannel(row);
    },

    /** A verified media server's report: the channel goes active or idle. */
    async setFromMediaServer(
      source: { provider: string; ip: string | null },
      id: string,
      state: ChannelState,
    ): Promise<LiveChannel> {
      return writeCatalogue(deps, async (tx) => {
        await lockChannel(tx, id);
        const current = await findChannel(tx, {}, id);
        if (!current) throw new AppError('LIVE_CHANNEL_NOT_FOUND');
        const row = await setChannelStatus(tx, id, state);
        await recordWebhookAudit(tx, {
          provider: source.provider,
          channelId: id,
          before: toLiveChannel(current),
          after: toLiveChannel(row),
          ip: source.ip,
        });
        return toLiveChannel(row);
      });
    },
  };
}

export type LiveChannelsService = ReturnType<typeof createLiveChannelsService>;
