import { accountEndpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { browserCartKey, setSessionCookie } from '../../plugins/auth.ts';
import type { SessionCookieOptions } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/routes.ts';
import { accountCaller } from './account.access.ts';
import type { SignupService } from './signup.service.ts';

/** The signup steps of 002 §4 and the viewer lookup. */
export async function registerSignupRoutes(
  app: FastifyInstance,
  deps: { signup: SignupService; cookie: SessionCookieOptions; clock: () => Date },
): Promise<void> {
  const { signup, cookie, clock } = deps;
  const e = accountEndpoints;

  registerEndpoint(app, e.userExists, async ({ body }, request) =>
    signup.userExists(body.email, request.ip),
  );

  registerEndpoint(app, e.createUser, async ({ body }, request, reply) => {
    const { token, expiresAt, answer } = await signup.createUser(body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      cartSessionKey: browserCartKey(request),
    });
    setSessionCookie(reply, cookie, token, expiresAt.getTime() - clock().getTime());
    request.log.info({ userId: answer.user._id, sessionId: answer.session._id }, 'signup');
    return answer;
  });

  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      accountCaller(request);
    });
    registerEndpoint(scope, e.createViewer, async ({ body }, request) =>
      signup.createViewer(accountCaller(request), body.user_uid),
    );
    registerEndpoint(scope, e.createSession, async ({ body }, request) =>
      signup.currentSession(accountCaller(request), request.authSession, body),
    );
    registerEndpoint(scope, e.getViewerOfUser, async ({ params }, request) =>
      signup.viewerOfUser(accountCaller(request), params.id),
    );
  });
}
