import { render, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminAccessCode, AdminShow } from '@taquilla/contract';
import { callsOf, error, stubGateway } from '../../test/session-factory';
import type { Handler } from '../../test/session-factory';
import { buildShow, jsonResponse } from '../../test/show-factory';
import { AccessCodesPage } from './access-codes-page';

const SHOW_ID = '0193b2a4-7c1e-7a55-9d41-6f2b8e0c1a88';
const LIST_PATH = `/admin/shows/${SHOW_ID}/access-codes`;

function adminShow(settings: Record<string, unknown>, paid = false): AdminShow {
  const show = buildShow({ _id: SHOW_ID, fullname: 'Congreso Maya', paid });
  return { ...show, video_url: null, settings: { ...show.settings, ...settings } } as AdminShow;
}

let sequence = 0;
function code(overrides: Partial<AdminAccessCode> = {}): AdminAccessCode {
  sequence += 1;
  return {
    _id: `0193b2a4-3333-7000-8000-${String(sequence).padStart(12, '0')}`,
    show_uid: SHOW_ID,
    code: `K7QM${String(sequence).padStart(4, '2')}`,
    expires_on: null,
    revoked_at: null,
    active: true,
    createdAt: '2026-12-01T16:00:00.000Z',
    used_at: null,
    ...overrides,
  };
}

function stub(show: AdminShow, handlers: Record<string, Handler> = {}) {
  return stubGateway({
    'GET /admin/shows/:id': () => jsonResponse(200, show),
    ...handlers,
  });
}

function renderPage() {
  const router = createMemoryRouter(
    [{ path: '/admin/shows/:id/access-codes', Component: AccessCodesPage }],
    { initialEntries: [`/admin/shows/${SHOW_ID}/access-codes`] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const listReads = (fetchMock: ReturnType<typeof stub>) =>
  callsOf(fetchMock)
    .filter((c) => c.call === `GET ${LIST_PATH}`)
    .map((c) => Object.fromEntries(c.url.searchParams));

describe('access codes page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says plainly that a ticket show does not use codes, and offers nothing to generate', async () => {
    const fetchMock = stub(adminShow({}, true));
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Este evento no usa códigos de acceso' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generar códigos' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Descargar CSV' })).toBeNull();
    expect(listReads(fetchMock)).toEqual([]);
  });

  it('lists a no-login show’s codes a server page at a time, used or not, with the CSV link', async () => {
    const used = code({ used_at: '2026-12-05T02:15:00.000Z' });
    const expired = code({ active: false, expires_on: '2026-12-02T06:00:00.000Z' });
    const fetchMock = stub(adminShow({ nologin: true }), {
      'GET /admin/shows/:id/access-codes': (request) =>
        request.url.searchParams.get('page') === '2'
          ? jsonResponse(200, {
              items: [code({ code: 'ZZZZ2222' })],
              total: 53,
              page: 2,
              page_size: 50,
            })
          : jsonResponse(200, { items: [used, expired], total: 53, page: 1, page_size: 50 }),
    });
    const router = renderPage();

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText(used.code)).toBeTruthy();
    expect(within(rows[0]!).getByText('Vigente')).toBeTruthy();
    expect(within(rows[0]!).getByText(/^Usado desde /)).toBeTruthy();
    expect(within(rows[1]!).getByText('Vencido o revocado')).toBeTruthy();
    expect(within(rows[1]!).getByText('Sin usar')).toBeTruthy();
    expect(screen.getByText('1–50 de 53')).toBeTruthy();

    const csv = screen.getByRole('link', { name: 'Descargar CSV' });
    expect(csv.hasAttribute('download')).toBe(true);
    expect(new URL(csv.getAttribute('href') ?? '', 'http://localhost').pathname).toBe(LIST_PATH);
    expect(new URL(csv.getAttribute('href') ?? '', 'http://localhost').search).toBe('?format=csv');

    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('ZZZZ2222')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    expect(listReads(fetchMock)).toEqual([
      { page: '1', page_size: '50' },
      { page: '2', page_size: '50' },
    ]);
  });

  it('generates a batch with an expiry and reads the list again from its first page', async () => {
    let total = 0;
    const fetchMock = stub(adminShow({ security: 'clave-del-congreso' }), {
      'GET /admin/shows/:id/access-codes': () =>
        jsonResponse(200, {
          items: Array.from({ length: total }, () => code()),
          total,
          page: 1,
          page_size: 50,
        }),
      'POST /admin/shows/:id/access-codes': (request) => {
        const { quantity } = request.body as { quantity: number };
        total = quantity;
        return jsonResponse(201, { items: Array.from({ length: quantity }, () => code()) });
      },
    });
    renderPage();
    expect(await screen.findByText(/Evento con contraseña/)).toBeTruthy();
    expect(await screen.findByText('Todavía no hay códigos para este evento.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Cantidad de códigos'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Vencen el (opcional)'), {
      target: { value: '2027-01-15T18:30' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Generar códigos' }));

    expect(await screen.findByText('Se generaron 3 códigos.')).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4),
    );
    const posts = callsOf(fetchMock).filter((c) => c.call === `POST ${LIST_PATH}`);
    expect(posts.map((c) => c.body)).toEqual([
      { quantity: 3, expires_on: new Date('2027-01-15T18:30').toISOString() },
    ]);
    expect(listReads(fetchMock)).toHaveLength(2);
  });

  it('checks the quantity before sending and shows the server’s 422 beside the expiry', async () => {
    const fetchMock = stub(adminShow({ nologin: true }), {
      'GET /admin/shows/:id/access-codes': () =>
        jsonResponse(200, { items: [], total: 0, page: 1, page_size: 50 }),
      'POST /admin/shows/:id/access-codes': () =>
        error(422, 'VALIDATION_ERROR', 'Revisa los datos', [
          { field: 'expires_on', message: 'La fecha de vencimiento debe ser futura' },
        ]),
    });
    renderPage();
    const quantity = await screen.findByLabelText('Cantidad de códigos');
    fireEvent.change(quantity, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generar códigos' }));
    expect(await screen.findByText('Genera al menos un código')).toBeTruthy();
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    expect(callsOf(fetchMock).filter((c) => c.call.startsWith('POST'))).toEqual([]);

    fireEvent.change(quantity, { target: { value: '5' } });
    const expires = screen.getByLabelText('Vencen el (opcional)');
    fireEvent.change(expires, { target: { value: '2020-01-01T10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generar códigos' }));
    expect(await screen.findByText('La fecha de vencimiento debe ser futura')).toBeTruthy();
    expect(expires.getAttribute('aria-invalid')).toBe('true');
  });
});
