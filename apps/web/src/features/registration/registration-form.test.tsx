import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cart } from '@taquilla/contract';
import { buildPlacedOrder, stubOrderGateway } from '../../order-form/order-form-test-kit';
import { buildTicket } from '../../test/catalogue-factory';
import { orderCalls } from '../../test/order-factory';
import { buildCurrentSession, buildUser } from '../../test/session-factory';
import { renderAt, showWith } from '../../test/show-page-harness';
import { jsonResponse } from '../../test/show-factory';

const taller = showWith(
  { _id: 'taller', fullname: 'Taller de Fotografía', paid: false },
  {
    registration: true,
    max_ticket_quantity: 2,
    custom_fields: {
      fields: [
        {
          key: 'nivel',
          label: 'Nivel de experiencia',
          type: 'option',
          required: true,
          options: [
            { key: 'principiante', value: 'Principiante' },
            { key: 'avanzado', value: 'Avanzado' },
          ],
        },
        { key: 'empresa', label: 'Empresa', type: 'text', required: false, options: [] },
      ],
    },
  },
);
const inscripcion = buildTicket({
  _id: 'inscripcion',
  fullname: 'Inscripción gratuita',
  price: 0,
  price_usd: 0,
  payment_type: ['REGISTRATION'],
});
const registered = buildPlacedOrder({
  _id: '7d2f4a10-1111-4c1e-9a4f-2d1c7e0b9a22',
  order_number: 77,
  status: 'APPROVED',
  payment_type: 'REGISTRATION',
});

