import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOf, error, renderRoute, stubGateway } from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';

const TOKEN = 'reset-token-0123456789';

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('password recovery request', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const sendButton = () =>
    screen.getByRole('button', { name: 'Enviar solicitud' }) as HTMLButtonElement;

  it('asks for an e-mail, then says "Solicitud enviada"', async () => {
    const fetchMock = stubGateway({
      'POST /auth/password/request': () => jsonResponse(200, { message: 'Solicitud enviada' }),
    });
    renderRoute('/password/recover');

    await screen.findByRole('heading', { level: 1, name: 'Recuperar contraseña' });
    expect(sendButton().disabled).toBe(true);
    type('Correo electrónico', '  ');
    expect(sendButton().disabled).toBe(true);
    type('Correo electrónico', ' ana@correo.gt ');
    fireEvent.click(sendButton());

    expect(await screen.findByText('Solicitud enviada')).toBeTruthy();
    expect(screen.queryByLabelText('Correo electrónico')).toBeNull();
    expect(
      callsOf(fetchMock).find(({ call }) => call === 'POST /auth/password/request')?.body,
    ).toEqual({ email: 'ana@correo.gt' });
  });

  it('says "No fue posible hacer la solicitud en este momento" when it fails', async () => {
    stubGateway({
      'POST /auth/password/request': () => error(503, 'SERVICE_UNAVAILABLE', 'No disponible'),
    });
    renderRoute('/password/recover');

    await screen.findByLabelText('Correo electrónico');
    type('Correo electrónico', 'ana@correo.gt');
    fireEvent.click(sendButton());

    expect(
      await screen.findByText('No fue posible hacer la solicitud en este momento'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Correo electrónico')).toBeTruthy();
  });

  it("shows the server's message on a rate limit (429)", async () => {
    stubGateway({
      'POST /auth/password/request': () =>
        error(429, 'RATE_LIMITED', 'Demasiados intentos. Por favor espera un momento.'),
    });
    renderRoute('/password/recover');

    await screen.findByLabelText('Correo electrónico');
    type('Correo electrónico', 'ana@correo.gt');
    fireEvent.click(sendButton());

    expect(
      await screen.findByText('Demasiados intentos. Por favor espera un momento.'),
    ).toBeTruthy();
  });

  it('shows a refused e-mail next to its field', async () => {
    stubGateway({
      'POST /auth/password/request': () =>
        error(422, 'VALIDATION_ERROR', 'Los datos enviados no son válidos', [
          { field: 'email', message: 'Correo electrónico inválido' },
        ]),
    });
    renderRoute('/password/recover');

    await screen.findByLabelText('Correo electrónico');
    type('Correo electrónico', 'ana');
    fireEvent.click(sendButton());

    const message = await screen.findByText('Correo electrónico inválido');
    expect(screen.getByLabelText('Correo electrónico').getAttribute('aria-describedby')).toBe(
      message.id,
    );
  });
});

describe('password reset', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const changeButton = () =>
    screen.getByRole('button', { name: 'Cambiar contraseña' }) as HTMLButtonElement;

  it('enables the change only when both fields are filled and equal', async () => {
    stubGateway({});
    renderRoute(`/password/reset/${TOKEN}`);

    await screen.findByRole('heading', { level: 1, name: 'Nueva contraseña' });
    expect(changeButton().disabled).toBe(true);
    type('Nueva contraseña', 'Quetzal-Volcan-26');
    expect(changeButton().disabled).toBe(true);
    type('Confirmar nueva contraseña', 'Quetzal-Volcan-2');
    expect(changeButton().disabled).toBe(true);
    expect(screen.getByText('Las contraseñas no coinciden.')).toBeTruthy();
    type('Confirmar nueva contraseña', 'Quetzal-Volcan-26');
    expect(changeButton().disabled).toBe(false);
  });

  it('sends the token from the address and lands on /login?pwdreset=1 with a toast', async () => {
    const fetchMock = stubGateway({
      'POST /auth/password/reset': () => jsonResponse(200, { message: 'ok' }),
    });
    const router = renderRoute(`/password/reset/${TOKEN}`);

    await screen.findByLabelText('Nueva contraseña');
    type('Nueva contraseña', 'Quetzal-Volcan-26');
    type('Confirmar nueva contraseña', 'Quetzal-Volcan-26');
    fireEvent.click(changeButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?pwdreset=1');
    expect(
      await screen.findByText('Tu contraseña fue restablecida. Ya puedes iniciar sesión.'),
    ).toBeTruthy();
    expect(
      callsOf(fetchMock).find(({ call }) => call === 'POST /auth/password/reset')?.body,
    ).toEqual({ token: TOKEN, password: 'Quetzal-Volcan-26' });
  });

  it('says "No fue posible reestablecer la contraseña" for a dead link, and offers a new one', async () => {
    stubGateway({
      'POST /auth/password/reset': () =>
        error(
          400,
          'RESET_TOKEN_INVALID',
          'El enlace para restablecer la contraseña no es válido o ya expiró.',
        ),
    });
    renderRoute(`/password/reset/${TOKEN}`);

    await screen.findByLabelText('Nueva contraseña');
    type('Nueva contraseña', 'Quetzal-Volcan-26');
    type('Confirmar nueva contraseña', 'Quetzal-Volcan-26');
    fireEvent.click(changeButton());

    expect(await screen.findByText('No fue posible reestablecer la contraseña')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Solicitar un nuevo enlace' }).getAttribute('href'),
    ).toBe('/password/recover');
  });

  it("shows the server's password rule next to the field", async () => {
    stubGateway({
      'POST /auth/password/reset': () =>
        error(422, 'VALIDATION_ERROR', 'Los datos enviados no son válidos', [
          { field: 'password', message: 'Esta contraseña es muy común. Elige otra.' },
        ]),
    });
    renderRoute(`/password/reset/${TOKEN}`);

    await screen.findByLabelText('Nueva contraseña');
    type('Nueva contraseña', 'password123');
    type('Confirmar nueva contraseña', 'password123');
    fireEvent.click(changeButton());

    const message = await screen.findByText('Esta contraseña es muy común. Elige otra.');
    expect(screen.getByLabelText('Nueva contraseña').getAttribute('aria-describedby')).toContain(
      message.id,
    );
    expect(screen.getByText('No fue posible reestablecer la contraseña')).toBeTruthy();
  });
});
