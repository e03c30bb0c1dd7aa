import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Handler } from '../../test/session-factory';
import {
  buildCurrentSession,
  buildOrder,
  buildProfile,
  buildUser,
  callsOf,
  error,
  renderRoute,
  stubGateway,
} from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';

const user = buildUser({
  fullname: 'Ana María López',
  email: 'ana@correo.gt',
  phone: '+502 5555 0101',
  country: 'GT',
  createdAt: '2026-03-15T18:00:00.000Z',
});
const ana = buildCurrentSession(user);

function stubAccount(handlers: Record<string, Handler> = {}) {
  return stubGateway({
    'GET /auth/session': () => jsonResponse(200, ana),
    'GET /cart/orders': () => jsonResponse(200, { items: [] }),
    ...handlers,
  });
}

describe('Mi Cuenta', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the user card with initials, contact data and "Miembro desde"', async () => {
    stubAccount();
    renderRoute('/account');

    const card = await screen.findByRole('region', { name: 'Tus datos' });
    expect(within(card).getByText('AL')).toBeTruthy();
    expect(within(card).getByText('Ana María López')).toBeTruthy();
    expect(within(card).getByText('ana@correo.gt')).toBeTruthy();
    expect(within(card).getByText('+502 5555 0101')).toBeTruthy();
    expect(within(card).getByText('Guatemala')).toBeTruthy();
    expect(within(card).getByText('Miembro desde marzo de 2026')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Secciones de tu cuenta' });
    expect(within(nav).getByRole('link', { name: 'Mis Órdenes' }).getAttribute('href')).toBe(
      '/account',
    );
    expect(within(nav).getByRole('link', { name: 'Mis boletos' }).getAttribute('href')).toBe(
      '/user/shows',
    );
    expect(within(nav).getByRole('link', { name: 'Perfil' }).getAttribute('href')).toBe(
      '/account/profile',
    );
    expect(within(nav).getByRole('button', { name: 'Cerrar Sesión' })).toBeTruthy();
  });

  it('lists the orders newest first with number, date, status, total, tickets and details', async () => {
    const fetchMock = stubAccount({
      'GET /cart/orders': () =>
        jsonResponse(200, {
          items: [
            buildOrder({
              _id: 'order-old',
              order_number: 41,
              createdAt: '2026-10-01T16:00:00.000Z',
              status: 'WAITING_CONFIRMATION',
              total: 100,
            }),
            buildOrder({
              _id: 'order-new',
              order_number: 1027,
              createdAt: '2026-12-06T02:05:00.000Z',
              status: 'APPROVED',
              total: 1234,
              currency: 'GTQ',
              tickets: [
                { _id: 't1', show_name: 'Noche de Gala', description: 'Platea A4', quantity: 2 },
                { _id: 't2', show_name: 'Noche de Gala', description: null, quantity: 1 },
              ],
            }),
            buildOrder({
              _id: 'a1b2c3',
              order_number: null,
              createdAt: '2026-09-01T16:00:00.000Z',
              status: 'SOMETHING_NEW',
              total: 14,
              currency: 'USD',
            }),
          ],
        }),
    });
    renderRoute('/account');

    const list = await screen.findByRole('heading', { level: 2, name: 'Mis Órdenes' });
    const orders = await screen.findAllByRole('article');
    expect(list).toBeTruthy();
    expect(orders.map((order) => within(order).getByRole('heading').textContent)).toEqual([
      'Orden #1027',
      'Orden #41',
      'Orden #a1b2c3',
    ]);
    const [newest, older, oldest] = orders as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(newest).getByText('5 dic 2026, 20:05')).toBeTruthy();
    expect(within(newest).getByText('APROBADA')).toBeTruthy();
    expect(within(newest).getByText('Q 1,234.00')).toBeTruthy();
    expect(within(newest).getByText('3 boleto(s)')).toBeTruthy();
    const lines = within(newest)
      .getAllByRole('listitem')
      .map((line) => line.textContent);
    expect(lines).toEqual(['Noche de GalaPlatea A4× 2', 'Noche de Gala× 1']);
    expect(
      within(newest)
        .getByRole('link', { name: /^Ver detalles/ })
        .getAttribute('href'),
    ).toBe('/orders/order-new');
    expect(within(older).getByText('ESPERANDO CONFIRMACIÓN')).toBeTruthy();
    expect(within(oldest).getByText('SOMETHING_NEW')).toBeTruthy();
    expect(within(oldest).getByText('US$ 14.00')).toBeTruthy();
    const query = callsOf(fetchMock).find(({ call }) => call === 'GET /cart/orders');
    expect(Object.fromEntries(query!.url.searchParams)).toEqual({ user: user._id });
  });

  it('says "Aún no has realizado ninguna compra." without orders', async () => {
    stubAccount();
    renderRoute('/account');

    expect(await screen.findByText('Aún no has realizado ninguna compra.')).toBeTruthy();
  });

  it('shows an empty list when the orders fail to load', async () => {
    stubAccount({ 'GET /cart/orders': () => error(500, 'INTERNAL_ERROR', 'Ocurrió un error.') });
    renderRoute('/account');

    expect(await screen.findByText('Aún no has realizado ninguna compra.')).toBeTruthy();
    expect(screen.queryByText('Ocurrió un error.')).toBeNull();
  });
});

