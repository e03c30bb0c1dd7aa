import type { RealtimeServerMessage } from '@taquilla/contract';
import {
  REALTIME_ACCESS_REVOKED,
  REALTIME_PATH,
  REALTIME_SESSION_ENDED,
  REALTIME_SESSION_REPLACED,
  REALTIME_TOO_MANY_ACTIONS,
  REALTIME_TOO_MANY_CONNECTIONS,
} from '@taquilla/contract/plain';
import { env } from '../config/env';

/*
 * The one WebSocket to the gateway's realtime hub (ARCHITECTURE §5), shared by every
 * channel a page listens to. It connects when the first channel is wanted, subscribes
 * each channel once, and after a drop reconnects with a growing pause (1 s up to 15 s)
 * and subscribes again. Each listener is told when the connection drops (`onDisconnect`,
 * so a page can say it is reconnecting) and, since what was said while it was down is
 * lost, when it is back (`onReconnect`), to read its state afresh.
 *
 * A close with REALTIME_SESSION_ENDED's code (4401: the session that authenticated the
 * socket ended, decision 0052) is not retried: the listeners hear `onSessionEnded` with
 * the server's Spanish reason, the session's owner (`onRealtimeSessionEnded`) re-reads
 * the session as after a 401, and the connection comes back only when told to
 * (`resumeRealtime`) or when a page listens to a new channel, never in a loop with the
 * dead session. A close with REALTIME_SESSION_REPLACED's code (4409: a login of the
 * same account elsewhere ended the session) is the same, and the listeners are told it
 * was a replacement (the player shows the second-device screen, 001 §4).
 *
 * A close with REALTIME_ACCESS_REVOKED's code (4403: the order of the ticket the page
 * watched a show with was cancelled or refunded, decision 0064) is told to the listeners
 * as `onAccessRevoked` with the server's Spanish reason, not as a drop: the player says
 * why instead of "Reconectando…", and leaves its channels. The connection comes back
 * after the usual pause for the channels still wanted, if any.
 *
 * A close for a limit (decision 0063: 4429, this socket sent too much too fast; 4430,
 * too many sockets from this address) is retried after the longest pause, and the
 * listeners hear `onLimited` with the server's Spanish reason until it is back.
 */

export type ChannelListener = {
  onMessage: (data: unknown) => void;
  /** Called after the connection came back: messages may have been missed. */
  onReconnect?: () => void;
  /**
   * The hub confirmed the channel's subscription (its `subscribed` answer), at first and
   * again after each reconnection: from then on nothing said on the channel is missed, so
   * a state read after it leaves no gap (a state read before it may miss what is said
   * while the subscription is made). A listener added to a channel already joined hears
   * it at once.
   */
  onJoined?: () => void;
  /** Called when the connection drops (or cannot be made) while the channel is wanted. */
  onDisconnect?: () => void;
  /** The hub refused something on this channel (the subscription or an action): its code and text. */
  onError?: (error: { error: string; message: string }) => void;
  /**
   * The server closed the socket because its session ended: the Spanish text to show,
   * and whether a login elsewhere replaced it (4409) rather than a logout or reset.
   */
  onSessionEnded?: (message: string, replaced: boolean) => void;
  /** The server closed the socket because the ticket it watched a show with was revoked (4403). */
  onAccessRevoked?: (message: string) => void;
  /** The server closed the socket for a limit (4429, 4430): its Spanish text; a retry follows. */
  onLimited?: (message: string) => void;
};

export type ChannelOptions = {
  /**
   * The message that joins the channel, sent again after every reconnection: by default
   * `{ action: 'subscribe', channel }`; a chat sends `setChannel`, a device channel
   * resumes with its token. Read each time, so it may change (a token learned later).
   */
  join?: () => Record<string, unknown>;
};

