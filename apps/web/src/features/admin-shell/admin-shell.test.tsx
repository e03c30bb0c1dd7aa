import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentSession, Role } from '@taquilla/contract';
import {
  buildCurrentSession,
  buildUser,
  callsOf,
  error,
  renderRoute,
  stubGateway,
} from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';

function sessionActingAs(role: Role, roles: Role[] = [role]): CurrentSession {
  const base = buildCurrentSession(
    buildUser({ email: 'marta@productora.gt', fullname: 'Marta Pérez', roles }),
  );
  return { ...base, session: { ...base.session, role }, viewer: null };
}

const EMPTY_PAGE = { items: [], total: 0, page: 1, page_size: 25 };

function consoleGateway(current: () => CurrentSession | null, extra = {}) {
  return stubGateway({
    'GET /auth/session': () => {
      const session = current();
      return session
        ? jsonResponse(200, session)
        : error(401, 'UNAUTHORIZED', 'Debes iniciar sesión');
    },
    'GET /admin/orders': () => jsonResponse(200, { ...EMPTY_PAGE, total: 3 }),
    'GET /admin/shows': () => jsonResponse(200, EMPTY_PAGE),
    'GET /cart/orders': () => jsonResponse(200, { items: [] }),
    ...extra,
  });
}

describe('organiser console shell', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends a visitor to the console login and back to the page asked for', async () => {
    consoleGateway(() => null);
    const router = renderRoute('/admin/orders?status=APPROVED');

    await screen.findByRole('heading', { level: 1, name: 'Consola del organizador' });
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/admin/orders?status=APPROVED',
    );
  });

  it('keeps a buyer out and offers an organiser account the organiser login', async () => {
    consoleGateway(() => sessionActingAs('Viewer', ['Viewer', 'Producer']));
    renderRoute('/admin');

    expect(
      await screen.findByRole('heading', { name: 'Esta consola es para organizadores' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Ingresar como organizador' }).getAttribute('href'),
    ).toBe('/admin/login');
    expect(screen.queryByRole('navigation', { name: 'Consola del organizador' })).toBeNull();
    const menu = screen.getByRole('navigation', { name: 'Menú principal' });
    expect(within(menu).queryByRole('link', { name: 'Consola' })).toBeNull();
  });

  it('tells a buyer without an organiser role that the console is not for them', async () => {
    consoleGateway(() => sessionActingAs('Viewer'));
    renderRoute('/admin/shows');

    expect(await screen.findByText(/Tu cuenta no administra eventos/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ingresar como organizador' })).toBeNull();
  });

  it('shows a producer the menu without the admin-only pages, and the deposits waiting', async () => {
    consoleGateway(() => sessionActingAs('Producer'));
    renderRoute('/admin');

    const nav = await screen.findByRole('navigation', { name: 'Consola del organizador' });
    expect(nav.textContent).toContain('Eventos');
    expect(nav.textContent).toContain('Puerta');
    expect(nav.textContent).not.toContain('Cuentas');
    expect(nav.textContent).not.toContain('Bitácora');
    expect(await screen.findByRole('link', { name: '3 depósitos por revisar' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Menú principal' });
    expect(within(menu).getByRole('link', { name: 'Consola' }).getAttribute('href')).toBe('/admin');
  });

  it('shows an admin the accounts and the audit log', async () => {
    consoleGateway(() => sessionActingAs('Admin'));
    renderRoute('/admin');

    const nav = await screen.findByRole('navigation', { name: 'Consola del organizador' });
    expect(nav.textContent).toContain('Cuentas');
    expect(nav.textContent).toContain('Bitácora');
  });

  it('logs in acting as the chosen role, closing another session on request', async () => {
    let current: CurrentSession | null = null;
    const fetchMock = consoleGateway(() => current, {
      'POST /auth/login': ({ body }: { body: unknown }) => {
        const { forceLogin, role } = body as { forceLogin?: boolean; role: Role };
        if (!forceLogin) return error(409, 'SESSION_ALREADY_ACTIVE', 'Ya existe una sesión activa');
        current = sessionActingAs(role, ['Producer', 'Admin']);
        return jsonResponse(200, { user: current.user, session: current.session });
      },
    });
    const router = renderRoute('/admin/login?redirect=%2Fadmin%2Fshows');

    fireEvent.change(await screen.findByLabelText('Correo electrónico'), {
      target: { value: 'marta@productora.gt' },
    });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'Clave-Segura-26' } });
    fireEvent.change(screen.getByLabelText('Ingresar como'), { target: { value: 'Admin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));

    expect(await screen.findByText('Tu cuenta tiene otra sesión abierta.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar la otra sesión e ingresar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/shows'));
    const logins = callsOf(fetchMock).filter(({ call }) => call === 'POST /auth/login');
    expect(logins.map(({ body }) => body)).toEqual([
      { username: 'marta@productora.gt', password: 'Clave-Segura-26', role: 'Admin' },
      {
        username: 'marta@productora.gt',
        password: 'Clave-Segura-26',
        role: 'Admin',
        forceLogin: true,
      },
    ]);
  });

  it('shows the wait of a slowed-down login (429), the admin included', async () => {
    const wait = 'Demasiados intentos. Por favor espera 15 minutos y vuelve a intentar.';
    consoleGateway(() => null, {
      'POST /auth/login': () => error(429, 'RATE_LIMITED', wait),
    });
    const router = renderRoute('/admin/login');

    fireEvent.change(await screen.findByLabelText('Correo electrónico'), {
      target: { value: 'admin@taquilla.gt' },
    });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'Clave-Segura-26' } });
    fireEvent.change(screen.getByLabelText('Ingresar como'), { target: { value: 'Admin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));

    expect(await screen.findByText(wait)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('asks for the e-mail and password before calling the server', async () => {
    const fetchMock = consoleGateway(() => null);
    renderRoute('/admin/login');

    fireEvent.click(await screen.findByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Escribe tu correo y tu contraseña.')).toBeTruthy();
    expect(callsOf(fetchMock).some(({ call }) => call === 'POST /auth/login')).toBe(false);
  });
});
