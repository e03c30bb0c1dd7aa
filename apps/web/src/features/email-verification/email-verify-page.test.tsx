import { StrictMode } from 'react';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../routes';
import { callsOf, error, renderRoute, stubGateway } from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';
import { forgetEmailVerifications } from './email-verify-page';

const TOKEN = 'verify-token-0123456789';

describe('e-mail verification', () => {
  beforeEach(() => {
    forgetEmailVerifications();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a loading state, then the success', async () => {
    const fetchMock = stubGateway({
      'GET /auth/email/verify/:token': () => jsonResponse(200, { message: 'ok' }),
    });
    renderRoute(`/email/verify/${TOKEN}`);

    expect(await screen.findByText('Verificando tu correo…')).toBeTruthy();
    expect(await screen.findByText('Tu correo fue verificado.')).toBeTruthy();
    expect(screen.queryByText('Verificando tu correo…')).toBeNull();
    expect(callsOf(fetchMock).map(({ call }) => call)).toContain(`GET /auth/email/verify/${TOKEN}`);
    expect((await screen.findByRole('link', { name: 'Iniciar sesión' })).getAttribute('href')).toBe(
      '/login',
    );
  });

  it('says the token probably expired when it fails', async () => {
    stubGateway({
      'GET /auth/email/verify/:token': () =>
        error(400, 'VERIFY_TOKEN_INVALID', 'No fue posible verificar tu correo.'),
    });
    renderRoute(`/email/verify/${TOKEN}`);

    expect(
      await screen.findByText(
        'No fue posible verificar tu correo. El token probablemente haya expirado.',
      ),
    ).toBeTruthy();
  });

  it('shows the server’s message when it asks to wait (429)', async () => {
    stubGateway({
      'GET /auth/email/verify/:token': () =>
        error(
          429,
          'RATE_LIMITED',
          'Demasiados intentos. Por favor espera un momento y vuelve a intentar.',
        ),
    });
    renderRoute(`/email/verify/${TOKEN}`);

    expect(
      await screen.findByText(
        'Demasiados intentos. Por favor espera un momento y vuelve a intentar.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/El token probablemente haya expirado/)).toBeNull();
  });

  it('spends the single-use token once even when React mounts the page twice', async () => {
    const fetchMock = stubGateway({
      'GET /auth/email/verify/:token': () => jsonResponse(200, { message: 'ok' }),
    });
    const router = createMemoryRouter(routes, { initialEntries: [`/email/verify/${TOKEN}`] });
    render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );

    expect(await screen.findByText('Tu correo fue verificado.')).toBeTruthy();
    expect(
      callsOf(fetchMock).filter(({ call }) => call.startsWith('GET /auth/email/verify/')),
    ).toHaveLength(1);
  });
});