const PING_EVERY_MS = 25_000;
const sessionEndedHandlers = new Set<(message: string) => void>();
const MAX_PAUSE_MS = 15_000;
/** The closes for a limit (decision 0063), with the text to show when the server gave none. */
const LIMIT_CLOSES: ReadonlyMap<number, string> = new Map([
  [REALTIME_TOO_MANY_ACTIONS.code, REALTIME_TOO_MANY_ACTIONS.reason],
  [REALTIME_TOO_MANY_CONNECTIONS.code, REALTIME_TOO_MANY_CONNECTIONS.reason],
]);

function realtimeUrl(): string {
  const base = env.apiBaseUrl || window.location.origin;
  return `${base.replace(/^http/, 'ws')}${REALTIME_PATH}`;
}

type ChannelFrame =
  | Extract<RealtimeServerMessage, { type: 'message' | 'subscribed' }>
  | (Extract<RealtimeServerMessage, { type: 'error' }> & { channel: string });

/**
 * A hub frame for a channel: a message, or a refusal on that channel. The hub sends the
 * contract's RealtimeServerMessage; its frames are told apart here by their fields, not
 * by the contract's schema, which would bring zod into every page (decision 0070). Each
 * listener reads its channel's `data` as it knows it.
 */
function asChannelFrame(value: unknown): ChannelFrame | null {
  const frame = value as Partial<Record<'type' | 'channel' | 'error' | 'message', unknown>> | null;
  if (typeof frame?.channel !== 'string') return null;
  if (frame.type === 'message' || frame.type === 'subscribed') return frame as ChannelFrame;
  const isRefusal =
    frame.type === 'error' && typeof frame.error === 'string' && typeof frame.message === 'string';
  return isRefusal ? (frame as ChannelFrame) : null;
}

class RealtimeConnection {
  private socket: WebSocket | null = null;
  private readonly channels = new Map<string, Set<ChannelListener>>();
  private readonly joins = new Map<string, () => Record<string, unknown>>();
  /** The channels the hub confirmed on the current socket. */
  private readonly joined = new Set<string>();
  private pause = 1_000;
  private hasConnected = false;
  /** The connection dropped (or never opened) and a new attempt is pending. */
  private hasDropped = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  /** The server ended the socket's session: no reconnection until resumed. */
  private isSessionEnded = false;

