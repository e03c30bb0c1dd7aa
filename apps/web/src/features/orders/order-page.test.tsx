import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@taquilla/contract';
import { env } from '../../config/env';
import { ORDER_ID, buildCardOrder } from '../../test/order-factory';
import { callsOf, error, renderRoute, stubGateway } from '../../test/session-factory';
import type { Handler } from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';
import { CODE_POLL_MS } from './api/use-order';

const LINE_ID = 'line-1';

/** The gala's two Platea tickets, paid by card with a promo code. */
function buildOrder(overrides: Partial<Order> = {}): Order {
  return buildCardOrder({
    tickets: [
      {
        _id: LINE_ID,
        ticket_uid: 'ticket-1',
        code: 'PLATEA',
        show_uid: 'gala',
        show_name: 'Noche de Gala Sinfónica',
        show_date: '2026-12-31T02:00:00.000Z',
        description: 'Vista central',
        ticket_type: 'VENUE_SEAT',
        quantity: 2,
        price: 450,
        discount_price: 0,
        fee: 15,
        total_price: 900,
        total_fee: 30,
        location: { section: 'Platea', row: 'A', seat: 'A1', door: 'Unica' },
        bundle_items: [],
      },
    ],
    total_discount: 100,
    total: 830,
    promo_codes: [{ code: 'GALA100', discount_amount: 100 }],
    payment_response: {
      authorization: '482913',
      transaction_id: 'sbx_1',
      response_text: 'Aprobada',
    },
    ...overrides,
  });
}

const codes = ['K7M2QX', 'P4T9ZB'].map((code, index) => ({
  _id: `code-${index}`,
  order_ticket_uid: LINE_ID,
  code,
  qrcode: `/etickets/qr/${code}`,
  ticket_type: 'VENUE_SEAT' as const,
}));

function openOrder(path: string, answer: () => Response, handlers: Record<string, Handler> = {}) {
  const fetchMock = stubGateway({ 'GET /viewers/orders/:id': answer, ...handlers });
  const router = renderRoute(path);
  return { fetchMock, router };
}

