import type { Redis } from 'ioredis';

/** What the hub needs of a connection: ws's WebSocket satisfies it. */
export interface RealtimeSocket {
  send(data: string): void;
  readonly readyState: number;
}

const OPEN = 1;

/** The Redis channel a realtime channel travels on, in a deployment's namespace. */
export function realtimeRedisChannel(namespace: string, channel: string): string {
  return `${namespace}:rt:${channel}`;
}

/** What travels on Redis for a realtime message: the hub hands it to sockets as it is. */
export function realtimeEnvelope(channel: string, data: unknown): string {
  return JSON.stringify({ type: 'message', channel, data });
}

/**
 * Publishes to every socket on `channel` on every API instance, from anywhere
 * that has a Redis connection (an API instance or the worker).
 */
export async function publishRealtime(
  redis: Pick<Redis, 'publish'>,
  namespace: string,
  channel: string,
  data: unknown,
): Promise<void> {
  await redis.publish(realtimeRedisChannel(namespace, channel), realtimeEnvelope(channel, data));
}

/**
 * Fan-out of realtime messages between API instances (ARCHITECTURE §5): a
 * publish goes to Redis, and every instance delivers it to its own sockets
 * subscribed to that channel. Each instance subscribes in Redis only to the
 * channels its sockets listen to.
 */
export class RealtimeHub {
  private readonly local = new Map<string, Set<RealtimeSocket>>();
  private readonly subscriber: Redis;

  private readonly prefix: string;
  /** For /metrics (decision 0044): sockets open here, and messages handed to them. */
  private connections = 0;
  private deliveries = 0;

  constructor(
    private readonly publisher: Redis,
    /** Keeps deployments (or test databases) that share one Redis apart. */
    private readonly namespace: string,
    private readonly log: { warn: (o: object, m: string) => void },
  ) {
    this.prefix = realtimeRedisChannel(namespace, '');
    this.subscriber = publisher.duplicate();
    this.subscriber.on('message', (redisChannel: string, payload: string) => {
      this.deliver(redisChannel.slice(this.prefix.length), payload);
    });
    this.subscriber.on('error', (err) => this.log.warn({ err }, 'realtime subscriber error'));
  }

  async subscribe(channel: string, socket: RealtimeSocket): Promise<void> {
    let sockets = this.local.get(channel);
    if (!sockets) {
      sockets = new Set();
      this.local.set(channel, sockets);
      try {
        await this.subscriber.subscribe(this.prefix + channel);
      } catch (err) {
        // Not subscribed: the next subscribe to this channel tries Redis again.
        if (sockets.size === 0) this.local.delete(channel);
        throw err;
      }
    }
    sockets.add(socket);
  }

  async unsubscribe(channel: string, socket: RealtimeSocket): Promise<void> {
    const sockets = this.local.get(channel);
    if (!sockets) return;
    sockets.delete(socket);
    if (sockets.size === 0) {
      this.local.delete(channel);
      await this.subscriber.unsubscribe(this.prefix + channel);
    }
  }

  /** Publishes `data` to every socket on `channel`, on every instance. */
  async publish(channel: string, data: unknown): Promise<void> {
    await publishRealtime(this.publisher, this.namespace, channel, data);
  }

  /** A socket opened (+1) or closed (-1) on this instance. */
  countConnection(delta: 1 | -1): void {
    this.connections += delta;
  }

  stats(): { connections: number; deliveries: number } {
    return { connections: this.connections, deliveries: this.deliveries };
  }

  subscriberCount(channel: string): number {
    return this.local.get(channel)?.size ?? 0;
  }

  private deliver(channel: string, payload: string): void {
    for (const socket of this.local.get(channel) ?? []) {
      if (socket.readyState === OPEN) {
        socket.send(payload);
        this.deliveries += 1;
      }
    }
  }

  async close(): Promise<void> {
    this.local.clear();
    this.subscriber.disconnect();
  }
}
