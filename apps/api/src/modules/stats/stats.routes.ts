import { CART_SESSION_COOKIE, statsEndpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/routes.ts';
import type { StatsService } from './stats.service.ts';

export function registerStatsRoutes(app: FastifyInstance, deps: { stats: StatsService }): void {
  registerEndpoint(app, statsEndpoints.recordPlayerEvent, ({ params, body }, request) =>
    deps.stats.recordPlayerEvent(params.id, body, {
      userId: request.auth?.userId ?? null,
      viewerId: request.auth?.viewerId ?? null,
      sessionId: request.auth?.sessionId ?? null,
      browserSession: request.cookies[CART_SESSION_COOKIE]?.slice(0, 200) ?? null,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    }),
  );
}
