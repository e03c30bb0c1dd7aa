import { DEVICE_REPLACED_MESSAGE } from '@taquilla/contract';
import type { RealtimeHub, RealtimeSocket } from '../../plugins/realtime-hub.ts';
import type { Participant } from '../chat/chat-participant.ts';
import type { HeldDevice } from '../devices/devices.service.ts';
import type { WatchGrant } from '../player/player.types.ts';

/** What travels between instances on a device channel when a device enters. */
interface DeviceEnteredNews {
  type: 'device-entered';
  key: string;
  seq: number;
}

/** A device this socket entered with, and what it knows of later entries. */
export interface DeviceHold extends HeldDevice {
  seq: number;
  grant: WatchGrant;
  isReplaced: boolean;
  /** The socket that listens on the hub for this device channel. */
  listener: RealtimeSocket;
  participant: Participant | null;
  lastPresenceAt: number | null;
}

/**
 * The hub listener of an entered device channel. Every instance hears each entry
 * (`device-entered` with its key and order number); a socket whose device entered
 * earlier, with the same key, is replaced (`onReplaced`). Nothing on this channel
 * reaches the client as it is: the client hears `device`, `device-replaced` and
 * `presence` from the connection.
 */
export function deviceListener(
  socket: { readonly readyState: number },
  deviceKey: string,
  onNews: (seq: number) => void,
): RealtimeSocket {
  return {
    get readyState() {
      return socket.readyState;
    },
    send(payload: string) {
      let news: DeviceEnteredNews | undefined;
      try {
        news = (JSON.parse(payload) as { data?: DeviceEnteredNews }).data;
      } catch {
        return;
      }
      if (news?.type === 'device-entered' && news.key === deviceKey) onNews(news.seq);
    },
  };
}

/** Announces an entry to the other devices of the code, on every instance. */
export function announceEntry(
  hub: Pick<RealtimeHub, 'publish'>,
  channel: string,
  deviceKey: string,
  seq: number,
): Promise<void> {
  const news: DeviceEnteredNews = { type: 'device-entered', key: deviceKey, seq };
  return hub.publish(channel, news);
}

export const deviceReplacedData = { type: 'device-replaced', message: DEVICE_REPLACED_MESSAGE };
