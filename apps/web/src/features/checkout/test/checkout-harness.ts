import { fireEvent, screen } from '@testing-library/react';
import type { Show } from '@taquilla/contract';
import { buildTicket } from '../../../test/catalogue-factory';
import { createCartStub } from '../../../test/cart-stub';
import { stubGateway } from '../../../test/session-factory';
import type { Handler } from '../../../test/session-factory';
import { buildShow, jsonResponse } from '../../../test/show-factory';

/*
 * The payment page's world for component tests: a browser whose cart holds two Platea
 * tickets of the gala, the gala's settings, and the gateway's other calls as each test
 * answers them.
 */

export const SESSION_ID = '0b9a3c8e-5d1f-4a7b-9c2e-1f3d5a7b9c2e';

const platea = buildTicket({ fullname: 'Platea', price: 450, fee: 15 });

type CheckoutStub = {
  settings?: Partial<Show['settings']>;
  handlers?: Record<string, Handler>;
  /** Shifts the cart's clock: its ten minutes end that much sooner. */
  holdOffsetMs?: number;
};

export function stubCheckout({
  settings = {},
  handlers = {},
  holdOffsetMs = 0,
}: CheckoutStub = {}) {
  document.cookie = `sessionID=${SESSION_ID}; Path=/`;
  const cart = createCartStub({ tickets: [platea], now: () => Date.now() - holdOffsetMs });
  cart.answer({
    method: 'POST',
    url: new URL(`http://localhost/cart/${SESSION_ID}/items`),
    body: { items: [{ ticket_uid: platea._id, show_uid: 'gala', quantity: 2 }] },
  });
  const state = { isCheckedOut: false };
  const emptyCart = () => ({ ...cart.cart, _id: null, items: [], valid_thru: null, total: 0 });
  const gala = buildShow({
    _id: 'gala',
    fullname: 'Noche de Gala',
    settings: {
      currency: 'GTQ',
      max_ticket_quantity: 10,
      duration: 2,
      billboard_info_position: 'top',
      ...settings,
    },
  });
  const fetchMock = stubGateway({
    'GET /cart/:id': () => jsonResponse(200, state.isCheckedOut ? emptyCart() : cart.cart),
    'DELETE /cart/:id': () => {
      state.isCheckedOut = true;
      return jsonResponse(200, emptyCart());
    },
    'GET /shows/:id': () => jsonResponse(200, gala),
    'GET /payments/config': () => jsonResponse(200, { provider: 'sandbox', publishable_key: null }),
    ...handlers,
  });
  return { cart, fetchMock, state };
}

export const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

export function type(label: string, value: string, { blur = true } = {}) {
  const field = input(label);
  fireEvent.change(field, { target: { value } });
  if (blur) fireEvent.blur(field);
}

/** A buyer and a name on the card that pass every rule of 000 §5. */
export function fillBuyer() {
  type('Nombre', 'Ana');
  type('Apellido', 'López');
  type('Correo electrónico', 'ana@correo.gt');
  type('Confirmar correo electrónico', 'ana@correo.gt');
  type('Teléfono', '5555-1234');
  type('Dirección', '6a Avenida 10-25, Zona 1');
  type('Nombre en la tarjeta', 'ANA LOPEZ');
}

/** A buyer and a card that pass every rule of 000 §5 (the card: the sandbox's approving visa). */
export function fillValidForm(card = '4111111111111111') {
  fillBuyer();
  type('Número de la tarjeta', card);
  type('Fecha de expiración (MM/AA)', '12/30');
  type('Código de seguridad (CVV)', '123');
}

export const payButton = () => screen.getByRole('button', { name: 'Pagar' }) as HTMLButtonElement;

export async function openGuestCheckout() {
  return screen.findByRole('heading', { level: 1, name: 'Pagar Orden (Invitado)' });
}
