import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProducerListItem, AdminUser, Role } from '@taquilla/contract';
import { organiserSession } from '../../test/admin-tickets-factory';
import { callsOf, error, renderRoute, stubGateway } from '../../test/session-factory';
import type { Handler } from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';

const QUETZAL = '00000000-0000-4000-8000-0000000000a1';

const producer = (overrides: Partial<AdminProducerListItem> = {}): AdminProducerListItem => ({
  _id: QUETZAL,
  name: 'Producciones Quetzal',
  slug: 'producciones-quetzal',
  email: 'hola@quetzal.gt',
  phone: null,
  created: '2026-10-01T12:00:00.000Z',
  users: 2,
  shows: 7,
  ...overrides,
});

let n = 0;
const user = (overrides: Partial<AdminUser> = {}): AdminUser => {
  n += 1;
  return {
    _id: `user-${n}`,
    email: `persona${n}@quetzal.gt`,
    fullname: `Persona ${n}`,
    roles: ['Producer'],
    producer: { _id: QUETZAL, name: 'Producciones Quetzal', slug: 'producciones-quetzal' },
    email_verified: true,
    created: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
};

/** The text that describes a field (its hint and its error). */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

function gateway(role: Role, extra: Record<string, Handler> = {}) {
  return stubGateway({
    'GET /auth/session': () => jsonResponse(200, organiserSession(role)),
    'GET /admin/producers': () => jsonResponse(200, { items: [producer()] }),
    'GET /admin/users': ({ url }) => {
      if (url.searchParams.get('producer_uid') === QUETZAL) {
        return jsonResponse(200, {
          items: [user({ fullname: 'Marta Pérez', email: 'marta@quetzal.gt' })],
          total: 1,
          page: 1,
          page_size: 200,
        });
      }
      const page = Number(url.searchParams.get('page') ?? '1');
      return jsonResponse(200, {
        items: [user({ fullname: `Cuenta de la página ${page}` })],
        total: 30,
        page,
        page_size: 25,
      });
    },
    ...extra,
  });
}

describe('accounts page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('tells a producer who types the address that it is for admins only', async () => {
    const fetchMock = gateway('Producer');
    renderRoute('/admin/accounts');
    expect(await screen.findByRole('heading', { name: 'Solo administración' })).toBeTruthy();
    expect(callsOf(fetchMock).some(({ call }) => call.startsWith('GET /admin/users'))).toBe(false);
    expect(callsOf(fetchMock).some(({ call }) => call === 'GET /admin/producers')).toBe(false);
  });

  it('lists producers with their counts, opens one’s accounts and pages every account', async () => {
    const fetchMock = gateway('Admin');
    renderRoute('/admin/accounts');

    const producers = await screen.findByRole('table', {
      name: 'Productoras con sus cuentas y eventos',
    });
    const row = within(producers).getByRole('row', { name: /Producciones Quetzal/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'producciones-quetzal',
      'hola@quetzal.gt',
      '2 cuentas de Producciones Quetzal',
      '7',
      'Editar Producciones Quetzal',
    ]);
    const open = within(row).getByRole('button', { name: '2 cuentas de Producciones Quetzal' });
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const members = await screen.findByRole('list', { name: 'Cuentas de Producciones Quetzal' });
    expect(members.textContent).toContain('Marta Pérez · marta@quetzal.gt');

    const accounts = await screen.findByRole('table', { name: 'Cuentas' });
    expect(within(accounts).getByText('Cuenta de la página 1')).toBeTruthy();
    expect(screen.getByText('1–25 de 30')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Cuenta de la página 2')).toBeTruthy();
    const pages = callsOf(fetchMock)
      .filter(
        ({ call, url }) => call === 'GET /admin/users' && !url.searchParams.has('producer_uid'),
      )
      .map(({ url }) => url.searchParams.get('page'));
    expect(pages).toEqual(['1', '2']);
  });

  it('checks the new account with the contract, shows the server’s field messages, then creates it', async () => {
    let answer: 'slug taken' | 'created' = 'slug taken';
    const fetchMock = gateway('Admin', {
      'POST /admin/users': ({ body }) => {
        if (answer === 'slug taken') {
          return error(422, 'VALIDATION_ERROR', 'Los datos enviados no son válidos', [
            { field: 'producer.slug', message: 'Usa minúsculas, números y guiones' },
          ]);
        }
        const { email, fullname } = body as { email: string; fullname: string };
        return jsonResponse(201, user({ email, fullname }));
      },
    });
    renderRoute('/admin/accounts');
    const form = await screen.findByRole('form', { name: 'Nueva cuenta' });

    fireEvent.click(within(form).getByRole('button', { name: 'Crear cuenta' }));
    expect(await within(form).findByText('Revisa los campos marcados.')).toBeTruthy();
    const email = within(form).getByLabelText('Correo electrónico');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(
      within(form).getByLabelText('Nombre de la productora').getAttribute('aria-invalid'),
    ).toBe('true');
    expect(callsOf(fetchMock).some(({ call }) => call === 'POST /admin/users')).toBe(false);

    fireEvent.change(email, { target: { value: 'luisa@tikal.gt' } });
    fireEvent.change(within(form).getByLabelText('Nombre completo'), {
      target: { value: 'Luisa Tikal' },
    });
    fireEvent.change(within(form).getByLabelText('Nombre de la productora'), {
      target: { value: 'Eventos Tikal' },
    });
    const slug = within(form).getByLabelText('Identificador (opcional)');
    fireEvent.change(slug, { target: { value: 'eventos-tikal' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(slug)).toContain('Usa minúsculas, números y guiones');

    answer = 'created';
    fireEvent.click(within(form).getByRole('button', { name: 'Crear cuenta' }));
    expect(
      await within(form).findByText(
        'Cuenta creada. Enviamos a luisa@tikal.gt un enlace para elegir su contraseña.',
      ),
    ).toBeTruthy();
    const posts = callsOf(fetchMock).filter(({ call }) => call === 'POST /admin/users');
    expect(posts.at(-1)?.body).toEqual({
      email: 'luisa@tikal.gt',
      fullname: 'Luisa Tikal',
      role: 'Producer',
      producer: { name: 'Eventos Tikal', slug: 'eventos-tikal' },
    });
    await waitFor(() =>
      expect(callsOf(fetchMock).filter(({ call }) => call === 'GET /admin/producers')).toHaveLength(
        2,
      ),
    );
  });

  it('creates an account for an existing producer or an admin without a producer', async () => {
    const fetchMock = gateway('Admin', {
      'POST /admin/users': ({ body }) => jsonResponse(201, user(body as Partial<AdminUser>)),
    });
    renderRoute('/admin/accounts');
    const form = await screen.findByRole('form', { name: 'Nueva cuenta' });
    fireEvent.change(within(form).getByLabelText('Correo electrónico'), {
      target: { value: 'ana@quetzal.gt' },
    });
    fireEvent.change(within(form).getByLabelText('Nombre completo'), {
      target: { value: 'Ana Quetzal' },
    });
    fireEvent.change(within(form).getByLabelText('Productora nueva o existente'), {
      target: { value: 'existing' },
    });
    await screen.findByRole('option', { name: 'Producciones Quetzal' });
    fireEvent.change(within(form).getByLabelText('Productora existente'), {
      target: { value: QUETZAL },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear cuenta' }));
    await within(form).findByRole('status');

    fireEvent.change(within(form).getByLabelText('Correo electrónico'), {
      target: { value: 'jefa@taquilla.gt' },
    });
    fireEvent.change(within(form).getByLabelText('Nombre completo'), {
      target: { value: 'Jefa' },
    });
    fireEvent.change(within(form).getByLabelText('Tipo de cuenta'), { target: { value: 'Admin' } });
    expect(within(form).queryByLabelText('Nombre de la productora')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() =>
      expect(callsOf(fetchMock).filter(({ call }) => call === 'POST /admin/users')).toHaveLength(2),
    );
    const bodies = callsOf(fetchMock)
      .filter(({ call }) => call === 'POST /admin/users')
      .map(({ body }) => body);
    expect(bodies).toEqual([
      { email: 'ana@quetzal.gt', fullname: 'Ana Quetzal', role: 'Producer', producer_uid: QUETZAL },
      { email: 'jefa@taquilla.gt', fullname: 'Jefa', role: 'Admin' },
    ]);
  });

  it('edits a producer’s name and contact, with the server’s field message', async () => {
    let renamed = false;
    const fetchMock = gateway('Admin', {
      'GET /admin/producers': () =>
        jsonResponse(200, { items: [producer(renamed ? { name: 'Quetzal Eventos' } : {})] }),
      'PATCH /admin/producers/:id': ({ body }) => {
        const { email } = body as { email: string | null };
        if (email === 'ventas@quetzal') {
          return error(422, 'VALIDATION_ERROR', 'Los datos enviados no son válidos', [
            { field: 'email', message: 'Correo electrónico inválido' },
          ]);
        }
        renamed = true;
        return jsonResponse(200, producer({ name: 'Quetzal Eventos' }));
      },
    });
    renderRoute('/admin/accounts');
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Producciones Quetzal' }));
    const form = screen.getByRole('form', { name: 'Editar Producciones Quetzal' });
    const name = within(form).getByLabelText('Nombre de la productora');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(callsOf(fetchMock).some(({ call }) => call.startsWith('PATCH'))).toBe(false);

    fireEvent.change(name, { target: { value: 'Quetzal Eventos' } });
    const email = within(form).getByLabelText('Correo de la productora');
    fireEvent.change(email, { target: { value: 'ventas@quetzal' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(descriptionOf(email)).toContain('Correo electrónico inválido'));

    fireEvent.change(email, { target: { value: 'ventas@quetzal.gt' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardamos los datos de Quetzal Eventos.')).toBeTruthy();
    expect(await screen.findByRole('row', { name: /Quetzal Eventos/ })).toBeTruthy();
    expect(
      callsOf(fetchMock)
        .filter(({ call }) => call.startsWith('PATCH'))
        .at(-1)?.body,
    ).toEqual({ name: 'Quetzal Eventos', email: 'ventas@quetzal.gt', phone: null });
  });
});
