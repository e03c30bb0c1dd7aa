import nodeConsole from 'node:console';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket';
import { ORDER_ID, buildCardOrder, orderCalls } from '../../test/order-factory';
import { callsOf, error, renderRoute } from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';
import { loadStripeClient } from './stripe/load-stripe-client';
import { FAKE_PAYMENT_METHOD, FAKE_PUBLISHABLE_KEY, createFakeStripe } from './test/fake-stripe';
import type { FakeStripe } from './test/fake-stripe';
import { fillBuyer, openGuestCheckout, payButton, stubCheckout } from './test/checkout-harness';

// Stripe.js itself cannot load here (no network): the page gets a fake at its one door.
vi.mock('./stripe/load-stripe-client', () => ({ loadStripeClient: vi.fn() }));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const STRIPE_3DS_URL =
  'https://hooks.stripe.com/3d_secure_2/hosted?merchant=acct_1&payment_intent=pi_1';

let fake: FakeStripe;

/** The guest pays with a complete card in Stripe's element; `answer` is POST /cart/orders. */
async function payWithStripe(answer: () => Response) {
  const stub = stubCheckout({
    handlers: {
      'GET /payments/config': () =>
        jsonResponse(200, { provider: 'stripe', publishable_key: FAKE_PUBLISHABLE_KEY }),
      'POST /cart/orders': () => {
        const response = answer();
        if (response.status === 200 || response.status === 303) stub.state.isCheckedOut = true;
        return response;
      },
      'GET /viewers/orders/:id': () => jsonResponse(200, buildCardOrder()),
    },
  });
  const router = renderRoute('/cart/checkout/guest');
  await openGuestCheckout();
  await screen.findByLabelText('Nombre');
  await waitFor(() => expect(fake.card.mount).toHaveBeenCalled());
  fillBuyer();
  fake.changeCard({ complete: true });
  fireEvent.click(payButton());
  return { ...stub, router };
}

/** The payment's alert beside the Pay button, found by a text it says. */
async function paymentAlert(text: string): Promise<HTMLElement> {
  const line = await screen.findByText(text);
  const alert = line.closest<HTMLElement>('[role="alert"]');
  expect(alert).not.toBeNull();
  return alert!;
}

