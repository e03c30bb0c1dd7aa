import { endpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/routes.ts';
import type { HealthService } from './health.service.ts';

export function registerHealthRoutes(app: FastifyInstance, health: HealthService): void {
  registerEndpoint(app, endpoints.healthLive, async () => ({ status: 'ok' as const }));
  registerEndpoint(app, endpoints.healthReady, async () => health.checkReadiness());
}
