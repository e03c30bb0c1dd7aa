import { CART_SESSION_COOKIE, SESSION_COOKIE } from '@taquilla/contract';
import { isCartSessionId } from '@taquilla/domain';
import type { Role } from '@taquilla/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/** A session found by its token, live or not, with what authorisation needs. */
export interface SessionRecord {
  id: string;
  userId: string;
  username: string;
  role: Role;
  expiresAt: Date;
  endedAt: Date | null;
  roles: Role[];
  producerId: string | null;
  viewerId: string | null;
}

/** The session a request's token names, and whether it may still be used. */
export interface ResolvedSession extends SessionRecord {
  isLive: boolean;
}

/** What this plugin needs of the auth module (its service): the session a token names. */
export interface SessionResolver {
  resolve(token: string): Promise<ResolvedSession | null>;
}

/** Who is calling, for a request with a live session. */
export interface AuthContext {
  sessionId: string;
  userId: string;
  /** The user's viewer (buyers); null for accounts without one. */
  viewerId: string | null;
  /** Every role the user holds. */
  roles: Role[];
  /** The role this session acts in (chosen at login). */
  role: Role;
  /** The organiser a Producer account manages. */
  producerId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, or null without a live session (none, unknown, expired or ended). */
    auth: AuthContext | null;
    /**
     * The session the request's token names even when it is no longer live,
     * so logout can answer 400 and guarded routes 440 for an ended session.
     */
    authSession: ResolvedSession | null;
    /** Where the token came from: a refreshed cookie is only re-sent to cookie callers. */
    authSource: 'cookie' | 'bearer' | null;
  }
}

function readToken(request: FastifyRequest): { token: string; source: 'cookie' | 'bearer' } | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) return { token: bearer, source: 'bearer' };
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, source: 'cookie' } : null;
}

/** The browser's `sessionID` cookie (000 §7, the anonymous cart's key) when well formed. */
export function browserCartKey(request: FastifyRequest): string | null {
  const value = request.cookies[CART_SESSION_COOKIE];
  return value !== undefined && isCartSessionId(value) ? value : null;
}

export function toAuthContext(session: ResolvedSession): AuthContext {
  return {
    sessionId: session.id,
    userId: session.userId,
    viewerId: session.viewerId,
    roles: session.roles,
    role: session.role,
    producerId: session.producerId,
  };
}

/**
 * Resolves the session of every request that carries a token: the `sid`
 * cookie (httpOnly, SameSite=Lax) or `Authorization: Bearer <token>`. A
 * request without one, or to a route registered as public, costs no query.
 * Must be registered before the routes.
 */
export function registerAuth(app: FastifyInstance, deps: { auth: SessionResolver }): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('authSession', null);
  app.decorateRequest('authSource', null);
  app.addHook('onRequest', async (request) => {
    // Public routes and static files (@fastify/static marks its routes with
    // `config.file`) never read the session; the browser sends them the
    // cookie all the same.
    const route = request.routeOptions.config;
    if (route.public || route.file !== undefined) return;
    const found = readToken(request);
    if (!found) return;
    const session = await deps.auth.resolve(found.token);
    request.authSource = found.source;
    request.authSession = session;
    request.auth = session?.isLive ? toAuthContext(session) : null;
  });
}

/**
 * The guard of a route that needs a role: 401 without a session, 440 when the
 * request's session expired or ended, 403 when its role is not among `roles`.
 */
export function requireRole(request: FastifyRequest, roles: readonly Role[]): AuthContext {
  const auth = request.auth;
  if (!auth) throw new AppError(request.authSession ? 'SESSION_EXPIRED' : 'UNAUTHORIZED');
  if (!roles.includes(auth.role)) throw new AppError('FORBIDDEN');
  return auth;
}

export interface SessionCookieOptions {
  /** Secure cookies when the public address is https. */
  secure: boolean;
}

export function setSessionCookie(
  reply: FastifyReply,
  options: SessionCookieOptions,
  token: string,
  lifetimeMs: number,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: '/',
    maxAge: Math.max(0, Math.floor(lifetimeMs / 1000)),
  });
}

export function clearSessionCookie(reply: FastifyReply, options: SessionCookieOptions): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: '/',
  });
}
