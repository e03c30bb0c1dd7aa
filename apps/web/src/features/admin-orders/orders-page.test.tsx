import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOf, renderRoute } from '../../test/session-factory';
import {
  ORDER_ID,
  SHOW_ID,
  consoleGateway,
  jsonResponse,
  listItem,
  page,
} from './admin-orders.fixtures';

const listCalls = (fetchMock: ReturnType<typeof consoleGateway>) =>
  callsOf(fetchMock).filter((c) => c.call === 'GET /admin/orders');

describe('console: the order list (/admin/orders)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens a link’s filters: the form shows them and the server is asked for them', async () => {
    const fetchMock = consoleGateway({
      'GET /admin/orders': () => jsonResponse(200, page([listItem()], { total: 1 })),
    });
    renderRoute(
      `/admin/orders?q=ana&status=APPROVED&show_uid=${SHOW_ID}&payment_type=CREDIT_CARD&from=2027-03-01&to=2027-03-31`,
    );

    const row = await screen.findByRole('link', { name: 'Ver la orden #1042' });
    expect(row.getAttribute('href')).toBe(`/admin/orders/${ORDER_ID}`);
    const [call] = listCalls(fetchMock);
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({
      q: 'ana',
      status: 'APPROVED',
      show_uid: SHOW_ID,
      payment_type: 'CREDIT_CARD',
      from: '2027-03-01',
      to: '2027-03-31',
      page_size: '25',
    });
    expect((screen.getByLabelText('Buscar') as HTMLInputElement).value).toBe('ana');
    expect((screen.getByLabelText('Estado') as HTMLSelectElement).value).toBe('APPROVED');
    await waitFor(() =>
      expect((screen.getByLabelText('Evento') as HTMLSelectElement).value).toBe(SHOW_ID),
    );
    expect((screen.getByLabelText('Forma de pago') as HTMLSelectElement).value).toBe('CREDIT_CARD');
    expect((screen.getByLabelText('Desde') as HTMLInputElement).value).toBe('2027-03-01');
    const table = screen.getByRole('table', { name: 'Órdenes encontradas' });
    expect(within(table).getByText('Ana López')).toBeTruthy();
    expect(within(table).getByText('Q 250.00')).toBeTruthy();
    expect(within(table).getByText('Aprobada')).toBeTruthy();
  });

  it('puts the chosen filters in the URL and pages through the server’s pages', async () => {
    const fetchMock = consoleGateway({
      'GET /admin/orders': (request) =>
        jsonResponse(
          200,
          page([listItem()], {
            total: 60,
            page: Number(request.url.searchParams.get('page') ?? '1'),
          }),
        ),
    });
    const router = renderRoute('/admin/orders');
    await screen.findByRole('link', { name: 'Ver la orden #1042' });

    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: '#1042' } });
    fireEvent.change(screen.getByLabelText('Estado'), {
      target: { value: 'WAITING_CONFIRMATION' },
    });
    fireEvent.change(screen.getByLabelText('Forma de pago'), {
      target: { value: 'BANK_DEPOSIT' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));

    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?q=%231042&status=WAITING_CONFIRMATION&payment_type=BANK_DEPOSIT',
      ),
    );
    await waitFor(() => expect(listCalls(fetchMock)).toHaveLength(2));
    expect(listCalls(fetchMock)[1]!.url.searchParams.get('q')).toBe('#1042');

    fireEvent.click(await screen.findByRole('button', { name: 'Siguiente' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2'),
    );
    await waitFor(() => expect(listCalls(fetchMock)).toHaveLength(3));
    const third = listCalls(fetchMock)[2]!.url.searchParams;
    expect(third.get('page')).toBe('2');
    expect(third.get('status')).toBe('WAITING_CONFIRMATION');
    expect(await screen.findByText('26–50 de 60')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByLabelText('Estado') as HTMLSelectElement).value).toBe('');
  });

  it('refuses a date range that ends before it starts, without asking the server', async () => {
    const fetchMock = consoleGateway({
      'GET /admin/orders': () => jsonResponse(200, page([])),
    });
    const router = renderRoute('/admin/orders');
    expect(await screen.findByText('Ninguna orden coincide con estos filtros.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2027-03-10' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2027-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));

    expect(
      await screen.findByText('La fecha «Hasta» debe ser igual o posterior a «Desde».'),
    ).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(listCalls(fetchMock)).toHaveLength(1);
  });
});
