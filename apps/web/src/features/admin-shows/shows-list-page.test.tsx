import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminShow } from '@taquilla/contract';
import { buildAdminShow, organiserSession } from '../../test/admin-tickets-factory';
import { callsOf, renderRoute, stubGateway } from '../../test/session-factory';
import type { Handler } from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';

function page(items: AdminShow[], total = items.length, pageNumber = 1) {
  return jsonResponse(200, { items, total, page: pageNumber, page_size: 25 });
}

function gateway(list: Handler) {
  return stubGateway({
    'GET /auth/session': () => jsonResponse(200, organiserSession()),
    'GET /admin/shows': list,
  });
}

const listCalls = (fetchMock: ReturnType<typeof gateway>) =>
  callsOf(fetchMock).filter(({ call }) => call === 'GET /admin/shows');

describe('console shows list', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists name, date, venue, status and the show’s sections, with a new-show link', async () => {
    const gala = buildAdminShow({
      fullname: 'Noche de Gala',
      venue: 'Teatro Nacional',
      status: 'ACTIVE',
      show_date: '2027-03-14T02:00:00.000Z',
      timezone: 'America/Guatemala',
    });
    gateway(() => page([gala]));
    renderRoute('/admin/shows');

    await screen.findByRole('heading', { level: 1, name: 'Eventos' });
    const row = (await screen.findByText('Noche de Gala')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Noche de Gala' }).getAttribute('href')).toBe(
      `/admin/shows/${gala._id}`,
    );
    // 20:00 on Saturday the 13th in Guatemala (02:00 UTC on the 14th).
    expect(within(row).getByText(/sábado, 13 de marzo de 2027.*20:00/)).toBeTruthy();
    expect(within(row).getByText('Teatro Nacional')).toBeTruthy();
    expect(within(row).getByText('A la venta')).toBeTruthy();
    expect(
      within(row).getByRole('link', { name: 'Boletos: Noche de Gala' }).getAttribute('href'),
    ).toBe(`/admin/shows/${gala._id}/tickets`);
    expect(within(row).getByRole('link', { name: 'Reporte: Noche de Gala' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((th) => th.getAttribute('scope'))).toEqual(
      Array(5).fill('col'),
    );
    expect(screen.getByRole('link', { name: 'Nuevo evento' }).getAttribute('href')).toBe(
      '/admin/shows/new',
    );
  });

  it('asks the server for the status, the search and the page, starting again at page 1', async () => {
    const shows = Array.from({ length: 25 }, (_, index) =>
      buildAdminShow({ fullname: `Función ${index + 1}` }),
    );
    const fetchMock = gateway((request) => {
      const pageNumber = Number(request.url.searchParams.get('page') ?? '1');
      return page(
        pageNumber === 1 ? shows : [buildAdminShow({ fullname: 'Última' })],
        26,
        pageNumber,
      );
    });
    renderRoute('/admin/shows');

    await screen.findByText('Función 1');
    expect(screen.getByText('1–25 de 26')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await screen.findByText('Última');
    expect(screen.getByText('26–26 de 26')).toBeTruthy();
    expect(listCalls(fetchMock).at(-1)?.url.searchParams.get('page')).toBe('2');

    fireEvent.change(screen.getByLabelText('Estado'), { target: { value: 'CANCELLED' } });
    await waitFor(() =>
      expect(listCalls(fetchMock).at(-1)?.url.searchParams.get('status')).toBe('CANCELLED'),
    );
    expect(listCalls(fetchMock).at(-1)?.url.searchParams.get('page')).toBe('1');

    fireEvent.change(screen.getByLabelText('Buscar por nombre o lugar'), {
      target: { value: ' marimba ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() =>
      expect(listCalls(fetchMock).at(-1)?.url.searchParams.get('q')).toBe('marimba'),
    );
    const last = listCalls(fetchMock).at(-1)?.url.searchParams;
    expect([last?.get('status'), last?.get('page'), last?.get('page_size')]).toEqual([
      'CANCELLED',
      '1',
      '25',
    ]);
  });

  it('says so when nothing matches', async () => {
    gateway(() => page([]));
    renderRoute('/admin/shows?q=nada');
    expect(await screen.findByText('No hay eventos que coincidan.')).toBeTruthy();
    expect((screen.getByLabelText('Buscar por nombre o lugar') as HTMLInputElement).value).toBe(
      'nada',
    );
  });
});
