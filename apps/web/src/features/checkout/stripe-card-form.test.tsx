import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsOf, error, renderRoute } from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';
import { loadStripeClient } from './stripe/load-stripe-client';
import { FAKE_PUBLISHABLE_KEY, createFakeStripe } from './test/fake-stripe';
import type { FakeStripe } from './test/fake-stripe';
import {
  fillBuyer,
  input,
  openGuestCheckout,
  payButton,
  stubCheckout,
  type,
} from './test/checkout-harness';
import type { Handler } from '../../test/session-factory';

// Stripe.js itself cannot load here (no network): the page gets a fake at its one door.
vi.mock('./stripe/load-stripe-client', () => ({ loadStripeClient: vi.fn() }));

const STRIPE_CONFIG = () =>
  jsonResponse(200, { provider: 'stripe', publishable_key: FAKE_PUBLISHABLE_KEY });

const TYPED_CARD_LABELS = [
  'Número de la tarjeta',
  'Fecha de expiración (MM/AA)',
  'Código de seguridad (CVV)',
];

let fake: FakeStripe;

async function openForm(config: Handler = STRIPE_CONFIG, settings = {}) {
  const stub = stubCheckout({ settings, handlers: { 'GET /payments/config': config } });
  renderRoute('/cart/checkout/guest');
  await openGuestCheckout();
  await screen.findByLabelText('Nombre');
  return stub;
}

/** Stripe's element is on the page (the fake marks the box it was mounted in). */
async function cardElement(): Promise<HTMLElement> {
  await waitFor(() => expect(fake.card.mount).toHaveBeenCalledTimes(1));
  return fake.card.mount.mock.calls[0]![0];
}

describe('the card form with the stripe provider (Stripe Elements)', () => {
  beforeEach(() => {
    fake = createFakeStripe();
    vi.mocked(loadStripeClient).mockReset().mockResolvedValue(fake.stripe);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows Stripe’s card element instead of the number, expiry and CVV inputs', async () => {
    const { fetchMock } = await openForm();

    const box = await cardElement();
    expect(box.dataset.fakeStripe).toBe('card');
    expect(screen.getByText('Tarjeta (número, expiración y CVV)')).toBeTruthy();
    for (const label of TYPED_CARD_LABELS) expect(screen.queryByLabelText(label)).toBeNull();
    expect(input('Nombre en la tarjeta')).toBeTruthy();
    expect(loadStripeClient).toHaveBeenCalledWith(FAKE_PUBLISHABLE_KEY);
    expect(fake.stripe.elements).toHaveBeenCalledWith({ locale: 'es' });
    expect(fake.elements.create).toHaveBeenCalledWith(
      'card',
      expect.objectContaining({ hidePostalCode: true }),
    );
    expect(screen.getByText(/no pasan por nuestros servidores/)).toBeTruthy();
    // No test-card list with a real provider.
    const calls = callsOf(fetchMock).map(({ call }) => call);
    expect(calls).not.toContain('GET /payments/sandbox/cards');
  });

  it('enables Pay only when the element is complete and every buyer rule holds', async () => {
    await openForm(STRIPE_CONFIG, {
      custom_fields: {
        fields: [{ key: 'empresa', label: 'Empresa', type: 'text', required: true, options: [] }],
      },
    });
    await cardElement();
    fillBuyer();
    type('Empresa', 'Cervecería Centro Americana');
    expect(payButton().disabled).toBe(true);

    fake.changeCard({ complete: true });
    expect(payButton().disabled).toBe(false);
    fake.changeCard({ complete: false });
    expect(payButton().disabled).toBe(true);
    fake.changeCard({ complete: true });

    // The buyer rules of 000 §5 still hold beside the element.
    type('Nombre en la tarjeta', '');
    expect(payButton().disabled).toBe(true);
    type('Nombre en la tarjeta', 'ANA LOPEZ');
    type('NIT', '123');
    expect(payButton().disabled).toBe(true);
    type('NIT', 'C/F');
    type('Empresa', '');
    expect(payButton().disabled).toBe(true);
    type('Empresa', 'Cervecería Centro Americana');
    fireEvent.change(screen.getByLabelText('País'), { target: { value: 'US' } });
    expect(payButton().disabled).toBe(true);
    type('Código postal', '90210');
    expect(payButton().disabled).toBe(false);
  });

  it('says the element’s errors in Spanish, never Stripe’s own text', async () => {
    await openForm();
    await cardElement();

    fake.changeCard({
      complete: false,
      error: {
        code: 'invalid_expiry_year_past',
        message: 'Your card’s expiration year is in the past.',
      },
    });
    expect(screen.getByText('El año de expiración no puede estar en el pasado')).toBeTruthy();
    fake.changeCard({
      complete: false,
      error: { code: 'something_new', message: 'Something went wrong.' },
    });
    expect(
      screen.getByText('No fue posible verificar tu tarjeta. Revisa sus datos e intenta de nuevo.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Your card|Something went wrong/)).toBeNull();
    fake.changeCard({ complete: true });
    expect(screen.queryByText(/No fue posible verificar tu tarjeta/)).toBeNull();
  });

  it('says so when Stripe.js cannot load, and tries again on request', async () => {
    vi.mocked(loadStripeClient).mockRejectedValueOnce(new Error('offline'));
    await openForm();

    expect(
      await screen.findByText(
        'No fue posible cargar el formulario de pago seguro. Revisa tu conexión e intenta de nuevo.',
      ),
    ).toBeTruthy();
    expect(fake.card.mount).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await cardElement();
    expect(loadStripeClient).toHaveBeenCalledTimes(2);
  });

  it('keeps Pay disabled and loads nothing of Stripe’s when the deployment has no key', async () => {
    await openForm(() => jsonResponse(200, { provider: 'stripe', publishable_key: null }));
    fillBuyer();

    expect(
      screen.getByText(
        'El pago con tarjeta no está disponible en este momento. Intenta más tarde.',
      ),
    ).toBeTruthy();
    for (const label of TYPED_CARD_LABELS) expect(screen.queryByLabelText(label)).toBeNull();
    expect(payButton().disabled).toBe(true);
    expect(loadStripeClient).not.toHaveBeenCalled();
  });

  it('keeps what the buyer typed while the provider is read again after a failure', async () => {
    let answer: Handler = () => error(500, 'INTERNAL_ERROR', 'Error interno');
    await openForm((request) => answer(request));
    expect(
      await screen.findByText(/No fue posible cargar el formulario de la tarjeta/),
    ).toBeTruthy();
    type('Nombre', 'Ana');
    expect(payButton().disabled).toBe(true);

    answer = STRIPE_CONFIG;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await cardElement();
    expect(input('Nombre').value).toBe('Ana');
  });
});

describe('the card form with the sandbox provider', () => {
  beforeEach(() => {
    vi.mocked(loadStripeClient).mockReset();
  });

  it('keeps its own number, expiry and CVV inputs and never loads Stripe.js', async () => {
    await openForm(() => jsonResponse(200, { provider: 'sandbox', publishable_key: null }));
    for (const label of TYPED_CARD_LABELS) expect(input(label)).toBeTruthy();
    expect(screen.queryByText('Tarjeta (número, expiración y CVV)')).toBeNull();
    expect(
      screen.getByText('Tus datos de tarjeta se envían cifrados y no se guardan.'),
    ).toBeTruthy();
    expect(loadStripeClient).not.toHaveBeenCalled();
  });
});
