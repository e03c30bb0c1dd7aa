import { accountEndpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/routes.ts';
import type { PasswordResetService } from './password-reset.service.ts';

export function registerPasswordResetRoutes(
  app: FastifyInstance,
  deps: { passwordReset: PasswordResetService },
): void {
  const { passwordReset } = deps;

  registerEndpoint(app, accountEndpoints.requestPasswordReset, async ({ body }, request) =>
    passwordReset.request(body.email, request.ip),
  );

  registerEndpoint(app, accountEndpoints.resetPassword, async ({ body }, request) =>
    passwordReset.reset(body.token, body.password, request.ip),
  );
}
