import { CART_SESSION_COOKIE, playerEndpoints } from '@taquilla/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../plugins/routes.ts';
import { watcherFrom } from './player.service.ts';
import type { WatchAccess, Watcher } from './player.service.ts';

/** The caller as the watch rules see it: the session (cookie or Bearer) and the client address. */
export function watcherOf(request: FastifyRequest): Watcher {
  return watcherFrom(request.auth, request.authSession !== null, request.ip);
}

export function registerPlayerRoutes(app: FastifyInstance, deps: { watch: WatchAccess }): void {
  const e = playerEndpoints;
  registerEndpoint(app, e.validateCode, ({ body }, request) =>
    deps.watch.validateCode(body.show_uid, watcherOf(request), body.code),
  );
  registerEndpoint(app, e.getPlayback, async ({ params, query }, request, reply) => {
    // Video sources for one person: never kept by a shared cache.
    reply.header('cache-control', 'private, no-store');
    const device = query.device
      ? { token: query.device, browserSession: request.cookies[CART_SESSION_COOKIE] ?? null }
      : null;
    return deps.watch.playback(
      params.id,
      watcherOf(request),
      query.code ?? null,
      device,
      query.viewer_token ?? null,
    );
  });
}
