import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { createMetrics } from '../infra/metrics.ts';
import type { MetricsDeps } from '../infra/metrics.ts';
import { NEVER_SPA } from './spa.ts';

export const METRICS_PATH = '/metrics';

/** Loopback, private and link-local ranges: where a scraper inside the deployment connects from. */
const PRIVATE = new BlockList();
PRIVATE.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addSubnet('169.254.0.0', 16, 'ipv4');
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');
PRIVATE.addSubnet('fe80::', 10, 'ipv6');

export function isPrivateAddress(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  return PRIVATE.check(ip, isIPv4(ip) ? 'ipv4' : 'ipv6');
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read /metrics: with METRICS_TOKEN, whoever sends it as a Bearer;
 * without, only a direct connection from a loopback or private address: a
 * request that came through a proxy (X-Forwarded-For, Forwarded) is refused,
 * since behind one every caller would look private.
 */
function checkAccess(request: FastifyRequest, token: string | undefined): void {
  if (token) {
    const sent = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(sent), digest(token))) throw new AppError('UNAUTHORIZED');
    return;
  }
  const proxied = request.headers['x-forwarded-for'] ?? request.headers.forwarded;
  if (proxied !== undefined || !isPrivateAddress(request.socket.remoteAddress)) {
    throw new AppError('FORBIDDEN');
  }
}

/** The label of a request's route: its pattern, never the raw URL (ids would explode the series). */
function routeLabel(request: FastifyRequest, contentType: unknown): string | null {
  const route = request.routeOptions.url;
  if (route === METRICS_PATH || route?.startsWith('/health')) return null;
  // Page navigations the SPA answers, whatever API route shares their path (an HTML
  // answer on a path the SPA never takes, /docs or the 3-D Secure page, keeps its route).
  if (
    typeof contentType === 'string' &&
    contentType.startsWith('text/html') &&
    !NEVER_SPA.test(request.url)
  ) {
    return 'spa';
  }
  if (route === undefined) return 'unmatched';
  // @fastify/static registers one route per built file.
  if (route.startsWith('/assets/')) return '/assets/*';
  return route;
}

/**
 * GET /metrics in Prometheus' text format, and the HTTP histograms every
 * answer feeds (one counter and one histogram update per request, no I/O).
 * /metrics itself and the health probes are left out of the HTTP series.
 * See docs/decisions/0044-watching-it.md.
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: Omit<MetricsDeps, 'log'> & { token: string | undefined },
): void {
  const metrics = createMetrics({ ...deps, log: app.log });
  app.addHook('onClose', () => metrics.close());

  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request, reply.getHeader('content-type'));
    if (route !== null) {
      metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    }
    done();
  });

  app.get(
    METRICS_PATH,
    { schema: { hide: true }, config: { public: true } },
    async (request, reply) => {
      checkAccess(request, deps.token);
      const body = await metrics.registry.metrics();
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.registry.contentType)
        .send(body);
    },
  );
}