const submitButton = () => screen.getByRole('button', { name: 'Completar Registro' });
const isDisabled = () => (submitButton() as HTMLButtonElement).disabled;
const type = (name: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

function fillRequired() {
  type('Nombre', 'Luis');
  type('Apellido', 'Pérez');
  type('Correo electrónico', 'luis@correo.gt');
  type('Confirma tu correo electrónico', 'luis@correo.gt');
}

describe('free registration (Regístrate)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('enables "Completar Registro" with tickets, names, e-mail twice and country; phone, address and NIT are optional', async () => {
    const { fetchMock } = stubOrderGateway({
      show: taller,
      tickets: [inscripcion],
      order: () => jsonResponse(200, registered),
    });
    const router = renderAt('/shows/taller');
    const form = await screen.findByRole('region', { name: 'Regístrate' });
    expect(within(form).getByRole('textbox', { name: 'Teléfono (opcional)' })).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: 'Código postal (opcional)' })).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: 'NIT (opcional)' })).toBeTruthy();

    fillRequired();
    expect(isDisabled()).toBe(true);
    expect(screen.getByText(/elegir tus boletos/)).toBeTruthy();
    fireEvent.change(
      await within(form).findByRole('combobox', { name: 'Cantidad de Inscripción gratuita' }),
      { target: { value: '2' } },
    );
    expect(isDisabled()).toBe(false);

    type('Apellido', ' ');
    expect(isDisabled()).toBe(true);
    type('Apellido', 'Pérez');
    type('NIT (opcional)', '12');
    fireEvent.blur(screen.getByRole('textbox', { name: 'NIT (opcional)' }));
    expect(screen.getByText('NIT inválido. Por favor verifica el formato o usa C/F.')).toBeTruthy();
    expect(isDisabled()).toBe(true);
    type('NIT (opcional)', '');
    type('Teléfono (opcional)', '');
    expect(isDisabled()).toBe(false);

    fireEvent.click(submitButton());
    expect(
      await screen.findByRole('heading', { name: '¡Tu registro está completo!' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe(
      '/shows/taller/registration/success/7d2f4a10-1111-4c1e-9a4f-2d1c7e0b9a22',
    );
    expect(screen.getByText('Orden #77')).toBeTruthy();
    const [order] = orderCalls(fetchMock);
    expect(order?.body).toMatchObject({
      payment_type: 'REGISTRATION',
      payment_info: {
        firstname: 'Luis',
        lastname: 'Pérez',
        email: 'luis@correo.gt',
        country: 'GT',
        total: 0,
        custom_fields: { nivel: 'principiante' },
      },
    });
    expect(order?.body.payment_info).not.toHaveProperty('phone');
    expect(order?.body.payment_info).not.toHaveProperty('nit');
  });

  it('says "No fue posible realizar el registro" with the reason, and the overlay goes away', async () => {
    stubOrderGateway({
      show: taller,
      tickets: [inscripcion],
      order: () =>
        jsonResponse(409, {
          error: 'NOT_ENOUGH_AVAILABLE',
          message: 'No hay suficientes boletos disponibles',
        }),
    });
    renderAt('/shows/taller');
    fireEvent.change(
      await screen.findByRole('combobox', { name: 'Cantidad de Inscripción gratuita' }),
      { target: { value: '1' } },
    );
    fillRequired();
    fireEvent.click(submitButton());
    expect(
      await screen.findByText(
        'No fue posible realizar el registro. No hay suficientes boletos disponibles',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Completando tu registro…')).toBeNull();
    expect(isDisabled()).toBe(false);
  });

  it('says when the show has no registration tickets', async () => {
    stubOrderGateway({ show: taller, tickets: [] });
    renderAt('/shows/taller');
    expect(
      await screen.findByText('No hay tickets disponibles para registro en este evento'),
    ).toBeTruthy();
  });
});

describe('/cart/register', () => {
  afterEach(() => vi.unstubAllGlobals());

  const ana = buildCurrentSession(
    buildUser({ email: 'ana@correo.gt', firstname: 'Ana', lastname: 'López' }),
  );

  async function holdFreeTickets(cart: { answer: (r: never) => Response | null }) {
    // The cart holds two free places, as the show page's card path would have left it.
    document.cookie = 'sessionID=3f0c4a2e-6a1b-4c55-9d3e-1f2a3b4c5d6e; Path=/';
    const response = cart.answer({
      method: 'POST',
      url: new URL('http://localhost/cart/3f0c4a2e-6a1b-4c55-9d3e-1f2a3b4c5d6e/items'),
      body: { items: [{ ticket_uid: 'inscripcion', show_uid: 'taller', quantity: 2 }] },
    } as never);
    return (await response!.json()) as Cart;
  }

  it('registers the cart as it is, with the buyer prefilled from the session', async () => {
    const { fetchMock, cart } = stubOrderGateway({
      show: taller,
      tickets: [inscripcion],
      session: ana,
      profile: { address: 'Calle Real 5' },
      order: () => jsonResponse(200, registered),
    });
    await holdFreeTickets(cart);
    const router = renderAt('/cart/register');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Completar registro' }),
    ).toBeTruthy();
    const lines = await screen.findByRole('list', { name: 'Boletos en tu carrito' });
    expect(within(lines).getByText('2 boletos')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Nombre' }) as HTMLInputElement).value).toBe(
        'Ana',
      ),
    );
    expect(
      (screen.getByRole('textbox', { name: 'Confirma tu correo electrónico' }) as HTMLInputElement)
        .value,
    ).toBe('ana@correo.gt');
    // The saved profile fills what the session does not carry.
    await waitFor(() =>
      expect(
        (screen.getByRole('textbox', { name: 'Dirección (opcional)' }) as HTMLInputElement).value,
      ).toBe('Calle Real 5'),
    );
    expect(screen.getByRole('checkbox', { name: 'Guardar estos datos en mi perfil' })).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Completar Registro' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/shows/taller/registration/success/7d2f4a10-1111-4c1e-9a4f-2d1c7e0b9a22',
      ),
    );
    const adds = fetchMock.mock.calls.filter(
      ([url, init]) => init?.method === 'POST' && String(url).endsWith('/items'),
    );
    expect(adds).toHaveLength(0);
    // "Guardar estos datos en mi perfil" starts checked (000 §6): `save_info` travels with
    // the order and the API writes the profile (decision 0020); no second call.
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => init?.method === 'PUT' && String(url).startsWith('/users/'),
      ),
    ).toBe(false);
    expect(orderCalls(fetchMock)[0]?.body).toMatchObject({
      payment_type: 'REGISTRATION',
      cart_uid: 'cart-1',
      session_id: '3f0c4a2e-6a1b-4c55-9d3e-1f2a3b4c5d6e',
      payment_info: {
        firstname: 'Ana',
        lastname: 'López',
        email: 'ana@correo.gt',
        address: 'Calle Real 5',
        total: 0,
        save_info: true,
      },
    });
  });

  it('sends a cart with a price back to the cart page', async () => {
    const paid = { ...inscripcion, price: 100 };
    const { cart } = stubOrderGateway({ show: taller, tickets: [paid], session: ana });
    await holdFreeTickets(cart);
    renderAt('/cart/register');
    expect(await screen.findByText(/Tu carrito tiene boletos con costo/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir al carrito' }).getAttribute('href')).toBe('/cart');
  });
});
