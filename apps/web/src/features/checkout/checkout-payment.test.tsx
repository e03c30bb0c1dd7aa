import nodeConsole from 'node:console';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket';
import {
  buildCurrentSession,
  buildProfile,
  buildUser,
  callsOf,
  error,
  renderRoute,
} from '../../test/session-factory';
import { ORDER_ID, buildCardOrder, orderCalls } from '../../test/order-factory';
import { jsonResponse } from '../../test/show-factory';
import {
  SESSION_ID,
  fillValidForm,
  input,
  openGuestCheckout,
  payButton,
  stubCheckout,
} from './test/checkout-harness';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const CHALLENGE_URL = 'http://localhost/payments/sandbox/3ds/sbx_0123456789abcdef01234567';

/** The 303's order: waiting for the bank's 3-D Secure answer at CHALLENGE_URL. */
const challengeOrder = () =>
  buildCardOrder({
    status: 'PENDING',
    payment_response: {
      authorization: null,
      transaction_id: 'sbx_1',
      response_text: null,
      redirect: CHALLENGE_URL,
    },
  });

/** The payment's alert beside the Pay button, found by a text it says. */
async function paymentAlert(text: string): Promise<HTMLElement> {
  const line = await screen.findByText(text);
  const alert = line.closest<HTMLElement>('[role="alert"]');
  expect(alert).not.toBeNull();
  return alert!;
}

/**
 * happy-dom loads no frame pages and says so on Node's own console (not the test's): the
 * test needs no page in the frame, so that one line is kept quiet.
 */
function quietFrames() {
  vi.stubGlobal('WebSocket', FakeWebSocket);
  const log = nodeConsole.error.bind(nodeConsole);
  vi.spyOn(nodeConsole, 'error').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('Iframe page loading is disabled')) log(...args);
  });
}

async function payAsGuest(answer: () => Response, extra = {}) {
  const stub = stubCheckout({
    handlers: {
      'POST /cart/orders': () => {
        const response = answer();
        // A placed order empties the cart; a refusal leaves it as it was.
        if (response.status === 200 || response.status === 303) stub.state.isCheckedOut = true;
        return response;
      },
      'GET /viewers/orders/:id': () => jsonResponse(200, buildCardOrder()),
      ...extra,
    },
  });
  const router = renderRoute('/cart/checkout/guest');
  await openGuestCheckout();
  await screen.findByLabelText('Nombre');
  fillValidForm();
  fireEvent.click(payButton());
  return { ...stub, router };
}

