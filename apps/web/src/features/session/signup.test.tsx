import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Handler } from '../../test/session-factory';
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
const PASSWORD = 'Quetzal-Volcan-26';

/** Signup's four calls answering as a working gateway; override one to make it fail. */
function stubSignup(overrides: Record<string, Handler> = {}) {
  let isSignedIn = false;
  return stubGateway({
    'GET /auth/session': () =>
      isSignedIn ? jsonResponse(200, ana) : error(401, 'UNAUTHORIZED', 'Debes iniciar sesión'),
    'POST /auth/users/exists': () => jsonResponse(200, { userExists: false }),
    'POST /auth/users': () => {
      isSignedIn = true;
      return jsonResponse(201, { user: ana.user, session: ana.session });
    },
    'POST /viewers/viewers': () => jsonResponse(201, ana.viewer),
    'POST /auth/sessions': () => jsonResponse(201, ana),
    ...overrides,
  });
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function fillPanelSignup(overrides: Record<string, string> = {}) {
  const values = {
    'Nombre completo': 'Ana López',
    'Correo electrónico': 'ana@correo.gt',
    'Confirmar correo electrónico': 'ana@correo.gt',
    Contraseña: PASSWORD,
    'Confirmar contraseña': PASSWORD,
    ...overrides,
  };
  await screen.findByLabelText('Nombre completo');
  for (const [label, value] of Object.entries(values)) type(label, value);
}

const createButton = () =>
  screen.getByRole('button', { name: 'Crear cuenta' }) as HTMLButtonElement;

describe('signup mode of the login panel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('runs exists, create user, create viewer and create session, then goes on', async () => {
    const fetchMock = stubSignup();
    const router = renderRoute('/login?mode=signup&redirect=/account');

    await fillPanelSignup({ 'Correo electrónico': ' ana@correo.gt ' });
    fireEvent.click(createButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    const signupCalls = callsOf(fetchMock).filter(({ call }) => call.startsWith('POST'));
    expect(signupCalls.map(({ call }) => call)).toEqual([
      'POST /auth/users/exists',
      'POST /auth/users',
      'POST /viewers/viewers',
      'POST /auth/sessions',
    ]);
    expect(signupCalls.map(({ body }) => body)).toEqual([
      { email: 'ana@correo.gt' },
      {
        username: 'ana@correo.gt',
        email: 'ana@correo.gt',
        password: PASSWORD,
        fullname: 'Ana López',
        roles: ['Viewer'],
      },
      { user_uid: ana.user._id },
      { user_uid: ana.user._id, username: 'ana@correo.gt', role: 'Viewer' },
    ]);
    expect(
      await screen.findByText(
        'Tu cuenta fue creada. Te enviamos un correo para verificar tu dirección.',
      ),
    ).toBeTruthy();
  });

  it('needs every field, the same e-mail twice and the same password twice', async () => {
    stubSignup();
    renderRoute('/login?mode=signup');

    await fillPanelSignup({ 'Nombre completo': '' });
    expect(createButton().disabled).toBe(true);
    type('Nombre completo', 'Ana López');
    expect(createButton().disabled).toBe(false);

    type('Confirmar correo electrónico', 'ana@correo.com');
    expect(createButton().disabled).toBe(true);
    expect(screen.getByText('Los correos electrónicos no coinciden.')).toBeTruthy();
    type('Confirmar correo electrónico', 'ANA@correo.gt');
    expect(screen.queryByText('Los correos electrónicos no coinciden.')).toBeNull();

    type('Confirmar contraseña', 'Quetzal-Volcan-27');
    expect(createButton().disabled).toBe(true);
    const mismatch = screen.getByText('Las contraseñas no coinciden.');
    expect(screen.getByLabelText('Confirmar contraseña').getAttribute('aria-describedby')).toBe(
      mismatch.id,
    );
    type('Confirmar contraseña', PASSWORD);
    expect(createButton().disabled).toBe(false);
  });

  it('stops when the e-mail is already registered', async () => {
    const fetchMock = stubSignup({
      'POST /auth/users/exists': () => jsonResponse(200, { userExists: true }),
    });
    renderRoute('/login?mode=signup');

    await fillPanelSignup();
    fireEvent.click(createButton());

    expect(await screen.findByText('Ya existe un usuario registrado con ese correo')).toBeTruthy();
    expect(callsOf(fetchMock).map(({ call }) => call)).not.toContain('POST /auth/users');
  });

  it('says the same when the account appears between the check and the creation (409)', async () => {
    stubSignup({
      'POST /auth/users': () =>
        error(409, 'USER_ALREADY_EXISTS', 'Ya existe un usuario registrado con ese correo'),
    });
    renderRoute('/login?mode=signup');

    await fillPanelSignup();
    fireEvent.click(createButton());

    expect(await screen.findByText('Ya existe un usuario registrado con ese correo')).toBeTruthy();
  });

  it("shows the server's password message next to the password field", async () => {
    stubSignup({
      'POST /auth/users': () =>
        error(422, 'VALIDATION_ERROR', 'Los datos enviados no son válidos', [
          { field: 'password', message: 'Esta contraseña es muy común. Elige otra.' },
        ]),
    });
    renderRoute('/login?mode=signup');

    await fillPanelSignup();
    fireEvent.click(createButton());

    const message = await screen.findByText('Esta contraseña es muy común. Elige otra.');
    const password = screen.getByLabelText('Contraseña');
    expect(password.getAttribute('aria-describedby')).toContain(message.id);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('No fue posible procesar tu registro')).toBeTruthy();

    type('Contraseña', 'Otra-Clave-Nueva-26');
    expect(screen.queryByText('Esta contraseña es muy común. Elige otra.')).toBeNull();
  });

  it('says "No fue posible procesar tu registro" on any other failure', async () => {
    stubSignup({
      'POST /auth/users/exists': () => error(500, 'INTERNAL_ERROR', 'Ocurrió un error.'),
    });
    renderRoute('/login?mode=signup');

    await fillPanelSignup();
    fireEvent.click(createButton());

    expect(await screen.findByText('No fue posible procesar tu registro')).toBeTruthy();
  });

  it('shows the wait message of a rate limit (429) as the server words it', async () => {
    stubSignup({
      'POST /auth/users/exists': () =>
        error(429, 'RATE_LIMITED', 'Demasiados intentos. Por favor espera un momento.'),
    });
    renderRoute('/login?mode=signup');

    await fillPanelSignup();
    fireEvent.click(createButton());

    expect(
      await screen.findByText('Demasiados intentos. Por favor espera un momento.'),
    ).toBeTruthy();
  });

  it('keeps a created account signed in when a later step fails, and says so', async () => {
    stubSignup({
      'POST /viewers/viewers': () => error(500, 'INTERNAL_ERROR', 'Ocurrió un error.'),
    });
    const router = renderRoute('/login?mode=signup&redirect=/account');

    await fillPanelSignup();
    fireEvent.click(createButton());

    expect(await screen.findByText('No fue posible procesar tu registro')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
  });
});

describe('signup page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for name, e-mail, password and confirmation, then signs up', async () => {
    const fetchMock = stubSignup();
    const router = renderRoute('/signup');

    await screen.findByRole('heading', { level: 1, name: 'Crear cuenta' });
    expect(screen.queryByLabelText('Confirmar correo electrónico')).toBeNull();
    type('Nombre completo', 'Ana López');
    type('Correo electrónico', 'ana@correo.gt');
    type('Contraseña', PASSWORD);
    expect(createButton().disabled).toBe(true);
    type('Confirmar contraseña', PASSWORD);
    expect(createButton().disabled).toBe(false);
    fireEvent.click(createButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsOf(fetchMock).map(({ call }) => call)).toContain('POST /auth/sessions');
  });

  it('links to the login page', async () => {
    stubSignup();
    renderRoute('/signup');

    expect((await screen.findByRole('link', { name: 'Inicia sesión' })).getAttribute('href')).toBe(
      '/login',
    );
  });
});
