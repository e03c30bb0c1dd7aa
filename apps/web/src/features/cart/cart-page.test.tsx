import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cart } from '@taquilla/contract';
import { routes } from '../../routes';
import { CartContext } from '../../cart/cart-context';
import type { CartContextValue } from '../../cart/cart-context';
import { buildSeat, buildSection, buildTicket, stubApi } from '../../test/catalogue-factory';
import type { ApiRequest } from '../../test/catalogue-factory';
import { createCartStub } from '../../test/cart-stub';
import { jsonResponse } from '../../test/show-factory';
import { CartCountdown } from './cart-countdown';

const SESSION_ID = '0b9a3c8e-5d1f-4a7b-9c2e-1f3d5a7b9c2e';
const platea = buildTicket({
  fullname: 'Platea',
  price: 450,
  fee: 15,
  description: 'Vista central',
});
const section = buildSection({ name: 'Platea', show_tickets: [platea._id] });
const seat = buildSeat(section, 0, 1);

function stubCartApi(fill: boolean) {
  const cart = createCartStub({
    tickets: [platea],
    seats: [{ seat, section: 'Platea' }],
    promo: { code: 'BIENVENIDA10', percent: 10 },
  });
  if (fill) {
    document.cookie = `sessionID=${SESSION_ID}; Path=/`;
    cart.answer({
      method: 'POST',
      url: new URL(`http://localhost/cart/${SESSION_ID}/items`),
      body: { items: [{ ticket_uid: platea._id, show_uid: 'gala', quantity: 1, seat: seat._id }] },
    });
  }
  const requests: ApiRequest[] = [];
  stubApi((request) => {
    requests.push(request);
    return (
      cart.answer(request) ??
      jsonResponse(401, { error: 'UNAUTHENTICATED', message: 'No has iniciado sesión' })
    );
  });
  return { cart, requests };
}

function openCart() {
  const router = createMemoryRouter(routes, { initialEntries: ['/cart'] });
  render(<RouterProvider router={router} />);
  return screen.findByRole('heading', { level: 1, name: 'Carrito de Compras' });
}

const summaryBox = () => screen.getByRole('complementary', { name: 'Resumen de la compra' });

