import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOf, renderRoute } from '../../test/session-factory';
import {
  SHOW_ID,
  adminShow,
  consoleGateway,
  depositOrder,
  jsonResponse,
  listItem,
  page,
} from './admin-orders.fixtures';

const OLD = '0194f1c2-3333-7000-8000-000000000001';
const NEW = '0194f1c2-3333-7000-8000-000000000002';

const waiting = [
  listItem({
    _id: OLD,
    order_number: 2001,
    status: 'WAITING_CONFIRMATION',
    payment_type: 'BANK_DEPOSIT',
    total: 375.5,
    buyer_name: 'Luis Coj',
  }),
  listItem({
    _id: NEW,
    order_number: 2002,
    status: 'WAITING_CONFIRMATION',
    payment_type: 'ACCOUNT_BANK_DEPOSIT',
  }),
];

function queueGateway(extra = {}) {
  return consoleGateway({
    'GET /admin/orders': () => jsonResponse(200, page(waiting)),
    'GET /admin/orders/:id': (request) => {
      const id = request.url.pathname.split('/').pop()!;
      const number = id === OLD ? 2001 : 2002;
      return jsonResponse(
        200,
        depositOrder({
          _id: id,
          order_number: number,
          proof_url: `https://storage.example/proofs/${number}.png?sig=abc`,
        }),
      );
    },
    'GET /admin/shows/:id': () =>
      jsonResponse(
        200,
        adminShow(SHOW_ID, 'Concierto de Marimba', {
          deposit_info: [
            { label: 'Banco', value: 'Banco Industrial' },
            { label: 'Cuenta', value: '123-456789-0' },
          ],
        }),
      ),
    ...extra,
  });
}

describe('console: the deposit review queue (/admin/orders/deposits)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for waiting deposits oldest first and shows each proof beside its amount and account', async () => {
    const fetchMock = queueGateway();
    renderRoute('/admin/orders/deposits');

    const oldest = await screen.findByRole('article', { name: 'Orden #2001' });
    const [list] = callsOf(fetchMock).filter((c) => c.call === 'GET /admin/orders');
    expect(Object.fromEntries(list!.url.searchParams)).toEqual({
      status: 'WAITING_CONFIRMATION',
      payment_type: 'BANK_DEPOSIT,ACCOUNT_BANK_DEPOSIT',
      sort: 'oldest',
      page: '1',
      page_size: '10',
    });
    expect(
      screen.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby')),
    ).toEqual([`deposit-${OLD}`, `deposit-${NEW}`]);

    const proof = await within(oldest).findByRole('img', {
      name: 'Comprobante de depósito de la orden #2001',
    });
    expect(proof.getAttribute('src')).toBe('https://storage.example/proofs/2001.png?sig=abc');
    const full = within(oldest).getByRole('link', {
      name: 'Abrir el comprobante en tamaño completo',
    });
    expect(full.getAttribute('href')).toBe('https://storage.example/proofs/2001.png?sig=abc');
    expect(full.getAttribute('target')).toBe('_blank');
    expect(within(oldest).getByText('Q 375.50')).toBeTruthy();
    expect(await within(oldest).findByText('BI-445566')).toBeTruthy();
    expect(await within(oldest).findByText('123-456789-0')).toBeTruthy();
    expect(within(oldest).getByText('Banco Industrial')).toBeTruthy();
  });

  it('refuses a rejection without a reason; a decided deposit leaves the queue with a toast', async () => {
    const fetchMock = queueGateway({
      'POST /admin/orders/:id/deposit/confirm': () =>
        jsonResponse(200, depositOrder({ _id: OLD, order_number: 2001, status: 'APPROVED' })),
      'POST /admin/orders/:id/deposit/reject': () =>
        jsonResponse(200, depositOrder({ _id: NEW, order_number: 2002, status: 'REJECTED' })),
    });
    renderRoute('/admin/orders/deposits');

    const newest = await screen.findByRole('article', { name: 'Orden #2002' });
    fireEvent.click(within(newest).getByRole('button', { name: 'Rechazar depósito' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar depósito' }));
    expect(
      await within(dialog).findByText('El motivo debe tener al menos 3 caracteres'),
    ).toBeTruthy();
    const posts = () => callsOf(fetchMock).filter((c) => c.call.startsWith('POST'));
    expect(posts()).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Motivo'), {
      target: { value: 'No se ve el monto' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar depósito' }));
    expect(await screen.findByText('Depósito de la orden #2002 rechazado')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Orden #2002' })).toBeNull());
    expect(screen.getByText('1–1 de 1')).toBeTruthy();

    const oldest = screen.getByRole('article', { name: 'Orden #2001' });
    fireEvent.click(within(oldest).getByRole('button', { name: 'Confirmar depósito' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar depósito' }));
    expect(await screen.findByText('Depósito de la orden #2001 confirmado')).toBeTruthy();
    expect(posts().map((c) => [c.call, c.body])).toEqual([
      [`POST /admin/orders/${NEW}/deposit/reject`, { reason: 'No se ve el monto' }],
      [`POST /admin/orders/${OLD}/deposit/confirm`, undefined],
    ]);
  });
});
