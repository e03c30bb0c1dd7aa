import { SESSION_COOKIE, authEndpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { browserCartKey, clearSessionCookie, setSessionCookie } from '../../plugins/auth.ts';
import type { SessionCookieOptions } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/routes.ts';
import type { AuthService } from './auth.service.ts';
import { LOGIN_DEVICE_COOKIE, setLoginDeviceCookie } from './login-device.ts';

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; cookie: SessionCookieOptions; clock: () => Date },
): void {
  const { auth, cookie, clock } = deps;
  const lifetime = (expiresAt: Date) => expiresAt.getTime() - clock().getTime();

  registerEndpoint(app, authEndpoints.login, async ({ body }, request, reply) => {
    const { token, expiresAt, answer, deviceCookie } = await auth.login(body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      cartSessionKey: browserCartKey(request),
      deviceCookie: request.cookies[LOGIN_DEVICE_COOKIE] ?? null,
    });
    setSessionCookie(reply, cookie, token, lifetime(expiresAt));
    // This browser is now a known device of the account (decision 0067).
    if (deviceCookie) setLoginDeviceCookie(reply, cookie, deviceCookie);
    request.log.info({ userId: answer.user._id, sessionId: answer.session._id }, 'login');
    return answer;
  });

  registerEndpoint(app, authEndpoints.getSession, async (_input, request) =>
    auth.current(request.authSession),
  );

  registerEndpoint(app, authEndpoints.touchSession, async ({ params }, request, reply) => {
    const { expiresAt, answer } = await auth.touch(
      request.authSession,
      params.id,
      browserCartKey(request),
    );
    const token = request.authSource === 'cookie' ? request.cookies[SESSION_COOKIE] : undefined;
    if (token) setSessionCookie(reply, cookie, token, lifetime(expiresAt));
    return answer;
  });

  registerEndpoint(app, authEndpoints.logout, async ({ params }, request, reply) => {
    // The cookie goes whatever the answer: an ended session is of no use to the browser.
    if (request.authSession?.id === params.id) clearSessionCookie(reply, cookie);
    return auth.logout(request.authSession, params.id);
  });
}