describe('cart page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('says the cart is empty, without asking the server, when the browser has no cart', async () => {
    const { requests } = stubCartApi(false);
    await openCart();

    expect(await screen.findByText('Tu carrito está vacío.')).toBeTruthy();
    expect(requests.some(({ url }) => url.pathname.startsWith('/cart'))).toBe(false);
    const checkout = within(summaryBox()).getByRole('button', { name: 'Finalizar la Compra' });
    expect((checkout as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: /Seguir comprando/ }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('lists each line with its seat, badges and price, and removes one', async () => {
    const { requests } = stubCartApi(true);
    await openCart();

    const items = await screen.findByRole('list', { name: 'Boletos en tu carrito' });
    const line = within(items).getAllByRole('listitem')[0]!;
    expect(within(line).getByRole('heading', { name: 'Platea' })).toBeTruthy();
    for (const text of [
      'Teatro Nacional',
      'Sección Platea',
      'Ingreso por Unica',
      'Vista central',
      'Asiento A1',
      'Q 450.00',
    ]) {
      expect(within(line).getByText(text, { exact: false })).toBeTruthy();
    }
    expect(within(line).getByText('+ Q 15.00 de cargo por servicio')).toBeTruthy();
    expect(
      screen.getByText(
        'Tus boletos quedan reservados 10 minutos desde que agregas el primero; el contador de arriba muestra el tiempo que te queda.',
      ),
    ).toBeTruthy();
    // Subtotal + fees = total, as on the order page (decision 0055).
    const row = (label: string) =>
      within(summaryBox()).getByText(label).nextElementSibling?.textContent;
    expect([row('Subtotal'), row('Cargos por servicio'), row('Total')]).toEqual([
      'Q 450.00',
      'Q 15.00',
      'Q 465.00',
    ]);
    const checkout = within(summaryBox()).getByRole('link', { name: 'Finalizar la Compra' });
    expect(checkout.getAttribute('href')).toBe('/cart/checkout');
    expect(screen.getByRole('timer').textContent).toMatch(
      /^Tu boleto está reservado por (10:00|9:5\d) · Total Q 465.00$/,
    );

    fireEvent.click(within(line).getByRole('button', { name: 'Quitar Platea del carrito' }));

    expect(await screen.findByText('Tu carrito está vacío.')).toBeTruthy();
    const removal = requests.find(({ method }) => method === 'DELETE');
    expect(removal?.url.pathname).toBe(`/cart/${SESSION_ID}/items`);
    expect(removal?.body).toEqual({ items: ['line-1'] });
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('applies a promo code with the server’s answer and removes it', async () => {
    stubCartApi(true);
    await openCart();
    await screen.findByRole('list', { name: 'Boletos en tu carrito' });

    const input = within(summaryBox()).getByRole('textbox', { name: 'Código promocional' });
    fireEvent.change(input, { target: { value: 'nadie' } });
    fireEvent.submit(input.closest('form')!);
    expect(await screen.findByText('Código promocional no encontrado')).toBeTruthy();

    fireEvent.change(input, { target: { value: ' bienvenida10' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.submit(input.closest('form')!);

    expect(await screen.findByText('Código promocional aplicado exitosamente!')).toBeTruthy();
    const box = summaryBox();
    expect(within(box).getByText('BIENVENIDA10')).toBeTruthy();
    expect(within(box).getByText('10 %')).toBeTruthy();
    // 10 % of Q 465.00, to the nearest quetzal.
    expect(within(box).getByText('Descuento').nextElementSibling?.textContent).toBe('−Q 47.00');
    expect(within(box).getByText('Total').nextElementSibling?.textContent).toBe('Q 418.00');

    fireEvent.click(within(box).getByRole('button', { name: 'Quitar el código BIENVENIDA10' }));
    expect(
      await within(summaryBox()).findByRole('textbox', { name: 'Código promocional' }),
    ).toBeTruthy();
    expect(within(summaryBox()).queryByText('Descuento')).toBeNull();
  });

  it('starts a new cart when the cookie names a cart of another account', async () => {
    document.cookie = `sessionID=${SESSION_ID}; Path=/`;
    stubApi(({ url }) =>
      url.pathname === `/cart/${SESSION_ID}`
        ? jsonResponse(403, { error: 'FORBIDDEN', message: 'No tienes acceso a este carrito' })
        : jsonResponse(401, { error: 'UNAUTHENTICATED', message: 'No has iniciado sesión' }),
    );
    await openCart();

    expect(await screen.findByText('Tu carrito está vacío.')).toBeTruthy();
    const renewed = /sessionID=([^;]+)/.exec(document.cookie)?.[1];
    expect(renewed).toMatch(/^[0-9a-f-]{36}$/);
    expect(renewed).not.toBe(SESSION_ID);
  });
});

describe('cart countdown', () => {
  function renderCountdown(cart: Cart, onExpire: () => void) {
    const value = { status: 'ready', cart, count: 2 } as CartContextValue;
    const router = createMemoryRouter([
      {
        path: '*',
        element: (
          <CartContext.Provider value={value}>
            <CartCountdown onExpire={onExpire} />
          </CartContext.Provider>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
  }

  it('counts down the ten minutes and reloads the page when they are over', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-25T10:00:00Z') });
    const stub = createCartStub({ tickets: [platea], now: () => Date.now() });
    stub.answer({
      method: 'POST',
      url: new URL(`http://localhost/cart/${SESSION_ID}/items`),
      body: { items: [{ ticket_uid: platea._id, show_uid: 'gala', quantity: 2 }] },
    });
    const onExpire = vi.fn();
    renderCountdown(stub.cart, onExpire);

    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('Tus 2 boletos están reservados por 10:00 · Total Q 930.00');
    await act(() => vi.advanceTimersByTimeAsync(9 * 60_000 + 1_000));
    expect(timer.textContent).toContain('por 0:59');
    expect(timer.parentElement?.className).toContain('cart-countdown--ending');
    expect(onExpire).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(timer.textContent).toBe('El tiempo de reserva terminó; tus boletos fueron liberados.');
  });
});