describe('Mis Compras', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the orders with their status', async () => {
    stubAccount({
      'GET /cart/orders': () =>
        jsonResponse(200, { items: [buildOrder({ order_number: 7, status: 'REFUND' })] }),
    });
    renderRoute('/user/orders');

    expect(await screen.findByRole('heading', { level: 1, name: 'Mis Compras' })).toBeTruthy();
    expect(await screen.findByText('REEMBOLSO')).toBeTruthy();
  });
});

describe('Mi Perfil', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const saveButton = () =>
    screen.getByRole('button', { name: 'Guardar cambios' }) as HTMLButtonElement;

  it('fills the form from the profile, the name split when only the full name is known', async () => {
    stubAccount({ 'GET /users/:id': () => jsonResponse(200, buildProfile(user)) });
    renderRoute('/account/profile');

    expect(await screen.findByRole('heading', { level: 2, name: 'Mi Perfil' })).toBeTruthy();
    expect((await screen.findByLabelText<HTMLInputElement>('Nombre')).value).toBe('Ana');
    expect(screen.getByLabelText<HTMLInputElement>('Apellido').value).toBe('María López');
    const email = screen.getByLabelText<HTMLInputElement>('Correo electrónico');
    expect(email.value).toBe('ana@correo.gt');
    expect(email.readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Teléfono').value).toBe('+502 5555 0101');
    expect(screen.getByLabelText<HTMLSelectElement>('País').value).toBe('GT');
  });

  it('disables "Guardar cambios" while the first or the last name is empty', async () => {
    stubAccount({
      'GET /users/:id': () =>
        jsonResponse(200, buildProfile(user, { firstname: 'Ana', lastname: 'López' })),
    });
    renderRoute('/account/profile');

    const firstname = await screen.findByLabelText('Nombre');
    expect(saveButton().disabled).toBe(false);
    fireEvent.change(firstname, { target: { value: ' ' } });
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(firstname, { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('Apellido'), { target: { value: '' } });
    expect(saveButton().disabled).toBe(true);
  });

  it('saves firstname, lastname, e-mail, phone and country, then says so', async () => {
    const fetchMock = stubAccount({
      'GET /users/:id': () => jsonResponse(200, buildProfile(user)),
      'PUT /users/:id': ({ body }) =>
        jsonResponse(200, { ...buildProfile(user), ...(body as object) }),
    });
    renderRoute('/account/profile');

    fireEvent.change(await screen.findByLabelText('Apellido'), { target: { value: 'López' } });
    fireEvent.change(screen.getByLabelText('Teléfono'), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('País'), { target: { value: 'SV' } });
    fireEvent.click(saveButton());

    expect(await screen.findByText('Tu información fue actualizada')).toBeTruthy();
    const save = callsOf(fetchMock).find(({ call }) => call === `PUT /users/${user._id}`);
    expect(save?.body).toEqual({
      firstname: 'Ana',
      lastname: 'López',
      email: 'ana@correo.gt',
      phone: null,
      country: 'SV',
    });
  });

  it('says "No fue posible actualizar tu información" and marks the refused field', async () => {
    stubAccount({
      'GET /users/:id': () => jsonResponse(200, buildProfile(user)),
      'PUT /users/:id': () =>
        error(422, 'VALIDATION_ERROR', 'Los datos enviados no son válidos', [
          { field: 'phone', message: 'Teléfono demasiado largo' },
        ]),
    });
    renderRoute('/account/profile');

    await screen.findByLabelText('Teléfono');
    fireEvent.click(saveButton());

    expect(await screen.findByText('No fue posible actualizar tu información')).toBeTruthy();
    const message = screen.getByText('Teléfono demasiado largo');
    expect(screen.getByLabelText('Teléfono').getAttribute('aria-describedby')).toContain(
      message.id,
    );
  });
});

describe('Mis Datos', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the e-mail read-only and saves a non-empty full name', async () => {
    const fetchMock = stubAccount({
      'PUT /auth/users/:id': () => jsonResponse(200, buildProfile(user)),
    });
    renderRoute('/user');

    const email = await screen.findByLabelText<HTMLInputElement>('Correo electrónico');
    expect(email.readOnly).toBe(true);
    const fullname = screen.getByLabelText('Nombre completo');
    const save = screen.getByRole('button', { name: 'Guardar' }) as HTMLButtonElement;
    fireEvent.change(fullname, { target: { value: '  ' } });
    expect(save.disabled).toBe(true);
    fireEvent.change(fullname, { target: { value: ' Ana López ' } });
    fireEvent.click(save);

    expect(await screen.findByText('Tu información fue actualizada')).toBeTruthy();
    expect(
      callsOf(fetchMock).find(({ call }) => call === `PUT /auth/users/${user._id}`)?.body,
    ).toEqual({ fullname: 'Ana López' });
  });

  it('says so when the name cannot be saved', async () => {
    stubAccount({ 'PUT /auth/users/:id': () => error(500, 'INTERNAL_ERROR', 'Error') });
    renderRoute('/user');

    fireEvent.click(await screen.findByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('No fue posible actualizar tu información')).toBeTruthy();
  });

  it('links to Mis compras and logs out', async () => {
    let isLoggedIn = true;
    stubAccount({
      'GET /auth/session': () =>
        isLoggedIn ? jsonResponse(200, ana) : error(401, 'UNAUTHORIZED', 'Debes iniciar sesión'),
      'PUT /auth/sessions/:id/logout': () => {
        isLoggedIn = false;
        return jsonResponse(200, ana.session);
      },
    });
    const router = renderRoute('/user');

    expect((await screen.findByRole('link', { name: 'Mis compras' })).getAttribute('href')).toBe(
      '/user/orders',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));

    expect(await screen.findByRole('link', { name: 'Ingresar' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends a person whose session ended (440) on saving to the login page', async () => {
    let isLoggedIn = true;
    stubAccount({
      'GET /auth/session': () =>
        isLoggedIn ? jsonResponse(200, ana) : error(440, 'SESSION_EXPIRED', 'Expiró'),
      'PUT /auth/users/:id': () => {
        isLoggedIn = false;
        return error(440, 'SESSION_EXPIRED', 'Expiró');
      },
    });
    const router = renderRoute('/user');

    fireEvent.click(await screen.findByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=/user');
  });
});
