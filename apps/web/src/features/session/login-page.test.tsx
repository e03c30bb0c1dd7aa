import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

const ana = buildCurrentSession(buildUser({ email: 'ana@correo.gt', fullname: 'Ana López' }));
const INVALID = () => error(401, 'INVALID_CREDENTIALS', 'Usuario o contraseña inválidos');
const ACTIVE = () =>
  error(409, 'SESSION_ALREADY_ACTIVE', 'Ya existe una sesión activa con este usuario.');

/** A gateway where logging in works from the given answer on. */
function stubLogin(answer: (body: { forceLogin?: boolean }) => Response) {
  let isLoggedIn = false;
  return stubGateway({
    'GET /auth/session': () =>
      isLoggedIn ? jsonResponse(200, ana) : error(401, 'UNAUTHORIZED', 'Debes iniciar sesión'),
    'POST /auth/login': ({ body }) => {
      const response = answer(body as { forceLogin?: boolean });
      if (response.ok) isLoggedIn = true;
      return response;
    },
    'GET /cart/orders': () => jsonResponse(200, { items: [] }),
  });
}

async function fillLogin(email = 'ana@correo.gt', password = 'Quetzal-Volcan-26') {
  fireEvent.change(await screen.findByLabelText('Correo electrónico'), {
    target: { value: email },
  });
  fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: password } });
}

const submitButton = () => screen.getByRole('button', { name: 'Ingresar' }) as HTMLButtonElement;

describe('login page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('enables "Ingresar" only with an e-mail and a password', async () => {
    stubLogin(() => jsonResponse(200, ana));
    renderRoute('/login');

    await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' });
    expect(submitButton().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Correo electrónico'), {
      target: { value: 'ana@correo.gt' },
    });
    expect(submitButton().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'x' } });
    expect(submitButton().disabled).toBe(false);
  });

  it('shows and hides the password', async () => {
    stubLogin(() => jsonResponse(200, ana));
    renderRoute('/login');
    await fillLogin();
    const password = screen.getByLabelText('Contraseña') as HTMLInputElement;

    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(password.type).toBe('password');
  });

  it('links to the password recovery and toggles to the signup mode', async () => {
    stubLogin(() => jsonResponse(200, ana));
    renderRoute('/login');

    expect(
      (await screen.findByRole('link', { name: '¿Olvidaste tu contraseña?' })).getAttribute('href'),
    ).toBe('/password/recover');
    fireEvent.click(screen.getByRole('button', { name: 'Regístrate' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Crear cuenta' })).toBeTruthy();
    expect(screen.getByLabelText('Confirmar correo electrónico')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Inicia sesión' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeTruthy();
  });

  it('logs in as a Viewer and goes to the redirect target', async () => {
    const fetchMock = stubLogin(() => jsonResponse(200, { user: ana.user, session: ana.session }));
    const router = renderRoute('/login?redirect=/user/orders');

    await fillLogin(' ana@correo.gt ');
    fireEvent.click(submitButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/orders'));
    const login = callsOf(fetchMock).find(({ call }) => call === 'POST /auth/login');
    expect(login?.body).toEqual({
      username: 'ana@correo.gt',
      password: 'Quetzal-Volcan-26',
      role: 'Viewer',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis Compras' })).toBeTruthy();
  });

  it('goes home after a login without a redirect', async () => {
    stubLogin(() => jsonResponse(200, { user: ana.user, session: ana.session }));
    const router = renderRoute('/login');

    await fillLogin();
    fireEvent.click(submitButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('never follows a redirect to another site', async () => {
    stubLogin(() => jsonResponse(200, { user: ana.user, session: ana.session }));
    const router = renderRoute('/login?redirect=//evil.example/robar');

    await fillLogin();
    fireEvent.click(submitButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says "Usuario o contraseña inválidos" on a 401', async () => {
    stubLogin(INVALID);
    renderRoute('/login');

    await fillLogin();
    fireEvent.click(submitButton());

    expect(await screen.findByText('Usuario o contraseña inválidos')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeTruthy();
  });

  it('shows the wait of a slowed-down login (429) as the server words it, and stays on the form', async () => {
    const wait = 'Demasiados intentos. Por favor espera 4 segundos y vuelve a intentar.';
    stubLogin(() => error(429, 'RATE_LIMITED', wait));
    const router = renderRoute('/login');

    await fillLogin();
    fireEvent.click(submitButton());

    expect(await screen.findByText(wait)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(submitButton().disabled).toBe(false);
  });

  it('on a 409 shows the message and logs in again with forceLogin on request', async () => {
    const fetchMock = stubLogin((body) =>
      body.forceLogin ? jsonResponse(200, { user: ana.user, session: ana.session }) : ACTIVE(),
    );
    const router = renderRoute('/login?redirect=/account');

    await fillLogin();
    fireEvent.click(submitButton());

    expect(await screen.findByText('Ya existe una sesión activa con este usuario.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar la otra sesión y entrar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    const logins = callsOf(fetchMock).filter(({ call }) => call === 'POST /auth/login');
    expect(logins.map(({ body }) => (body as { forceLogin?: boolean }).forceLogin)).toEqual([
      undefined,
      true,
    ]);
  });

  it('offers "Continuar como invitado" only on the way to /cart/checkout', async () => {
    stubLogin(INVALID);
    renderRoute('/login?redirect=/cart/checkout');

    const guest = await screen.findByRole('link', { name: 'Continuar como invitado' });
    expect(guest.getAttribute('href')).toBe('/cart/checkout/guest');
  });

  for (const path of ['/login', '/login?redirect=/account', '/login?redirect=/cart']) {
    it(`does not offer the guest checkout at ${path}`, async () => {
      stubLogin(INVALID);
      renderRoute(path);

      await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' });
      expect(screen.queryByRole('link', { name: 'Continuar como invitado' })).toBeNull();
    });
  }

  it('confirms a password reset with a success toast (pwdreset=1)', async () => {
    stubLogin(INVALID);
    renderRoute('/login?pwdreset=1');

    const toast = await screen.findByText(
      'Tu contraseña fue restablecida. Ya puedes iniciar sesión.',
    );
    expect(toast.closest('[role="status"]')).not.toBeNull();
  });

  it('sends a logged-in person to the redirect parameter, or home', async () => {
    stubGateway({
      'GET /auth/session': () => jsonResponse(200, ana),
      'GET /cart/orders': () => jsonResponse(200, { items: [] }),
    });
    const router = renderRoute('/login?redirect=/user/orders');

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/orders'));

    await router.navigate('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('opens in signup mode with mode=signup', async () => {
    stubLogin(INVALID);
    renderRoute('/login?mode=signup&redirect=/shows/abc/player');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Crear cuenta' });
    expect(within(heading.parentElement!).getByLabelText('Nombre completo')).toBeTruthy();
  });

  it('prefills the e-mail given in the address', async () => {
    stubLogin(INVALID);
    renderRoute('/login?email=ana%40correo.gt&redirect=/account');

    expect(((await screen.findByLabelText('Correo electrónico')) as HTMLInputElement).value).toBe(
      'ana@correo.gt',
    );
  });
});