  listen(channel: string, listener: ChannelListener, options: ChannelOptions = {}): () => void {
    let listeners = this.channels.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.channels.set(channel, listeners);
      this.joins.set(channel, options.join ?? (() => ({ action: 'subscribe', channel })));
      this.sendJoin(channel);
    }
    listeners.add(listener);
    if (this.hasDropped) listener.onDisconnect?.();
    if (this.joined.has(channel)) {
      queueMicrotask(() => {
        if (this.channels.get(channel)?.has(listener) && this.joined.has(channel)) {
          listener.onJoined?.();
        }
      });
    }
    this.connect();
    return () => {
      const current = this.channels.get(channel);
      if (!current) return;
      current.delete(listener);
      if (current.size > 0) return;
      this.channels.delete(channel);
      this.joins.delete(channel);
      this.joined.delete(channel);
      this.send({ action: 'unsubscribe', channel });
      if (this.channels.size === 0) this.disconnect();
    };
  }

  /** Sends while connected; false when the message could not go (the caller may say so). */
  send(message: object): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  private sendJoin(channel: string): void {
    const join = this.joins.get(channel);
    if (join) this.send(join());
  }

  /** Connects again after a session ended, once the session was re-read. */
  resume(): void {
    if (!this.isSessionEnded) return;
    this.isSessionEnded = false;
    if (this.channels.size > 0) this.connect();
  }

  private connect(): void {
    if (this.socket || this.reconnectTimer || typeof WebSocket === 'undefined') return;
    this.isSessionEnded = false;
    const socket = new WebSocket(realtimeUrl());
    this.socket = socket;
    socket.addEventListener('open', () => {
      const isReconnect = this.hasConnected || this.hasDropped;
      this.hasConnected = true;
      this.hasDropped = false;
      this.pause = 1_000;
      for (const channel of this.channels.keys()) this.sendJoin(channel);
      this.pingTimer = setInterval(() => this.send({ action: 'ping' }), PING_EVERY_MS);
      if (isReconnect) this.notify((listener) => listener.onReconnect?.());
    });
    socket.addEventListener('message', (event) => this.receive(event.data));
    socket.addEventListener('close', (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.clearSocket();
      if (event.code === REALTIME_SESSION_ENDED.code) {
        this.endSession(event.reason || REALTIME_SESSION_ENDED.reason, false);
        return;
      }
      if (event.code === REALTIME_SESSION_REPLACED.code) {
        this.endSession(event.reason || REALTIME_SESSION_REPLACED.reason, true);
        return;
      }
      const isRevoked = event.code === REALTIME_ACCESS_REVOKED.code;
      if (isRevoked) {
        const reason = event.reason || REALTIME_ACCESS_REVOKED.reason;
        this.notify((listener) => listener.onAccessRevoked?.(reason));
      }
      if (this.channels.size === 0) return;
      this.hasDropped = true;
      if (!isRevoked) this.notify((listener) => listener.onDisconnect?.());
      const limit = LIMIT_CLOSES.get(event.code);
      if (limit !== undefined) {
        // Coming back at once would meet the same limit: the longest pause.
        this.pause = MAX_PAUSE_MS;
        this.notify((listener) => listener.onLimited?.(event.reason || limit));
      }
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        this.connect();
      }, this.pause);
      this.pause = Math.min(this.pause * 2, MAX_PAUSE_MS);
    });
  }

  private endSession(message: string, replaced: boolean): void {
    this.isSessionEnded = true;
    this.pause = 1_000;
    if (this.channels.size > 0) {
      this.hasDropped = true;
      this.notify((listener) => listener.onDisconnect?.());
      this.notify((listener) => listener.onSessionEnded?.(message, replaced));
    }
    for (const handler of [...sessionEndedHandlers]) handler(message);
  }

  private notify(call: (listener: ChannelListener) => void): void {
    for (const listeners of this.channels.values()) {
      for (const listener of listeners) call(listener);
    }
  }

  private receive(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return;
    }
    const message = asChannelFrame(parsed);
    if (message?.type === 'error') {
      const { error, message: text } = message;
      for (const listener of this.channels.get(message.channel) ?? []) {
        listener.onError?.({ error, message: text });
      }
      return;
    }
    if (message?.type === 'subscribed') {
      if (!this.channels.has(message.channel)) return;
      this.joined.add(message.channel);
      for (const listener of this.channels.get(message.channel) ?? []) listener.onJoined?.();
      return;
    }
    if (message?.type !== 'message') return;
    const { channel, data } = message;
    for (const listener of this.channels.get(channel) ?? []) listener.onMessage(data);
  }

  private clearSocket(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    this.socket = null;
    this.joined.clear();
  }

  private disconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const socket = this.socket;
    this.clearSocket();
    this.hasConnected = false;
    this.hasDropped = false;
    socket?.close();
  }
}

let connection: RealtimeConnection | null = null;

/** Listens to one channel until the returned function is called. */
export function listenToChannel(
  channel: string,
  listener: ChannelListener,
  options?: ChannelOptions,
): () => void {
  connection ??= new RealtimeConnection();
  return connection.listen(channel, listener, options);
}

/**
 * Called when the server closes the socket because its session ended (4401): the
 * session's owner re-reads the session (as after a 401) and then calls `resumeRealtime`.
 * Returns the function that stops listening.
 */
export function onRealtimeSessionEnded(handler: (message: string) => void): () => void {
  sessionEndedHandlers.add(handler);
  return () => {
    sessionEndedHandlers.delete(handler);
  };
}

/** Reconnects (with whatever session the browser now has) after a session-ended close. */
export function resumeRealtime(): void {
  connection?.resume();
}

/**
 * Sends an action on the shared socket (001 §7 `sendMessage`, `sendPollAnswer`,
 * `sendPresence`); false while it is not connected.
 */
export function sendRealtime(message: Record<string, unknown>): boolean {
  return connection?.send(message) ?? false;
}
