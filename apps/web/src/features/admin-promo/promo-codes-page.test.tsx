import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOf, renderRoute } from '../../test/session-factory';
import {
  CODE_ID,
  SHOW_A,
  jsonResponse,
  page,
  promoCode,
  promoGateway,
} from './admin-promo.fixtures';

const listCalls = (fetchMock: ReturnType<typeof promoGateway>) =>
  callsOf(fetchMock).filter((c) => c.call === 'GET /admin/promo-codes');

describe('console: the promo code list (/admin/promo-codes)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows each code’s discount, shows, uses, uses left, validity and state', async () => {
    promoGateway({
      'GET /admin/promo-codes': () =>
        jsonResponse(
          200,
          page([
            promoCode({
              usage_limit: 50,
              used_count: 12,
              uses_left: 38,
              show_uids: [SHOW_A],
              valid_since: '2027-03-01T06:00:00.000Z',
              valid_thru: '2027-04-01T05:59:00.000Z',
            }),
            promoCode({
              _id: 'code-2',
              code: 'AMIGOS',
              discount_type: 'FIXED',
              discount_value: 25,
              active: false,
            }),
          ]),
        ),
    });
    renderRoute('/admin/promo-codes');

    const link = await screen.findByRole('link', { name: 'Editar el código VERANO10' });
    expect(link.getAttribute('href')).toBe(`/admin/promo-codes/${CODE_ID}`);
    const table = screen.getByRole('table', { name: 'Códigos promocionales encontrados' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    await waitFor(() => expect(within(first!).getByText('Concierto de Marimba')).toBeTruthy());
    expect([...first!.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'VERANO10',
      '10 %',
      'Concierto de Marimba',
      '12',
      '38',
      '1 mar 2027, 00:00 – 31 mar 2027, 23:59',
      'Activo',
    ]);
    expect([...second!.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'AMIGOS',
      'Q 25.00',
      'Todos los eventos',
      '0',
      'Sin límite',
      'Siempre',
      'Inactivo',
    ]);
    expect(screen.getByRole('link', { name: 'Nuevo código' }).getAttribute('href')).toBe(
      '/admin/promo-codes/new',
    );
  });

  it('searches and filters through the URL and asks the server for pages', async () => {
    const fetchMock = promoGateway({
      'GET /admin/promo-codes': (request) =>
        jsonResponse(
          200,
          page([promoCode()], {
            total: 30,
            page: Number(request.url.searchParams.get('page') ?? '1'),
          }),
        ),
    });
    const router = renderRoute('/admin/promo-codes');
    await screen.findByRole('link', { name: 'Editar el código VERANO10' });
    expect(Object.fromEntries(listCalls(fetchMock)[0]!.url.searchParams)).toEqual({
      page: '1',
      page_size: '25',
    });

    fireEvent.change(screen.getByLabelText('Buscar código'), { target: { value: 'verano' } });
    fireEvent.change(screen.getByLabelText('Estado'), { target: { value: 'false' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=verano&active=false'));
    await waitFor(() => expect(listCalls(fetchMock)).toHaveLength(2));
    expect(Object.fromEntries(listCalls(fetchMock)[1]!.url.searchParams)).toEqual({
      q: 'verano',
      active: 'false',
      page: '1',
      page_size: '25',
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=verano&active=false&page=2'));
    expect(await screen.findByText('26–30 de 30')).toBeTruthy();
  });
});
