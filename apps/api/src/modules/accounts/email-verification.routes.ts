import { accountEndpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/routes.ts';
import type { EmailVerificationService } from './email-verification.service.ts';

export function registerEmailVerificationRoutes(
  app: FastifyInstance,
  deps: { emailVerification: EmailVerificationService },
): void {
  registerEndpoint(app, accountEndpoints.verifyEmail, async ({ params }, request) =>
    deps.emailVerification.verify(params.token, request.ip),
  );
}
