import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildCurrentSession,
  buildUser,
  callsOf,
  error,
  renderRoute,
  stubGateway,
} from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';

const ana = buildCurrentSession(buildUser({ fullname: 'Ana María López' }));
const TOUCH = `PUT /auth/sessions/${ana.session._id}/touch`;
const EXPIRED = () => error(440, 'SESSION_EXPIRED', 'Tu sesión ha expirado.');

describe('session at start-up', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks who is logged in, touches the session and shows the initials', async () => {
    const fetchMock = stubGateway({
      'GET /auth/session': () => jsonResponse(200, ana),
      [TOUCH]: () => jsonResponse(200, ana),
    });

    renderRoute('/cookies');

    const account = await screen.findByRole('link', { name: /^Mi cuenta/ });
    expect(account.textContent).toBe('AL');
    expect(account.getAttribute('href')).toBe('/account');
    await waitFor(() => expect(callsOf(fetchMock).map(({ call }) => call)).toContain(TOUCH));
    expect(screen.queryByRole('link', { name: 'Ingresar' })).toBeNull();
  });

  it('clears the session and logs out when the touch answers 440', async () => {
    stubGateway({
      'GET /auth/session': () => jsonResponse(200, ana),
      [TOUCH]: EXPIRED,
    });

    renderRoute('/cookies');

    expect(await screen.findByRole('link', { name: 'Ingresar' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Mi cuenta/ })).toBeNull();
  });

  it('treats "no current user" (401) as a visitor, without touching anything or complaining', async () => {
    const fetchMock = stubGateway({});

    renderRoute('/cookies');

    const login = await screen.findByRole('link', { name: 'Ingresar' });
    expect(login.getAttribute('href')).toBe('/login?redirect=/cookies');
    expect(callsOf(fetchMock).map(({ call }) => call)).toEqual(['GET /auth/session']);
    expect(screen.queryByRole('alert')?.textContent ?? '').toBe('');
  });

  it('treats an expired session (440) at start-up as logged out', async () => {
    stubGateway({ 'GET /auth/session': EXPIRED });

    renderRoute('/cookies');

    expect(await screen.findByRole('link', { name: 'Ingresar' })).toBeTruthy();
  });

  it('offers the login button without a way back from the login page itself', async () => {
    stubGateway({});

    renderRoute('/password/recover');

    expect((await screen.findByRole('link', { name: 'Ingresar' })).getAttribute('href')).toBe(
      '/login',
    );
  });
});

describe('logout', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  for (const [answer, respond] of [
    ['succeeds', () => jsonResponse(200, ana.session)],
    [
      'answers 400 (already ended)',
      () => error(400, 'SESSION_ENDED', 'Tu sesión ya había terminado.'),
    ],
  ] as const) {
    it(`clears the session when the logout ${answer}`, async () => {
      let isLoggedIn = true;
      const fetchMock = stubGateway({
        'GET /auth/session': () => (isLoggedIn ? jsonResponse(200, ana) : EXPIRED()),
        'GET /cart/orders': () => jsonResponse(200, { items: [] }),
        [`PUT /auth/sessions/${ana.session._id}/logout`]: () => {
          isLoggedIn = false;
          return respond();
        },
      });
      const router = renderRoute('/account');

      fireEvent.click(await screen.findByRole('button', { name: 'Cerrar Sesión' }));

      expect(await screen.findByRole('link', { name: 'Ingresar' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/');
      expect(callsOf(fetchMock).map(({ call }) => call)).toContain(
        `PUT /auth/sessions/${ana.session._id}/logout`,
      );
    });
  }

  it('keeps the session and says so when the server cannot be reached', async () => {
    stubGateway({
      'GET /auth/session': () => jsonResponse(200, ana),
      'GET /cart/orders': () => jsonResponse(200, { items: [] }),
      [`PUT /auth/sessions/${ana.session._id}/logout`]: () =>
        error(500, 'INTERNAL_ERROR', 'Ocurrió un error inesperado.'),
    });
    renderRoute('/account');

    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar Sesión' }));

    expect(
      await screen.findByText('No fue posible cerrar la sesión. Por favor intenta de nuevo.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mi cuenta: AL' }).textContent).toBe('AL');
  });
});
