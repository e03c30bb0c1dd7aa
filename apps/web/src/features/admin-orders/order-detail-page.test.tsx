import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOf, renderRoute } from '../../test/session-factory';
import {
  ORDER_ID,
  adminOrder,
  consoleGateway,
  depositOrder,
  error,
  jsonResponse,
} from './admin-orders.fixtures';

const URL_OF_ORDER = `/admin/orders/${ORDER_ID}`;

const posts = (fetchMock: ReturnType<typeof consoleGateway>) =>
  callsOf(fetchMock).filter((c) => c.call.startsWith('POST /admin/orders'));

describe('console: an order’s detail (/admin/orders/:id)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the items, the codes with activation and entry, the card’s last four, the buyer and the history', async () => {
    consoleGateway({ 'GET /admin/orders/:id': () => jsonResponse(200, adminOrder()) });
    renderRoute(URL_OF_ORDER);

    expect(await screen.findByRole('heading', { level: 1, name: 'Orden #1042' })).toBeTruthy();
    const items = screen.getByRole('region', { name: 'Boletos comprados' });
    const lines = within(items).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(lines.map(cells)).toEqual([
      [
        'Concierto de Marimba',
        'Platea VIP',
        'Platea · A · 4',
        '1',
        'Q 150.00',
        'Q 5.00',
        'Q 155.00',
      ],
      ['Concierto de Marimba', 'General', '', '2', 'Q 80.00', 'Q 0.00', 'Q 160.00'],
    ]);
    expect(within(items).getByText('−Q 20.00')).toBeTruthy();
    const promo = within(items).getByText('Códigos promocionales').nextElementSibling;
    expect(promo?.textContent).toBe('MARIMBA20 (−Q 20.00)');
    expect(within(items).getByText('Q 295.00')).toBeTruthy();

    const codes = screen.getByRole('region', { name: 'Códigos de los boletos' });
    const rows = within(codes).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'QX7K2MButaca11 mar 2027, 09:0031 mar 2027, 19:40',
      'PL3RT9ButacaNoNo',
    ]);

    const payment = screen.getByRole('region', { name: 'Pago' });
    expect(within(payment).getByText('VISA **** 4242')).toBeTruthy();
    expect(within(payment).getByText('A1B2C3')).toBeTruthy();

    const buyer = screen.getByRole('region', { name: 'Comprador' });
    expect(within(buyer).getByText('Ana López')).toBeTruthy();
    expect(within(buyer).getByText('dpi')).toBeTruthy();
    expect(within(buyer).getByText('1234567890101')).toBeTruthy();
    // No referral came with this order: no line for it.
    expect(within(buyer).queryByText('Referido')).toBeNull();

    const history = screen.getByRole('region', { name: 'Historial' });
    expect(within(history).getAllByRole('listitem')).toHaveLength(2);
    expect(within(history).getByText('Orden creada')).toBeTruthy();
    expect(within(history).getByText('Pago aprobado')).toBeTruthy();

    const actions = screen.getByRole('group', { name: 'Acciones' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reenviar boletos', 'Anular orden', 'Reembolsar']);
  });

  it('leaves the place column out when no line has a seat or a section', async () => {
    const base = adminOrder();
    const order = adminOrder({
      tickets: base.tickets.map((line) => ({ ...line, location: null })),
    });
    consoleGateway({ 'GET /admin/orders/:id': () => jsonResponse(200, order) });
    renderRoute(URL_OF_ORDER);
    const items = await screen.findByRole('region', { name: 'Boletos comprados' });
    const headers = within(items)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Evento',
      'Boleto',
      'Cantidad',
      'Precio unitario',
      'Cargo unitario',
      'Total',
    ]);
  });

  it('shows the referral the buyer came with (002 §3)', async () => {
    const order = adminOrder();
    consoleGateway({
      'GET /admin/orders/:id': () =>
        jsonResponse(200, { ...order, buyer: { ...order.buyer, referral: 'radio-fm95' } }),
    });
    renderRoute(URL_OF_ORDER);

    const buyer = await screen.findByRole('region', { name: 'Comprador' });
    const line = within(buyer).getByText('Referido').closest('div');
    expect(line?.textContent).toBe('Referidoradio-fm95');
  });

  it('refuses to reject a deposit without a reason, then rejects it with one', async () => {
    const fetchMock = consoleGateway({
      'GET /admin/orders/:id': () => jsonResponse(200, depositOrder()),
      'POST /admin/orders/:id/deposit/reject': () =>
        jsonResponse(
          200,
          depositOrder({
            status: 'REJECTED',
            change_log: [
              ...depositOrder().change_log,
              {
                action: 'Order deposit rejected',
                action_label: 'Rechazado',
                reason: 'El monto no coincide',
                from_status: 'WAITING_CONFIRMATION',
                to_status: 'REJECTED',
                createdAt: '2027-03-11T15:00:00.000Z',
                actor: { _id: 'u1', fullname: 'Marta Pérez', email: 'marta@productora.gt' },
              },
            ],
          }),
        ),
    });
    renderRoute(URL_OF_ORDER);

    const proof = await screen.findByRole('img', {
      name: 'Comprobante de depósito de la orden #1042',
    });
    expect(proof.getAttribute('src')).toContain('boleta.png');
    fireEvent.click(screen.getByRole('button', { name: 'Rechazar depósito' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar depósito' }));

    expect(
      await within(dialog).findByText('El motivo debe tener al menos 3 caracteres'),
    ).toBeTruthy();
    expect(posts(fetchMock)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Motivo'), {
      target: { value: 'El monto no coincide' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar depósito' }));

    expect(await screen.findByText('Depósito de la orden #1042 rechazado')).toBeTruthy();
    expect(posts(fetchMock)).toEqual([
      expect.objectContaining({
        call: `POST /admin/orders/${ORDER_ID}/deposit/reject`,
        body: { reason: 'El monto no coincide' },
      }),
    ]);
    const history = screen.getByRole('region', { name: 'Historial' });
    expect(within(history).getByText('Rechazado')).toBeTruthy();
    expect(within(history).getByText('Motivo: El monto no coincide')).toBeTruthy();
    expect(within(history).getByText('por Marta Pérez')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Acciones' })).toBeNull();
  });

  it('shows the server’s refusal inside the dialog when another organiser decided first', async () => {
    consoleGateway({
      'GET /admin/orders/:id': () => jsonResponse(200, adminOrder()),
      'POST /admin/orders/:id/cancel': () =>
        error(
          409,
          'ORDER_STATUS_CONFLICT',
          'La orden está «Reembolsada»: solo se anula una orden «Aprobada», «Pendiente» o «Esperando aprobación».',
        ),
    });
    renderRoute(URL_OF_ORDER);

    fireEvent.click(await screen.findByRole('button', { name: 'Anular orden' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Motivo'), {
      target: { value: 'Evento suspendido' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anular orden' }));

    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'La orden está «Reembolsada»: solo se anula una orden «Aprobada», «Pendiente» o «Esperando aprobación».',
    );
  });

  it('resends the tickets after a confirmation and says so', async () => {
    const fetchMock = consoleGateway({
      'GET /admin/orders/:id': () => jsonResponse(200, adminOrder()),
      'POST /admin/orders/:id/resend': () =>
        jsonResponse(200, { message: 'Los boletos se reenviaron al correo de la orden' }),
    });
    renderRoute(URL_OF_ORDER);

    fireEvent.click(await screen.findByRole('button', { name: 'Reenviar boletos' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Se enviará otra vez el correo con los boletos a ana@correo.gt.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reenviar boletos' }));

    expect(await screen.findByText('Los boletos se reenviaron al correo de la orden')).toBeTruthy();
    await waitFor(() =>
      expect(posts(fetchMock).map((c) => c.call)).toEqual([
        `POST /admin/orders/${ORDER_ID}/resend`,
      ]),
    );
  });
});
