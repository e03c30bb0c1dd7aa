import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminTicket } from '@taquilla/contract';
import {
  buildAdminShow,
  buildAdminTicket,
  organiserSession,
} from '../../test/admin-tickets-factory';
import { callsOf, error, renderRoute, stubGateway } from '../../test/session-factory';
import type { Handler } from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';
import { TICKETS_REFRESH_MS } from './tickets-page';

const show = buildAdminShow();
const PATH = `/admin/shows/${show._id}/tickets`;
const funcion = buildAdminShow({
  fullname: 'Función de estreno',
  parent_show_uid: show._id,
  show_date: '2027-03-06T02:00:00.000Z',
});

function gateway(tickets: () => AdminTicket[], extra: Record<string, Handler> = {}) {
  return stubGateway({
    'GET /auth/session': () => jsonResponse(200, organiserSession()),
    'GET /admin/shows/:id': () => jsonResponse(200, show),
    'GET /admin/shows': ({ url }) =>
      jsonResponse(200, {
        items: url.searchParams.get('parent') === show._id ? [funcion] : [],
        total: 1,
        page: 1,
        page_size: Number(url.searchParams.get('page_size')),
      }),
    'GET /admin/shows/:id/tickets': () => jsonResponse(200, { items: tickets() }),
    ...extra,
  });
}

function rowOf(name: string) {
  const cell = screen.getByText(name, { selector: 'strong' });
  return cell.closest('tr') as HTMLTableRowElement;
}

