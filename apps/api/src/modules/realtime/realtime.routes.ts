import websocket from '@fastify/websocket';
import {
  CART_SESSION_COOKIE,
  REALTIME_ERRORS,
  REALTIME_PATH,
  realtimeClientMessageSchema,
} from '@taquilla/contract';
import type { RealtimeErrorCode, RealtimeServerMessage } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import type { RealtimeHub, RealtimeSocket } from '../../plugins/realtime-hub.ts';
import type { ChannelAccess } from './realtime.access.ts';

const MAX_SUBSCRIPTIONS = 50;
const MAX_PAYLOAD_BYTES = 16 * 1024;
const HEARTBEAT_MS = 30_000;

export async function registerRealtimeRoutes(
  app: FastifyInstance,
  deps: { hub: RealtimeHub; access: ChannelAccess },
): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_PAYLOAD_BYTES } });

  app.get(REALTIME_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
    const browserSession = request.cookies[CART_SESSION_COOKIE] ?? null;
    const subscriptions = new Set<string>();
    const rtSocket: RealtimeSocket = socket;
    const send = (message: RealtimeServerMessage) => socket.send(JSON.stringify(message));
    const fail = (error: RealtimeErrorCode, channel?: string) =>
      send({
        type: 'error',
        error,
        message: REALTIME_ERRORS[error],
        ...(channel ? { channel } : {}),
      });

    let isAlive = true;
    socket.on('pong', () => {
      isAlive = true;
    });
    const heartbeat = setInterval(() => {
      if (!isAlive) return socket.terminate();
      isAlive = false;
      socket.ping();
    }, HEARTBEAT_MS);

    socket.on('message', async (raw) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(raw));
      } catch {
        return fail('INVALID_MESSAGE');
      }
      const result = realtimeClientMessageSchema.safeParse(parsed);
      if (!result.success) return fail('INVALID_MESSAGE');
      const message = result.data;
      if (message.action === 'ping') return send({ type: 'pong' });
      const { channel } = message;
      if (message.action === 'unsubscribe') {
        subscriptions.delete(channel);
        await deps.hub.unsubscribe(channel, rtSocket);
        return send({ type: 'unsubscribed', channel });
      }
      if (subscriptions.has(channel)) return send({ type: 'subscribed', channel });
      if (subscriptions.size >= MAX_SUBSCRIPTIONS) return fail('TOO_MANY_SUBSCRIPTIONS', channel);
      const decision = await deps.access.authorize(channel, { browserSession });
      if (!decision.ok) return fail(decision.error, channel);
      subscriptions.add(channel);
      await deps.hub.subscribe(channel, rtSocket);
      send({ type: 'subscribed', channel });
    });

    socket.on('close', () => {
      clearInterval(heartbeat);
      for (const channel of subscriptions) void deps.hub.unsubscribe(channel, rtSocket);
      subscriptions.clear();
    });
  });
}
