import { endpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/routes.ts';
import type { HealthService } from './health.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Readiness, and the draining switch server.ts turns on at SIGTERM (decision 0047). */
    health: HealthService;
  }
}

export function registerHealthRoutes(app: FastifyInstance, health: HealthService): void {
  app.decorate('health', health);
  registerEndpoint(app, endpoints.healthLive, async () => ({ status: 'ok' as const }));
  registerEndpoint(app, endpoints.healthReady, async () => health.checkReadiness());
}