const figure = (row: HTMLElement, name: string) =>
  row.querySelector(`[data-figure="${name}"]`)?.textContent;

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('console tickets page', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists every ticket with sold, held and left, and reads them again every 15 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let sold = 40;
    const fetchMock = gateway(() => [
      buildAdminTicket({ fullname: 'Platea', capacity: 100, sold, held: 5 }),
      buildAdminTicket({ fullname: 'Palco', capacity: 10, sold: 10, held: 0, visible: false }),
    ]);
    renderRoute(PATH);

    await screen.findByRole('heading', { level: 1, name: 'Noche de Gala · Boletos' });
    const platea = await waitFor(() => rowOf('Platea'));
    expect([figure(platea, 'sold'), figure(platea, 'held'), figure(platea, 'left')]).toEqual([
      '40',
      '5',
      '55',
    ]);
    expect(figure(rowOf('Palco'), 'left')).toBe('0');
    expect(within(rowOf('Palco')).getByText('Oculto')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((th) => th.getAttribute('scope'))).toEqual(
      Array(9).fill('col'),
    );

    sold = 52;
    const lists = () =>
      callsOf(fetchMock).filter(({ call }) => call === `GET /admin/shows/${show._id}/tickets`);
    const before = lists().length;
    await act(async () => {
      vi.advanceTimersByTime(TICKETS_REFRESH_MS);
    });
    await waitFor(() => expect(figure(rowOf('Platea'), 'sold')).toBe('52'));
    expect(lists().length).toBe(before + 1);
    expect(figure(rowOf('Platea'), 'left')).toBe('43');
  });

  it('creates a ticket with prices, payment types, discounts and a bundle, then lists it', async () => {
    const platea = buildAdminTicket({ fullname: 'Platea', code: 'PLATEA' });
    const items = [platea];
    const fetchMock = gateway(() => items, {
      'POST /admin/shows/:id/tickets': ({ body }) => {
        const created = buildAdminTicket({ ...(body as Partial<AdminTicket>), bundle: [] });
        items.push(created);
        return jsonResponse(201, created);
      },
    });
    renderRoute(PATH);

    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo boleto' }));
    expect(await screen.findByRole('heading', { name: 'Nuevo boleto', level: 2 })).toBeTruthy();
    type('Código', 'vip');
    type('Nombre', 'VIP');
    type('Precio (GTQ)', '1200.5');
    type('Precio (USD)', '160');
    type('Cargo por servicio (GTQ)', '25');
    type('Capacidad', '50');
    fireEvent.click(screen.getByLabelText('Depósito bancario'));
    fireEvent.click(screen.getByRole('button', { name: 'Agregar descuento' }));
    type('Desde (cantidad)', '4');
    type('Precio por boleto (GTQ)', '1100');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar elemento' }));
    fireEvent.change(screen.getByLabelText('Boleto del evento'), {
      target: { value: platea._id },
    });
    type('Unidades por boleto', '2');
    fireEvent.click(screen.getByLabelText('Función de estreno · 5 de marzo de 2027, 20:00'));
    fireEvent.click(screen.getByRole('button', { name: 'Crear boleto' }));

    expect(await screen.findByText('Se guardó el boleto VIP.')).toBeTruthy();
    const post = callsOf(fetchMock).find(({ call }) => call.startsWith('POST'));
    expect(post?.body).toMatchObject({
      code: 'vip',
      fullname: 'VIP',
      price: 1200.5,
      price_usd: 160,
      fee: 25,
      capacity: 50,
      payment_type: ['CREDIT_CARD', 'BANK_DEPOSIT'],
      visible: true,
      price_rules: [
        {
          rule_type: 'quantity_discount',
          quantity_min: 4,
          item_discount_price: 1100,
          item_discount_price_usd: null,
        },
      ],
      bundle: [{ ticket_uid: platea._id, code: 'PLATEA', fullname: 'Platea', ammount: 2 }],
      show_dates: [{ value: funcion._id, label: '5 de marzo de 2027, 20:00' }],
    });
    expect(await screen.findByText('VIP', { selector: 'strong' })).toBeTruthy();
  });

  it('checks the form against the contract before calling the server', async () => {
    const fetchMock = gateway(() => []);
    renderRoute(PATH);

    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo boleto' }));
    type('Código', 'GENERAL');
    type('Precio (GTQ)', '10.555');
    fireEvent.click(screen.getByLabelText('Tarjeta'));
    fireEvent.click(screen.getByRole('button', { name: 'Crear boleto' }));

    expect(await screen.findByText('Revisa los campos marcados.')).toBeTruthy();
    for (const label of ['Nombre', 'Precio (GTQ)', 'Capacidad']) {
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    }
    expect(screen.getByText('Formas de pago').closest('fieldset')?.textContent).toContain(
      'Elige al menos una forma de pago.',
    );
    expect(callsOf(fetchMock).some(({ call }) => call.startsWith('POST'))).toBe(false);
  });

  it('sends only what changed and explains a capacity below sold + held', async () => {
    const platea = buildAdminTicket({ fullname: 'Platea', capacity: 100, sold: 40, held: 5 });
    const fetchMock = gateway(() => [platea], {
      'PATCH /admin/shows/:id/tickets/:ticketId': () =>
        error(
          409,
          'CAPACITY_BELOW_COMMITTED',
          'La capacidad no puede ser menor que los boletos vendidos más los reservados',
        ),
    });
    renderRoute(PATH);

    fireEvent.click(await screen.findByRole('button', { name: 'Editar Platea' }));
    const capacity = await screen.findByLabelText('Capacidad');
    expect((capacity as HTMLInputElement).value).toBe('100');
    expect((screen.getByLabelText('Precio (GTQ)') as HTMLInputElement).value).toBe('450.00');
    expect((screen.getByLabelText('Cargo por servicio (GTQ)') as HTMLInputElement).value).toBe(
      '15.00',
    );
    fireEvent.change(capacity, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    const alert = await waitFor(() => {
      const found = screen
        .getAllByRole('alert')
        .find((element) => element.textContent?.includes('vendidos + retenidos'));
      expect(found).toBeTruthy();
      return found!;
    });
    expect(alert.textContent).toBe(
      'La capacidad no puede ser menor que vendidos + retenidos: 40 vendidos + 5 retenidos = 45.',
    );
    expect(capacity.getAttribute('aria-invalid')).toBe('true');
    const patch = callsOf(fetchMock).find(({ call }) => call.startsWith('PATCH'));
    expect(patch?.body).toEqual({ capacity: 30 });
  });

  it('deletes behind a confirmation, which shows the server’s refusal', async () => {
    const palco = buildAdminTicket({ fullname: 'Palco', sold: 3 });
    let refusal: [string, string] | null = [
      'TICKET_HAS_SALES',
      'No se puede eliminar un boleto que tiene ventas',
    ];
    const items = [palco];
    const fetchMock = gateway(() => items, {
      'DELETE /admin/shows/:id/tickets/:ticketId': () => {
        if (refusal) return error(409, ...refusal);
        items.pop();
        return jsonResponse(200, palco);
      },
    });
    renderRoute(PATH);

    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar Palco' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar boleto' });
    expect(callsOf(fetchMock).some(({ call }) => call.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar boleto' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'No se puede eliminar un boleto que tiene ventas',
    );

    refusal = null;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar boleto' }));
    expect(await screen.findByText('Se eliminó el boleto Palco.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByText('Este evento todavía no tiene boletos.')).toBeTruthy(),
    );
  });
});
