import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildCurrentSession,
  buildUser,
  error,
  renderRoute,
  stubGateway,
} from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';

const ana = buildCurrentSession(buildUser());

/** Nobody logged in until POST /auth/login succeeds. */
function stubVisitorWhoCanLogIn() {
  let isLoggedIn = false;
  stubGateway({
    'GET /auth/session': () =>
      isLoggedIn ? jsonResponse(200, ana) : error(401, 'UNAUTHORIZED', 'Debes iniciar sesión'),
    'POST /auth/login': () => {
      isLoggedIn = true;
      return jsonResponse(200, { user: ana.user, session: ana.session });
    },
    'GET /cart/orders': () => jsonResponse(200, { items: [] }),
    'GET /users/:id': () =>
      jsonResponse(200, {
        ...ana.user,
        address: null,
        city: null,
        state: null,
        nit: null,
        zip: null,
        emailVerified: true,
      }),
  });
}

async function logIn() {
  fireEvent.change(await screen.findByLabelText('Correo electrónico'), {
    target: { value: ana.user.email },
  });
  fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'Quetzal-Volcan-26' } });
  fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
}

const LOGIN_REQUIRED = [
  '/user',
  '/user/orders',
  '/user/shows',
  '/account',
  '/account/profile',
  '/activate',
  '/cart/checkout',
  '/cart/register',
];

describe('login-required routes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  for (const path of LOGIN_REQUIRED) {
    it(`sends a visitor of ${path} to /login with the way back`, async () => {
      stubVisitorWhoCanLogIn();
      const router = renderRoute(path);

      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(router.state.location.search).toBe(`?redirect=${path}`);
      expect(router.state.historyAction).toBe('REPLACE');
    });
  }

  it('keeps the query of the original address and returns to it after login', async () => {
    stubVisitorWhoCanLogIn();
    const router = renderRoute('/activate?code=AB12&show=gala');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/activate?code=AB12&show=gala',
    );
    await logIn();

    await waitFor(() => expect(router.state.location.pathname).toBe('/activate'));
    expect(router.state.location.search).toBe('?code=AB12&show=gala');
    expect(await screen.findByRole('heading', { name: 'Activa tu boleto' })).toBeTruthy();
  });

  it('brings a visitor back to /account after logging in', async () => {
    stubVisitorWhoCanLogIn();
    const router = renderRoute('/account');

    await waitFor(() => expect(router.state.location.search).toBe('?redirect=/account'));
    await logIn();

    expect(await screen.findByRole('heading', { level: 1, name: 'Mi Cuenta' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account');
  });

  it('waits for the session before deciding', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubGateway({
      'GET /auth/session': () => jsonResponse(200, ana),
      'GET /cart/orders': () => jsonResponse(200, { items: [] }),
    });
    const slow = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    const gateway = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      input.endsWith('/auth/session') ? slow() : gateway(input, init),
    );
    const router = renderRoute('/account');

    await waitFor(() => expect(slow).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe('/account');
    // The page is lazy: its chunk loads first, then the guard shows its own loading.
    await waitFor(() => expect(screen.getAllByText('Cargando…').length).toBeGreaterThan(0));
    answer(jsonResponse(200, ana));

    expect(await screen.findByRole('heading', { level: 1, name: 'Mi Cuenta' })).toBeTruthy();
  });

  it('opens the pages to a logged-in person', async () => {
    stubGateway({
      'GET /auth/session': () => jsonResponse(200, ana),
      'GET /cart/orders': () => jsonResponse(200, { items: [] }),
    });
    renderRoute('/user/orders');

    expect(await screen.findByRole('heading', { level: 1, name: 'Mis Compras' })).toBeTruthy();
  });
});