describe('paying by card with Stripe', () => {
  beforeEach(() => {
    fake = createFakeStripe();
    vi.mocked(loadStripeClient).mockReset().mockResolvedValue(fake.stripe);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('turns the card into a PaymentMethod and sends only its id, never the card', async () => {
    const { fetchMock, router } = await payWithStripe(() => jsonResponse(200, buildCardOrder()));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/orders/${ORDER_ID}`));
    expect(fake.createPaymentMethod).toHaveBeenCalledTimes(1);
    expect(fake.createPaymentMethod).toHaveBeenCalledWith({
      type: 'card',
      card: fake.card,
      billing_details: {
        name: 'ANA LOPEZ',
        email: 'ana@correo.gt',
        phone: '5555-1234',
        address: {
          line1: '6a Avenida 10-25, Zona 1',
          city: 'Guatemala',
          state: 'Guatemala',
          country: 'GT',
        },
      },
    });
    const [call] = orderCalls(fetchMock);
    expect(call?.key).toMatch(UUID);
    expect(call?.body).toMatchObject({ payment_type: 'CREDIT_CARD', cart_uid: 'cart-1' });
    expect(call?.body.payment_info).toMatchObject({
      payment_method: FAKE_PAYMENT_METHOD,
      cc_name: 'ANA LOPEZ',
      firstname: 'Ana',
      nit: 'C/F',
      total: 930,
    });
    for (const field of ['cc_number', 'cc_exp', 'cc_cvv2']) {
      expect(call?.body.payment_info).not.toHaveProperty(field);
    }
  });

  it('shows Stripe’s refusal in Spanish in the form’s alert and sends no order', async () => {
    fake.failWith({
      type: 'card_error',
      code: 'incorrect_number',
      message: 'Your card number is incorrect.',
    });
    const { fetchMock, router } = await payWithStripe(() => jsonResponse(200, buildCardOrder()));

    const alert = await paymentAlert('Revisa los datos de tu tarjeta');
    expect(alert.textContent).toContain('El número de la tarjeta es inválido');
    expect(alert.textContent).not.toContain('Your card');
    expect(orderCalls(fetchMock)).toHaveLength(0);
    expect(callsOf(fetchMock).some(({ call }) => call === 'POST /cart/orders')).toBe(false);

    // Corrected, the same form pays.
    fake.createPaymentMethod.mockResolvedValue({
      paymentMethod: { id: 'pm_fake_second' },
    } as never);
    fake.changeCard({ complete: true });
    fireEvent.click(payButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/orders/${ORDER_ID}`));
    expect(orderCalls(fetchMock)[0]?.body.payment_info.payment_method).toBe('pm_fake_second');
  });

  it('says a lost connection to Stripe in Spanish', async () => {
    fake.createPaymentMethod.mockRejectedValue(new TypeError('Failed to fetch'));
    const { fetchMock } = await payWithStripe(() => jsonResponse(200, buildCardOrder()));

    const alert = await paymentAlert('Revisa los datos de tu tarjeta');
    expect(alert.textContent).toContain(
      'No fue posible comunicarse con el procesador de pagos. Revisa tu conexión e intenta de nuevo.',
    );
    expect(orderCalls(fetchMock)).toHaveLength(0);
    expect(payButton().disabled).toBe(false);
  });

  it('retries an unanswered attempt with the same PaymentMethod and key; after a decline, a new one', async () => {
    let calls = 0;
    const { fetchMock } = await payWithStripe(() => {
      calls += 1;
      if (calls === 1) return error(500, 'INTERNAL_ERROR', 'Error interno');
      return jsonResponse(402, {
        error: 'CARD_DECLINED',
        message: 'La transacción ha sido denegada.',
        response_code: '51',
      });
    });

    await paymentAlert('No fue posible realizar la compra');
    fireEvent.click(payButton());
    await paymentAlert('Tu tarjeta fue rechazada');
    const [first, second] = orderCalls(fetchMock);
    expect(second?.key).toBe(first?.key);
    expect(second?.body.payment_info.payment_method).toBe(FAKE_PAYMENT_METHOD);
    expect(fake.createPaymentMethod).toHaveBeenCalledTimes(1);

    fake.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_fake_other' } } as never);
    fireEvent.click(payButton());
    await waitFor(() => expect(orderCalls(fetchMock)).toHaveLength(3));
    const third = orderCalls(fetchMock)[2];
    expect(fake.createPaymentMethod).toHaveBeenCalledTimes(2);
    expect(third?.key).not.toBe(second?.key);
    expect(third?.body.payment_info.payment_method).toBe('pm_fake_other');
  });

  it('opens Stripe’s 3-D Secure page in the same modal as the sandbox’s', async () => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
    // happy-dom loads no frame pages and says so on Node's own console.
    const log = nodeConsole.error.bind(nodeConsole);
    vi.spyOn(nodeConsole, 'error').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).includes('Iframe page loading is disabled')) log(...args);
    });
    const challenge = buildCardOrder({
      status: 'PENDING',
      payment_response: {
        authorization: null,
        transaction_id: 'pi_1',
        response_text: null,
        redirect: STRIPE_3DS_URL,
      },
    });
    await payWithStripe(() => jsonResponse(303, challenge));

    const dialog = await screen.findByRole('dialog', { name: 'Verificación 3-D Secure' });
    expect(dialog.querySelector('iframe')?.getAttribute('src')).toBe(STRIPE_3DS_URL);
    expect(FakeWebSocket.latest().channels()).toEqual(['cart/cart-1/3ds']);
  });
});
