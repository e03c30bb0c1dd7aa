import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { callerOrigin } from './allowed-origins.ts';
import type { AllowedOrigins } from './allowed-origins.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const isWebSocketUpgrade = (request: FastifyRequest) =>
  request.method === 'GET' && request.headers.upgrade?.toLowerCase() === 'websocket';

/**
 * Whether a cookie-authenticated write may have come from another site's page.
 * Browsers mark every request with Sec-Fetch-Site and every write with Origin
 * (headers a page cannot set), so:
 * - `Sec-Fetch-Site: same-origin` (or `none`, typed by the user) is this site;
 * - otherwise the Origin, else the Referer's origin, must be an allowed one
 *   (a sibling site in ALLOWED_ORIGINS sends `same-site`);
 * - `Origin: null` (a sandboxed frame, a privacy setting) is never allowed;
 * - a browser's mark without Origin or Referer is refused;
 * - no mark at all (no Sec-Fetch-Site, Origin or Referer) is no browser: a
 *   script or server holding a cookie it was given, which a forged page
 *   cannot make a visitor's browser send. Allowed.
 */
export function isCrossSiteWrite(request: FastifyRequest, origins: AllowedOrigins): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return false;
  const { origin, referer } = request.headers;
  if (origin === undefined && referer === undefined) return site !== undefined;
  const from = callerOrigin(request);
  return from === null || !origins.isAllowed(from, request);
}

/**
 * Cross-site request forgery and cross-site WebSocket hijacking (decision 0043).
 *
 * - A POST, PUT, PATCH or DELETE that the `sid` cookie authenticates (the auth
 *   hook read the cookie: no Bearer header, a route that reads sessions) and
 *   that `isCrossSiteWrite` judges from another site is refused with 403
 *   CSRF_REJECTED before its body is read. Bearer calls carry no ambient
 *   credential and are not checked; routes that never read the session
 *   (`public`: the payment sandbox's 3-D Secure form, signed webhooks, signed
 *   storage URLs) are not cookie-authenticated.
 * - A WebSocket upgrade whose Origin names another site is refused with 403:
 *   browsers always send Origin on a socket, and the socket acts with the
 *   page's cookies. Without Origin (scripts, the tests' clients, a server) it
 *   is allowed: only a browser carries a visitor's cookies unasked.
 *
 * Must be registered after the auth hook (it reads `request.authSource`).
 */
export function registerOriginChecks(
  app: FastifyInstance,
  deps: { origins: AllowedOrigins },
): void {
  const { origins } = deps;
  app.addHook('onRequest', async (request, reply) => {
    if (isWebSocketUpgrade(request)) {
      const origin = request.headers.origin;
      if (origin === undefined || origins.isAllowed(origin, request)) return;
      request.log.warn({ origin }, 'websocket upgrade refused: origin not allowed');
      // An upgrade's socket is no HTTP connection the server would close: once
      // the 403 is written, it is closed here.
      reply.raw.once('finish', () => request.raw.socket.destroy());
      throw new AppError('CSRF_REJECTED');
    }
    if (!STATE_CHANGING.has(request.method) || request.authSource !== 'cookie') return;
    if (!isCrossSiteWrite(request, origins)) return;
    request.log.warn(
      {
        origin: request.headers.origin ?? null,
        secFetchSite: request.headers['sec-fetch-site'] ?? null,
        hasReferer: request.headers.referer !== undefined,
      },
      'cookie write refused: origin not allowed',
    );
    throw new AppError('CSRF_REJECTED');
  });
}
