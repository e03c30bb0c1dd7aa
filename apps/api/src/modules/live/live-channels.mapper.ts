import type { AdminLiveChannel, LiveChannel } from '@taquilla/contract';
import type { LiveChannel as LiveChannelRow } from '../../generated/prisma/client.ts';

/** The MediaMTX path a channel is published on: its reports name the channel by it. */
export const mediamtxPath = (channelId: string) => `live/${channelId}`;

export function toLiveChannel(row: Pick<LiveChannelRow, 'status' | 'currentEvent'>): LiveChannel {
  return { status: row.status, current_event: row.currentEvent };
}

export function toAdminLiveChannel(
  row: LiveChannelRow,
  owncastUrl: (channelId: string) => string | null,
): AdminLiveChannel {
  return {
    _id: row.id,
    name: row.name,
    show_uid: row.showId,
    status: row.status,
    current_event: row.currentEvent,
    updated_at: row.updatedAt.toISOString(),
    webhooks: { mediamtx_path: mediamtxPath(row.id), owncast_url: owncastUrl(row.id) },
  };
}
