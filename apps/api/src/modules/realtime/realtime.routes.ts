import websocket from '@fastify/websocket';
import {
  CART_SESSION_COOKIE,
  REALTIME_PATH,
  REALTIME_TOO_MANY_ACTIONS,
  REALTIME_TOO_MANY_CONNECTIONS,
  realtimeClientMessageSchema,
} from '@taquilla/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toAuthContext } from '../../plugins/auth.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { watcherFrom } from '../player/player.service.ts';
import type { SocketIdentity } from './realtime.access.ts';
import { createConnection } from './realtime.connection.ts';
import type { ConnectionDeps } from './realtime.connection.ts';
import { createActionBucket } from './realtime.limits.ts';
import type { ActionBudget, AddressConnections } from './realtime.limits.ts';
import type { SessionSockets } from './realtime.sessions.ts';

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
  return {
    browserSession,
    sessionId: user?.sessionId ?? null,
    watcher: watcherFrom(user, hasDeadSession, request.ip),
  };
}

export async function registerRealtimeRoutes(
  app: FastifyInstance,
  deps: Omit<ConnectionDeps, 'log'> & {
    auth: AuthService;
    sessions: SessionSockets;
    /** This instance's open sockets per address, capped (decision 0063). */
    connections: AddressConnections;
    /** Each socket's token bucket (decision 0063). */
    actions: ActionBudget;
  },
): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_PAYLOAD_BYTES } });

  app.get(REALTIME_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
    // The address's cap on this instance (0063): closed before anything is read or kept.
    const address = request.ip;
    if (!deps.connections.open(address)) {
      socket.close(REALTIME_TOO_MANY_CONNECTIONS.code, REALTIME_TOO_MANY_CONNECTIONS.reason);
      return;
    }
    const bucket = createActionBucket(deps.actions);
    let isFlooding = false;
    // Resolved once, while the first messages may already be arriving.
    const identity = identify(request, deps.auth);
    // A failed lookup is answered on the first subscription (below), not left unhandled.
    identity.catch(() => undefined);
    // A socket a live session authenticated closes when that session ends (decision 0052).
    let isClosed = false;
    let untrack: (() => void) | null = null;
    void identity.then(
      ({ sessionId }) => {
        if (sessionId !== null && !isClosed) untrack = deps.sessions.track(sessionId, socket);
      },
      () => undefined,
    );
    const connection = createConnection({ ...deps, log: request.log }, socket, identity);
    deps.hub.countConnection(1);
    // One message at a time, in order: a sendMessage right after its setChannel finds it joined.
    let queue: Promise<void> = Promise.resolve();

    let isAlive = true;
    socket.on('pong', () => {
      isAlive = true;
    });
    const heartbeat = setInterval(() => {
      if (!isAlive) return socket.terminate();
      isAlive = false;
      socket.ping();
      queue = queue.then(() =>
        connection.heartbeat().catch((err: unknown) => {
          request.log.warn({ err }, 'realtime heartbeat failed');
        }),
      );
    }, HEARTBEAT_MS);

    socket.on('message', (raw) => {
      // Everything a socket sends spends its bucket; past it the socket closes (0063).
      if (isFlooding) return;
      if (!bucket.take()) {
        isFlooding = true;
        request.log.warn({ ip: address }, 'realtime socket closed: too many actions');
        socket.close(REALTIME_TOO_MANY_ACTIONS.code, REALTIME_TOO_MANY_ACTIONS.reason);
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(raw));
      } catch {
        return connection.fail('INVALID_MESSAGE');
      }
      const result = realtimeClientMessageSchema.safeParse(parsed);
      if (!result.success) return connection.fail('INVALID_MESSAGE');
      const message = result.data;
      // Actions taken from the bucket but still queued when the socket flooded are
      // dropped with it: a closed flooder's backlog costs no lookup (bench ws-flood).
      queue = queue.then(() =>
        (isFlooding ? Promise.resolve() : connection.handle(message)).catch((err: unknown) => {
          const channel = 'channel' in message ? message.channel : undefined;
          request.log.error({ err, action: message.action, channel }, 'realtime action failed');
          connection.fail(
            'CHANNEL_FORBIDDEN',
            channel ?? ('channel_id' in message ? message.channel_id : undefined),
          );
        }),
      );
    });

    socket.on('close', () => {
      isClosed = true;
      deps.connections.close(address);
      untrack?.();
      deps.hub.countConnection(-1);
      clearInterval(heartbeat);
      queue = queue.then(() =>
        connection.close().catch((err: unknown) => {
          request.log.warn({ err }, 'realtime close failed');
        }),
      );
    });
  });
}