describe('order page', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('confirms a new approved order with its payment, codes, QR images, totals and actions', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { fetchMock } = openOrder(
      `/orders/${ORDER_ID}?new=1`,
      () => jsonResponse(200, buildOrder({ codes })),
      { 'POST /viewers/orders/:id/resendTickets': () => jsonResponse(200, { message: 'ok' }) },
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Orden #1042' })).toBeTruthy();
    expect(screen.getByText('¡Gracias por tu compra!')).toBeTruthy();
    expect(screen.getByText('Aprobada')).toBeTruthy();
    expect(screen.getByText('Tu compra fue exitosa.')).toBeTruthy();
    expect(screen.getByText('Tus boletos serán enviados a tu correo ana@correo.gt.')).toBeTruthy();
    expect(screen.getByText('Tarjeta de crédito o débito')).toBeTruthy();
    expect(screen.getByText('**** 1111 · Visa')).toBeTruthy();
    expect(screen.getByText('482913')).toBeTruthy();

    const line = within(screen.getByRole('list', { name: 'Boletos de la orden' })).getAllByRole(
      'listitem',
    )[0]!;
    expect(within(line).getByText('Sección Platea · Asiento A1 · Ingreso por Unica')).toBeTruthy();
    const qr = within(line).getByRole('img', { name: 'Código QR del boleto K7M2QX' });
    expect(qr.getAttribute('src')).toBe(`${env.apiBaseUrl}/etickets/qr/K7M2QX`);
    expect(within(line).getByText('P4T9ZB')).toBeTruthy();
    expect(screen.queryByText('Tus códigos aún se están generando')).toBeNull();

    expect(screen.getByText('Descuento · Código GALA100').nextElementSibling?.textContent).toBe(
      '−Q 100.00',
    );
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('Q 830.00');
    expect(
      screen.getByText('Llega al lugar del evento 30 minutos antes de la hora de inicio.'),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Todas las compras son finales; solo se reembolsan si el evento es cancelado.',
      ),
    ).toBeTruthy();

    const actions = screen.getByRole('group', { name: 'Acciones de la orden' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(
      within(actions)
        .getByRole('link', { name: /Contactar a soporte/ })
        .getAttribute('href'),
    ).toBe(env.helpUrl);
    expect(within(actions).getByRole('link', { name: 'Ir a Mi Cuenta' }).getAttribute('href')).toBe(
      '/account',
    );
    fireEvent.click(within(actions).getByRole('button', { name: 'Reenviar boletos' }));
    expect(
      await screen.findByText('Tus boletos fueron reenviados al correo registrado en la orden'),
    ).toBeTruthy();
    expect(callsOf(fetchMock).map(({ call }) => call)).toContain(
      `POST /viewers/orders/${ORDER_ID}/resendTickets`,
    );
  });

  it('says the codes are being generated and looks again until they are there', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    const { fetchMock } = openOrder(`/orders/${ORDER_ID}`, () => {
      reads += 1;
      return jsonResponse(200, buildOrder({ codes: reads >= 3 ? codes : [] }));
    });

    expect(await screen.findByText('Tus códigos aún se están generando')).toBeTruthy();
    expect(screen.queryByText('¡Gracias por tu compra!')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(CODE_POLL_MS + 100));
    await waitFor(() => expect(reads).toBe(2));

    fireEvent.click(screen.getByRole('button', { name: 'Recargar' }));
    expect(await screen.findByRole('img', { name: 'Código QR del boleto K7M2QX' })).toBeTruthy();
    expect(screen.queryByText('Tus códigos aún se están generando')).toBeNull();
    const orderReads = callsOf(fetchMock).filter(({ call }) => call.startsWith('GET /viewers/'));
    expect(orderReads).toHaveLength(3);
  });

  it('says a deposit is being verified, without codes or the resend button', async () => {
    openOrder(`/orders/${ORDER_ID}`, () =>
      jsonResponse(
        200,
        buildOrder({
          status: 'WAITING_CONFIRMATION',
          payment_type: 'BANK_DEPOSIT',
          payment_info: {
            ...buildOrder().payment_info,
            cc_number: null,
            cc_brand: null,
            reference: 'BI-778812',
          },
          payment_response: null,
        }),
      ),
    );
    expect(await screen.findByText('Esperando aprobación')).toBeTruthy();
    expect(screen.getByText('Estamos verificando tu depósito.')).toBeTruthy();
    // What happens next, in order: the review, the tickets by e-mail, or word of a rejection.
    const steps = within(screen.getByRole('list', { name: 'Qué sigue' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Recibimos tu comprobante y lo estamos revisando. Puede tardar hasta 48 horas hábiles; tus lugares quedan apartados mientras tanto.',
      'Cuando lo confirmemos, te enviaremos tus boletos con sus códigos QR a ana@correo.gt y también aparecerán en esta página.',
      'Si no podemos confirmarlo, te escribiremos a ese correo con el motivo.',
    ]);
    // The codes do not exist yet: nothing is "being generated", and there is nothing to reload.
    expect(
      screen.getByText('Tus códigos aparecerán aquí cuando confirmemos tu depósito.'),
    ).toBeTruthy();
    expect(screen.queryByText('Tus códigos aún se están generando')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Recargar' })).toBeNull();
    expect(screen.getByText('BI-778812')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reenviar boletos' })).toBeNull();
  });

  it('shows a declined order as a failure with the bank’s answer', async () => {
    openOrder(`/orders/${ORDER_ID}?new=1`, () =>
      jsonResponse(
        200,
        buildOrder({
          status: 'REJECTED',
          payment_response: {
            authorization: null,
            transaction_id: 'sbx_1',
            response_text: 'Fondos insuficientes',
          },
        }),
      ),
    );
    expect(await screen.findByText('Denegada')).toBeTruthy();
    expect(screen.getAllByText('La compra no ha sido exitosa.')).toHaveLength(2);
    expect(screen.getByText('Fondos insuficientes')).toBeTruthy();
    expect(screen.queryByText('Tus códigos aún se están generando')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reenviar boletos' })).toBeNull();
  });

  for (const [status, label] of [
    ['CANCELLED', 'Anulada'],
    ['REFUND', 'Reembolsada'],
    ['SOMETHING_NEW', 'Pendiente'],
  ] as const) {
    it(`labels a ${status} order "${label}"`, async () => {
      openOrder(`/orders/${ORDER_ID}`, () => jsonResponse(200, buildOrder({ status })));
      expect(await screen.findByText(label)).toBeTruthy();
    });
  }

  it('asks a stranger to log in with the account its masked e-mail names, in a new tab', async () => {
    // The API masks the address for anyone but the order's holders (decision 0066).
    openOrder(`/orders/${ORDER_ID}`, () =>
      jsonResponse(200, { _id: ORDER_ID, status: 'APPROVED', email: 'a•••@correo.gt' }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Inicia sesión para ver tu orden' }),
    ).toBeTruthy();
    expect(screen.getByText('Aprobada')).toBeTruthy();
    expect(
      screen.getByText(
        'Inicia sesión con a•••@correo.gt para ver los detalles de esta orden y tus boletos. Por tu privacidad, ocultamos parte del correo.',
      ),
    ).toBeTruthy();
    // The mask is no address: the login form is not prefilled with it.
    const login = screen.getByRole('link', { name: /Iniciar sesión/ });
    expect(login.getAttribute('href')).toBe('/login?redirect=/account');
    expect(login.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('group', { name: 'Acciones de la orden' })).toBeNull();
  });

  it('passes the e-mail link’s token on to the API, also when resending', async () => {
    const { fetchMock } = openOrder(
      `/orders/${ORDER_ID}?t=firma-del-correo`,
      () => jsonResponse(200, buildOrder({ codes })),
      { 'POST /viewers/orders/:id/resendTickets': () => jsonResponse(200, { message: 'ok' }) },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Reenviar boletos' }));
    await screen.findByText('Tus boletos fueron reenviados al correo registrado en la orden');
    const calls = callsOf(fetchMock).filter(({ call }) => call.includes('/viewers/orders/'));
    expect(calls.map(({ url }) => url.searchParams.get('t'))).toEqual([
      'firma-del-correo',
      'firma-del-correo',
    ]);
  });

  it('says when the order does not exist', async () => {
    openOrder(`/orders/${ORDER_ID}`, () =>
      error(404, 'ORDER_NOT_FOUND', 'La orden que buscas no existe'),
    );
    expect(await screen.findByText('La orden que buscas no existe')).toBeTruthy();
  });

  it('shows the server’s message when it asks to wait (429), with a retry', async () => {
    openOrder(`/orders/${ORDER_ID}?t=mal`, () =>
      error(
        429,
        'RATE_LIMITED',
        'Demasiados intentos. Por favor espera un momento y vuelve a intentar.',
      ),
    );
    expect(
      await screen.findByText(
        'Demasiados intentos. Por favor espera un momento y vuelve a intentar.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /intentar/i })).toBeTruthy();
  });
});
