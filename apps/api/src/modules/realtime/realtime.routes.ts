import websocket from '@fastify/websocket';
import {
  CART_SESSION_COOKIE,
  REALTIME_ERRORS,
  REALTIME_PATH,
  realtimeClientMessageSchema,
} from '@taquilla/contract';
import type { RealtimeErrorCode, RealtimeServerMessage } from '@taquilla/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toAuthContext } from '../../plugins/auth.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { RealtimeHub, RealtimeSocket } from '../../plugins/realtime-hub.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { watcherFrom } from '../player/player.service.ts';
import type { ChannelAccess, SocketIdentity } from './realtime.access.ts';

const MAX_SUBSCRIPTIONS = 50;
const MAX_PAYLOAD_BYTES = 16 * 1024;
const HEARTBEAT_MS = 30_000;

/**
 * Who the socket is, from its upgrade request: the session of an
 * `Authorization: Bearer` header (resolved by the auth hook), else of a
 * `?token=` in the URL (clients that can set neither header nor cookie; the
 * logs never show it), else of the `sid` cookie; and the client address
 * (behind TRUST_PROXY_HOPS proxies, as for HTTP).
 */
async function identify(request: FastifyRequest, auth: AuthService): Promise<SocketIdentity> {
  const browserSession = request.cookies[CART_SESSION_COOKIE] ?? null;
  const query = request.query as { token?: unknown } | undefined;
  const token = typeof query?.token === 'string' ? query.token : null;
  let user: AuthContext | null = request.auth;
  let hasDeadSession = request.authSession !== null;
  if (token !== null && request.authSource !== 'bearer') {
    const session = await auth.resolve(token);
    user = session?.isLive ? toAuthContext(session) : null;
    hasDeadSession = session !== null;
  }
  return { browserSession, watcher: watcherFrom(user, hasDeadSession, request.ip) };
}

export async function registerRealtimeRoutes(
  app: FastifyInstance,
  deps: { hub: RealtimeHub; access: ChannelAccess; auth: AuthService },
): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_PAYLOAD_BYTES } });

  app.get(REALTIME_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
    // Resolved once, while the first messages may already be arriving.
    const identity = identify(request, deps.auth);
    // A failed lookup is answered on the first subscription (below), not left unhandled.
    identity.catch(() => undefined);
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
      let decision;
      try {
        decision = await deps.access.authorize(channel, await identity, message.code ?? null);
      } catch (err) {
        request.log.error({ err, channel }, 'realtime authorisation failed');
        return fail('CHANNEL_FORBIDDEN', channel);
      }
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
