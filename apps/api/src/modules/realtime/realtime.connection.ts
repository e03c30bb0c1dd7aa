import { CHANNEL_PATTERNS, REALTIME_ERRORS, isRealtimeErrorCode } from '@taquilla/contract';
import type {
  ChannelInit,
  RealtimeClientMessage,
  RealtimeErrorCode,
  RealtimeServerMessage,
} from '@taquilla/contract';
import { PRESENCE_INTERVAL_MS } from '@taquilla/domain';
import { isAppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import type { RealtimeHub, RealtimeSocket } from '../../plugins/realtime-hub.ts';
import { participantOf, presenceParticipantOf } from '../chat/chat-participant.ts';
import type { Participant } from '../chat/chat-participant.ts';
import type { ChatLinkService } from '../chat/chat-link.service.ts';
import type { ChatService } from '../chat/chat.service.ts';
import type { DeviceStore } from '../devices/device-store.ts';
import type { DevicesService } from '../devices/devices.service.ts';
import type { PollsService } from '../polls/polls.service.ts';
import type { WatchGrant } from '../player/player.types.ts';
import type { ViewerTokens } from '../player/viewer-token.ts';
import { watchRefusalOf } from './realtime.access.ts';
import type { ChannelAccess, SocketIdentity } from './realtime.access.ts';
import { deviceKeyOf } from '../devices/device-key.ts';
import { announceEntry, deviceListener, deviceReplacedData } from './realtime.devices.ts';
import type { DeviceHold } from './realtime.devices.ts';
import { createTicketHolds } from './realtime.revocations.ts';
import type { RevocableSockets } from './realtime.revocations.ts';
import type { ClosableSocket } from './realtime.sessions.ts';

const MAX_SUBSCRIPTIONS = 50;
/** A player reports presence every 180 s (001 §7); reports closer than a third of that are refused. */
const PRESENCE_MIN_GAP_MS = PRESENCE_INTERVAL_MS / 3;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ConnectionDeps {
  db: Db;
  clock: () => Date;
  hub: RealtimeHub;
  access: ChannelAccess;
  chat: ChatService;
  polls: PollsService;
  links: ChatLinkService;
  devices: DevicesService;
  deviceStore: DeviceStore;
  /** Sockets watching with a ticket, closed when its order is cancelled or refunded (0064). */
  revocations: Pick<RevocableSockets, 'track'>;
  /** Who a password show's guest is in its chat and polls (decision 0063). */
  viewerTokens: Pick<ViewerTokens, 'holderOf'>;
  log: { warn: (o: object, m: string) => void; error: (o: object, m: string) => void };
}

/** An action's refusal as the socket hears it: the action's own codes, else the watch rules'. */
function refusalOf(err: unknown, overrides: Partial<Record<string, RealtimeErrorCode>> = {}) {
  if (!isAppError(err)) throw err;
  const override = overrides[err.code];
  if (override) return override;
  if (isRealtimeErrorCode(err.code)) return err.code;
  return watchRefusalOf(err);
}

/**
 * One socket's state and actions (ARCHITECTURE §5, 001 §7, decision 0026): its
 * subscriptions, the chats and polls it joined with `setChannel` (and as whom), and
 * the devices it entered on `show-access/{show}/codes/{code}`.
 */
export function createConnection(
  deps: ConnectionDeps,
  socket: RealtimeSocket & ClosableSocket,
  identity: Promise<SocketIdentity>,
) {
  const subscriptions = new Map<string, RealtimeSocket>();
  /** The show channels joined on a ticket: the socket closes if that ticket is revoked. */
  const tickets = createTicketHolds(deps.revocations, socket);
  const joined = new Map<string, Participant>();
  const devices = new Map<string, DeviceHold>();
  /** Shows whose device this socket lost: its chats and polls there end too. */
  const replacedShows = new Set<string>();

  const send = (message: RealtimeServerMessage) => socket.send(JSON.stringify(message));
  const fail = (error: RealtimeErrorCode, channel?: string) =>
    send({
      type: 'error',
      error,
      message: REALTIME_ERRORS[error],
      ...(channel ? { channel } : {}),
    });
  const deliver = (channel: string, data: unknown) => send({ type: 'message', channel, data });

  async function leaveChannel(channel: string): Promise<void> {
    const subscriber = subscriptions.get(channel);
    subscriptions.delete(channel);
    tickets.release(channel);
    joined.delete(channel);
    const hold = devices.get(channel);
    devices.delete(channel);
    if (subscriber) await deps.hub.unsubscribe(channel, subscriber);
    if (hold && !hold.isReplaced)
      await deps.deviceStore.leave(hold.showId, hold.deviceKey, hold.token);
  }

  /** Another device entered with this code: the second-device screen, and this show ends here. */
  async function replace(channel: string, hold: DeviceHold): Promise<void> {
    if (hold.isReplaced) return;
    hold.isReplaced = true;
    replacedShows.add(hold.showId);
    deliver(channel, deviceReplacedData);
    const subscriber = subscriptions.get(channel);
    subscriptions.delete(channel);
    tickets.release(channel);
    if (subscriber) await deps.hub.unsubscribe(channel, subscriber);
    for (const watched of [`chats-${hold.showId}`, `polls-${hold.showId}`]) {
      if (!subscriptions.has(watched)) continue;
      await leaveChannel(watched);
      send({ type: 'unsubscribed', channel: watched });
    }
  }

  async function hubSubscribe(channel: string, subscriber: RealtimeSocket): Promise<void> {
    subscriptions.set(channel, subscriber);
    await deps.hub.subscribe(channel, subscriber);
  }

  /** Entering (001 §4): a new device token for the code, or the same one when resuming. */
  async function enterDevice(
    channel: string,
    showId: string,
    grant: NonNullable<DeviceHold['grant']>,
    resume: string | null,
  ): Promise<void> {
    const { browserSession } = await identity;
    const deviceKey = deviceKeyOf(grant, browserSession);
    let latestNews = 0;
    let hold: DeviceHold | null = null;
    const listener = deviceListener(socket, deviceKey, (seq) => {
      latestNews = Math.max(latestNews, seq);
      if (hold && seq > hold.seq) void replace(channel, hold);
    });
    // Listening first: an entry made while this one is under way is heard, and ordered.
    await hubSubscribe(channel, listener);
    const entry = await deps.deviceStore.enter(showId, deviceKey, resume, deps.clock());
    send({ type: 'subscribed', channel });
    if (entry.kind === 'replaced') {
      subscriptions.delete(channel);
      await deps.hub.unsubscribe(channel, listener);
      replacedShows.add(showId);
      deliver(channel, deviceReplacedData);
      return;
    }
    hold = {
      showId,
      deviceKey,
      code: grant.code,
      token: entry.token,
      seq: entry.seq,
      grant,
      isReplaced: false,
      listener,
      participant: null,
      lastPresenceAt: null,
    };
    devices.set(channel, hold);
    tickets.hold(channel, grant);
    replacedShows.delete(showId);
    deliver(channel, { type: 'device', token: entry.token });
    if (entry.kind === 'entered') await announceEntry(deps.hub, channel, deviceKey, entry.seq);
    if (latestNews > hold.seq) await replace(channel, hold);
  }

  async function subscribe(message: Extract<RealtimeClientMessage, { action: 'subscribe' }>) {
    const { channel } = message;
    if (subscriptions.has(channel)) return send({ type: 'subscribed', channel });
    if (subscriptions.size >= MAX_SUBSCRIPTIONS) return fail('TOO_MANY_SUBSCRIPTIONS', channel);
    const decision = await deps.access.authorize(channel, await identity, message.code ?? null);
    if (!decision.ok) return fail(decision.error, channel);
    const device = CHANNEL_PATTERNS.showAccess.exec(channel);
    if (device?.[1] && decision.grant) {
      return enterDevice(channel, device[1], decision.grant, message.device ?? null);
    }
    await hubSubscribe(channel, socket);
    if (decision.grant) tickets.hold(channel, decision.grant);
    send({ type: 'subscribed', channel });
  }

  /** 001 §7 setChannel: joins a chat or a show's polls as the server knows the socket, then `init`. */
  async function setChannel(message: Extract<RealtimeClientMessage, { action: 'setChannel' }>) {
    const channel = message.channel_id;
    const showId = (CHANNEL_PATTERNS.chat.exec(channel) ??
      CHANNEL_PATTERNS.polls.exec(channel))?.[1];
    if (!showId) return fail('CHANNEL_UNKNOWN', channel);
    if (replacedShows.has(showId)) return fail('DEVICE_REPLACED', channel);
    if (!subscriptions.has(channel) && subscriptions.size >= MAX_SUBSCRIPTIONS) {
      return fail('TOO_MANY_SUBSCRIPTIONS', channel);
    }
    const who = await identity;
    let participant: Participant;
    let grant: WatchGrant;
    let isSubscribedHere = false;
    try {
      if (message.s !== undefined) {
        ({ participant, grant } = await deps.links.participant(showId, message.s, who.watcher.ip));
      } else {
        const decision = await deps.access.authorize(channel, who, message.code ?? null);
        if (!decision.ok) return fail(decision.error, channel);
        if (!decision.grant) return fail('CHANNEL_FORBIDDEN', channel);
        grant = decision.grant;
        // A password show's guest is the person its viewer token names, or nobody (0063).
        const holder = deps.viewerTokens.holderOf(showId, message.viewer_token);
        const found = await participantOf(deps.db, grant, who.watcher, holder);
        if (!found) return fail('VIEWER_TOKEN_INVALID', channel);
        participant = found;
      }
      // Subscribed before the history is read: nothing said in between is lost (the
      // client drops a message it already has by its _id).
      if (!subscriptions.has(channel)) {
        isSubscribedHere = true;
        await hubSubscribe(channel, socket);
      }
      const isChat = channel.startsWith('chats-');
      const messages = isChat ? await deps.chat.join(showId, participant) : [];
      const { poll, answered } = await deps.polls.activeFor(showId, participant.key);
      joined.set(channel, participant);
      tickets.hold(channel, grant);
      send({ type: 'subscribed', channel });
      const init: ChannelInit = { type: 'init', messages, poll, pollAnswered: answered };
      deliver(channel, init);
    } catch (err) {
      if (isSubscribedHere) await leaveChannel(channel);
      return fail(refusalOf(err), channel);
    }
  }

  async function sendMessage(message: Extract<RealtimeClientMessage, { action: 'sendMessage' }>) {
    const channel = message.channel_id;
    const showId = CHANNEL_PATTERNS.chat.exec(channel)?.[1];
    if (!showId) return fail('CHANNEL_UNKNOWN', channel);
    if (replacedShows.has(showId)) return fail('DEVICE_REPLACED', channel);
    const author = joined.get(channel);
    if (!author) return fail('CHANNEL_NOT_JOINED', channel);
    try {
      const { watcher } = await identity;
      await deps.chat.send(showId, author, message.data.message, watcher.ip);
    } catch (err) {
      fail(
        refusalOf(err, {
          VALIDATION_ERROR: 'CHAT_MESSAGE_INVALID',
          RATE_LIMITED: 'CHAT_SENDING_TOO_FAST',
          SHOW_NOT_FOUND: 'CHAT_CLOSED',
        }),
        channel,
      );
    }
  }

  async function sendPollAnswer(
    message: Extract<RealtimeClientMessage, { action: 'sendPollAnswer' }>,
  ) {
    const channel = message.channel_id;
    const showId = (CHANNEL_PATTERNS.polls.exec(channel) ??
      CHANNEL_PATTERNS.chat.exec(channel))?.[1];
    if (!showId) return fail('CHANNEL_UNKNOWN', channel);
    if (replacedShows.has(showId)) return fail('DEVICE_REPLACED', channel);
    const respondent = joined.get(channel);
    if (!respondent) return fail('CHANNEL_NOT_JOINED', channel);
    const { poll_uid: pollId, option_uid: optionId } = message.data;
    if (!UUID.test(pollId)) return fail('POLL_NOT_FOUND', channel);
    if (!UUID.test(optionId)) return fail('POLL_OPTION_INVALID', channel);
    try {
      const { watcher } = await identity;
      const { poll } = await deps.polls.answer(showId, respondent, pollId, optionId, watcher.ip);
      // The answerer sees the results at once (001 §4); everyone else shortly after.
      deliver(channel, {
        type: 'poll-results',
        poll_uid: poll._id,
        results: poll.results,
        total: poll.total,
      });
    } catch (err) {
      fail(refusalOf(err), channel);
    }
  }

  async function sendPresence(message: Extract<RealtimeClientMessage, { action: 'sendPresence' }>) {
    const channel = message.channel_id;
    if (!CHANNEL_PATTERNS.showAccess.test(channel)) return fail('CHANNEL_UNKNOWN', channel);
    const hold = devices.get(channel);
    if (!hold) return fail('DEVICE_NOT_ENTERED', channel);
    if (hold.isReplaced) return fail('DEVICE_REPLACED', channel);
    const now = deps.clock().getTime();
    if (hold.lastPresenceAt !== null && now - hold.lastPresenceAt < PRESENCE_MIN_GAP_MS) {
      return fail('RATE_LIMITED', channel);
    }
    try {
      const who = await identity;
      hold.participant ??= await presenceParticipantOf(deps.db, hold.grant, who.watcher);
      const recordedAt = await deps.devices.recordPresence(hold, hold.participant);
      hold.lastPresenceAt = now;
      deliver(channel, { type: 'presence', recorded_at: recordedAt.toISOString() });
    } catch (err) {
      const error = refusalOf(err);
      if (error === 'DEVICE_REPLACED') return replace(channel, hold);
      fail(error, channel);
    }
  }

  return {
    async handle(message: RealtimeClientMessage): Promise<void> {
      switch (message.action) {
        case 'ping':
          return send({ type: 'pong' });
        case 'unsubscribe':
          await leaveChannel(message.channel);
          return send({ type: 'unsubscribed', channel: message.channel });
        case 'subscribe':
          return subscribe(message);
        case 'setChannel':
          return setChannel(message);
        case 'sendMessage':
          return sendMessage(message);
        case 'sendPollAnswer':
          return sendPollAnswer(message);
        case 'sendPresence':
          return sendPresence(message);
      }
    },

    /** A failure nobody planned for: logged, and the action refused. */
    fail,

    /** The hub's heartbeat: devices that still hold their code stay connected. */
    async heartbeat(): Promise<void> {
      for (const [channel, hold] of devices) {
        if (hold.isReplaced) continue;
        const held = await deps.deviceStore.touch(
          hold.showId,
          hold.deviceKey,
          hold.token,
          deps.clock(),
        );
        if (!held) await replace(channel, hold);
      }
    },

    async close(): Promise<void> {
      for (const channel of [...subscriptions.keys(), ...devices.keys()]) {
        await leaveChannel(channel);
      }
    },
  };
}

export type Connection = ReturnType<typeof createConnection>;
