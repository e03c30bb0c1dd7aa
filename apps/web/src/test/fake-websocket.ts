/*
 * A WebSocket at the browser boundary for component tests: it opens at once, records
 * what the page sends, and lets a test deliver what the realtime hub would push.
 */
export class FakeWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static sockets: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  readonly sent: unknown[] = [];

  constructor(readonly url: string) {
    super();
    FakeWebSocket.sockets.push(this);
    queueMicrotask(() => {
      this.readyState = FakeWebSocket.OPEN;
      this.dispatchEvent(new Event('open'));
    });
  }

  send(data: string): void {
    const message = JSON.parse(data) as { action?: unknown; channel?: unknown };
    this.sent.push(message);
    // The hub confirms a subscription once it holds (`subscribed`), as the page waits for.
    if (message.action === 'subscribe' && typeof message.channel === 'string') {
      const { channel } = message;
      queueMicrotask(() => this.deliver({ type: 'subscribed', channel }));
    }
  }

  private deliver(frame: object): void {
    if (this.readyState !== FakeWebSocket.OPEN) return;
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }

  close(): void {
    this.readyState = FakeWebSocket.CLOSED;
  }

  /** Channels this socket subscribed to (and did not leave). */
  channels(): string[] {
    const channels = new Set<string>();
    for (const message of this.sent as { action: string; channel?: string }[]) {
      if (message.action === 'subscribe' && message.channel) channels.add(message.channel);
      if (message.action === 'unsubscribe' && message.channel) channels.delete(message.channel);
    }
    return [...channels];
  }

  /** What the hub pushes on a channel. */
  push(channel: string, data: unknown): void {
    const event = new MessageEvent('message', {
      data: JSON.stringify({ type: 'message', channel, data }),
    });
    this.dispatchEvent(event);
  }

  /** What the hub answers when it refuses a subscription or an action on a channel. */
  refuse(channel: string, error: string, message: string): void {
    const event = new MessageEvent('message', {
      data: JSON.stringify({ type: 'error', error, message, channel }),
    });
    this.dispatchEvent(event);
  }

  /** The actions sent so far (`setChannel`, `sendMessage`, …), in order. */
  actions(action: string): Record<string, unknown>[] {
    return (this.sent as Record<string, unknown>[]).filter((message) => message.action === action);
  }

  /** The connection drops (a server restart, a network change). */
  drop(): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.dispatchEvent(new Event('close'));
  }

  /** The server closes the socket with a code and reason (4401: its session ended, decision 0052). */
  closeWith(code: number, reason: string): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.dispatchEvent(Object.assign(new Event('close'), { code, reason }));
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.sockets.at(-1);
    if (!socket) throw new Error('no WebSocket was opened');
    return socket;
  }
}

/** A socket that never connects: the default in tests, as the network is never reached. */
export class UnreachableWebSocket extends EventTarget {
  static readonly OPEN = 1;
  readyState = 0;
  send(): void {}
  close(): void {}
}
