import { telethonEndpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/routes.ts';
import type { TelethonService } from './telethon.service.ts';

export function registerTelethonRoutes(
  app: FastifyInstance,
  deps: { telethon: TelethonService },
): void {
  registerEndpoint(app, telethonEndpoints.getTelethonCodes, ({ query }, request) =>
    deps.telethon.codesByDpi(query, { ip: request.ip, userId: request.auth?.userId ?? null }),
  );
  registerEndpoint(app, telethonEndpoints.sendTelethonCodes, ({ body }, request) =>
    deps.telethon.sendCodes(body, { ip: request.ip }),
  );
}