describe('paying by card', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends the order with an Idempotency-Key and opens the order page when it is approved', async () => {
    const { fetchMock, router } = await payAsGuest(() => jsonResponse(200, buildCardOrder()));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/orders/${ORDER_ID}`));
    expect(router.state.location.search).toBe('?new=1');
    const [call] = orderCalls(fetchMock);
    expect(call?.key).toMatch(UUID);
    expect(call?.body).toMatchObject({
      user_uid: null,
      payment_type: 'CREDIT_CARD',
      currency: 'GTQ',
      session_id: SESSION_ID,
      cart_uid: 'cart-1',
    });
    expect(call?.body.payment_info).toMatchObject({
      firstname: 'Ana',
      email: 'ana@correo.gt',
      country: 'GT',
      city: 'Guatemala',
      address: '6a Avenida 10-25, Zona 1',
      nit: 'C/F',
      cc_number: '4111111111111111',
      cc_exp: '12/30',
      cc_cvv2: '123',
      total: 930,
      sessionId: SESSION_ID,
      save_info: false,
    });
    // The cart (and the menu's counter) is read again before the order page.
    const reads = callsOf(fetchMock).filter(({ call }) => call === `GET /cart/${SESSION_ID}`);
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(await screen.findByText('¡Gracias por tu compra!')).toBeTruthy();
  });

  it('shows the bank’s text for a declined card and makes a new key for the next attempt', async () => {
    const declined = () =>
      jsonResponse(402, {
        error: 'CARD_DECLINED',
        message: 'La transacción ha sido denegada.',
        response_code: '51',
      });
    const { fetchMock } = await payAsGuest(declined);

    const alert = await paymentAlert('Tu tarjeta fue rechazada');
    expect(alert.textContent).toContain(
      'La transacción fue rechazada por el banco emisor de tu tarjeta. Revisa que los datos estén correctos o comunícate con tu banco.',
    );
    expect(payButton().disabled).toBe(false);
    fireEvent.click(payButton());
    await waitFor(() => expect(orderCalls(fetchMock)).toHaveLength(2));
    const [first, second] = orderCalls(fetchMock);
    expect(second?.key).not.toBe(first?.key);
  });

  it('retries an unanswered attempt with the same key', async () => {
    let calls = 0;
    const { fetchMock } = await payAsGuest(() => {
      calls += 1;
      return calls === 1
        ? error(500, 'INTERNAL_ERROR', 'Error interno')
        : jsonResponse(200, buildCardOrder());
    });

    await paymentAlert('No fue posible realizar la compra');
    fireEvent.click(payButton());
    await waitFor(() => expect(orderCalls(fetchMock)).toHaveLength(2));
    const [first, second] = orderCalls(fetchMock);
    expect(second?.key).toBe(first?.key);
  });

  it('goes back to the cart when its ten minutes ended on the server', async () => {
    const { router } = await payAsGuest(() =>
      error(409, 'CART_EXPIRED', 'El tiempo de reservación de tu carrito terminó.'),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(await screen.findByText('El tiempo de reservación de tu carrito terminó.')).toBeTruthy();
  });

  it('opens the 3-D Secure step after listening to the cart’s channel, and follows its result', async () => {
    quietFrames();
    const challenge = challengeOrder();
    const { router } = await payAsGuest(() => jsonResponse(303, challenge));

    const dialog = await screen.findByRole('dialog', { name: 'Verificación 3-D Secure' });
    const socket = FakeWebSocket.latest();
    expect(socket.channels()).toEqual(['cart/cart-1/3ds']);
    const frame = dialog.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe(CHALLENGE_URL);
    expect(frame?.getAttribute('title')).toBe('Página de verificación de tu banco');

    act(() =>
      socket.push('cart/cart-1/3ds', { event: '3ds', status: 'APPROVED', order_uid: ORDER_ID }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/orders/${ORDER_ID}`));
    expect(router.state.location.search).toBe('?new=1');
  });

  it('closes the 3-D Secure step and says why when the bank rejects it', async () => {
    quietFrames();
    const challenge = challengeOrder();
    const { state } = await payAsGuest(() => jsonResponse(303, challenge));
    await screen.findByRole('dialog', { name: 'Verificación 3-D Secure' });
    // The rejected order gives its places back to the cart.
    state.isCheckedOut = false;

    act(() =>
      FakeWebSocket.latest().push('cart/cart-1/3ds', {
        event: '3ds',
        status: 'REJECTED',
        order_uid: ORDER_ID,
        message: 'La verificación 3-D Secure fue rechazada.',
      }),
    );
    await paymentAlert('La verificación 3-D Secure fue rechazada.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('list', { name: 'Boletos en tu carrito' })).toBeTruthy();
  });

  it('prefills a signed-in buyer from the profile and asks the order to save the data', async () => {
    const user = buildUser({ email: 'ana@correo.gt', fullname: 'Ana López', phone: '5555-1234' });
    const profile = buildProfile(user, { firstname: 'Ana', lastname: 'López', nit: '1234567-8' });
    const { fetchMock } = stubCheckout({
      handlers: {
        'GET /auth/session': () => jsonResponse(200, buildCurrentSession(user)),
        'GET /users/:id': () => jsonResponse(200, profile),
        'POST /cart/orders': () => jsonResponse(200, buildCardOrder()),
        'GET /viewers/orders/:id': () => jsonResponse(200, buildCardOrder()),
      },
    });
    const router = renderRoute('/cart/checkout');
    await screen.findByRole('heading', { level: 1, name: 'Pagar Orden' });
    expect(((await screen.findByLabelText('Nombre')) as HTMLInputElement).value).toBe('Ana');
    expect(input('Confirmar correo electrónico').value).toBe('ana@correo.gt');
    expect(input('NIT').value).toBe('1234567-8');
    const save = screen.getByLabelText('Guardar mis datos en mi perfil') as HTMLInputElement;
    expect(save.checked).toBe(true);

    fillValidForm();
    fireEvent.click(payButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/orders/${ORDER_ID}`));
    // The API writes the profile from the order's buyer data (decision 0020).
    expect(orderCalls(fetchMock)[0]?.body).toMatchObject({
      user_uid: user._id,
      payment_info: { save_info: true, firstname: 'Ana', nit: '1234567-8', city: 'Guatemala' },
    });
    expect(callsOf(fetchMock).some(({ call }) => call.startsWith('PUT /users/'))).toBe(false);
  });

  it('sends a signed-in person from the guest page to /cart/checkout', async () => {
    const user = buildUser();
    stubCheckout({
      handlers: {
        'GET /auth/session': () => jsonResponse(200, buildCurrentSession(user)),
        'GET /users/:id': () => jsonResponse(200, buildProfile(user)),
      },
    });
    const router = renderRoute('/cart/checkout/guest');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart/checkout'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagar Orden' })).toBeTruthy();
  });

  it('sends a browser without a cart back to /cart', async () => {
    const router = renderRoute('/cart/checkout/guest');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
  });

  it('clears the cart and goes back to it when the ten minutes end on the payment page', async () => {
    const { fetchMock } = stubCheckout({ holdOffsetMs: 10 * 60_000 - 1_200 });
    const router = renderRoute('/cart/checkout/guest');
    await openGuestCheckout();

    await waitFor(() => expect(router.state.location.pathname).toBe('/cart/'), { timeout: 4_000 });
    expect(callsOf(fetchMock).some(({ call }) => call === `DELETE /cart/${SESSION_ID}`)).toBe(true);
    expect(
      await screen.findByText('El tiempo de reserva terminó; tus boletos fueron liberados.'),
    ).toBeTruthy();
  });
});
