import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { AccountOrder, CurrentSession, Profile, SessionUser } from '@taquilla/contract';
import { routes } from '../routes';
import { stubApi } from './catalogue-factory';
import type { ApiRequest } from './catalogue-factory';
import { jsonResponse } from './show-factory';

let sequence = 0;

/** A user as the session carries it; override only what a test is about. */
export function buildUser(overrides: Partial<SessionUser> = {}): SessionUser {
  sequence += 1;
  return {
    _id: `user-${sequence}`,
    username: `ana${sequence}@correo.gt`,
    email: `ana${sequence}@correo.gt`,
    fullname: 'Ana López',
    firstname: null,
    lastname: null,
    phone: null,
    country: 'GT',
    createdAt: '2026-03-15T18:00:00.000Z',
    roles: ['Viewer'],
    ...overrides,
  };
}

/** GET /auth/session's answer for that user. */
export function buildCurrentSession(user: SessionUser = buildUser()): CurrentSession {
  return {
    user,
    session: {
      _id: `session-of-${user._id}`,
      user_uid: user._id,
      username: user.username,
      role: 'Viewer',
      expiresAt: '2026-12-31T00:00:00.000Z',
    },
    viewer: { _id: `viewer-of-${user._id}`, user_uid: user._id },
  };
}

export function buildProfile(user: SessionUser, overrides: Partial<Profile> = {}): Profile {
  return {
    ...user,
    address: null,
    city: null,
    state: null,
    nit: null,
    zip: null,
    emailVerified: false,
    ...overrides,
  };
}

export function buildOrder(overrides: Partial<AccountOrder> = {}): AccountOrder {
  sequence += 1;
  return {
    _id: `order-${sequence}`,
    order_number: 1000 + sequence,
    createdAt: '2026-12-06T02:05:00.000Z',
    status: 'APPROVED',
    total: 300,
    currency: 'GTQ',
    tickets: [],
    ...overrides,
  };
}

export const error = (status: number, code: string, message: string, fields?: unknown[]) =>
  jsonResponse(status, { error: code, message, ...(fields ? { fields } : {}) });

export const NO_SESSION = () => error(401, 'UNAUTHORIZED', 'Debes iniciar sesión para continuar');

export type Handler = (request: ApiRequest) => Response;

/**
 * Stubs the gateway by "METHOD /path" (`'GET /auth/session'`, `'PUT /users/:id'` with
 * `:name` matching one segment). Nobody is logged in unless GET /auth/session is given;
 * touch answers the session it is asked about; anything else unlisted is a 404.
 */
export function stubGateway(handlers: Record<string, Handler>) {
  const patterns = Object.entries(handlers).map(([key, handler]) => {
    const [method, path] = key.split(' ') as [string, string];
    const source = path.replace(/:[A-Za-z_]+/g, '[^/]+');
    return { method, pattern: new RegExp(`^${source}$`), handler };
  });
  const fallback: Record<string, Handler> = {
    'GET /auth/session': NO_SESSION,
  };
  return stubApi((request) => {
    const match = patterns.find(
      (candidate) =>
        candidate.method === request.method && candidate.pattern.test(request.url.pathname),
    );
    if (match) return match.handler(request);
    const backup = fallback[`${request.method} ${request.url.pathname}`];
    if (backup) return backup(request);
    if (request.method === 'PUT' && /^\/auth\/sessions\/[^/]+\/touch$/.test(request.url.pathname)) {
      return handlers['GET /auth/session']?.(request) ?? NO_SESSION();
    }
    return error(404, 'NOT_FOUND', 'La página que buscas no está disponible');
  });
}

/** The calls made so far, as "METHOD /path" with their JSON bodies. */
export function callsOf(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls.map(([input, init]) => ({
    call: `${init?.method ?? 'GET'} ${new URL(input, 'http://localhost').pathname}`,
    url: new URL(input, 'http://localhost'),
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
  }));
}

/** The real route table, in memory, at `path`. */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}
