import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@taquilla/contract/plain';
import { buildTicket } from '../../../test/catalogue-factory';
import { createCartStub } from '../../../test/cart-stub';
import {
  DAY,
  openShow,
  optionValues,
  purchase,
  showWith,
  stubCatalogue,
  summary,
} from '../../../test/show-page-harness';

describe('payment method choice', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('selects the only method by itself: a deposit-only show never offers card', async () => {
    const show = showWith(
      { _id: 'xela', fullname: 'Raíces de Xela' },
      { deposit: true, deposit_only: true, quickbuy_link: '/shows/xela/quicklink' },
    );
    const luneta = buildTicket({ fullname: 'Luneta', payment_type: ['BANK_DEPOSIT'] });
    stubCatalogue({
      shows: [show],
      tickets: { xela: { 'BANK_DEPOSIT|ACCOUNT_BANK_DEPOSIT': [luneta] } },
    });

    await openShow(show);

    const methods = within(purchase()).getByRole('group', { name: 'Método de pago' });
    expect(within(methods).getAllByRole('radio')).toHaveLength(1);
    expect(
      (within(methods).getByRole('radio', { name: 'Depósito o transferencia' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(await within(purchase()).findByText('Luneta')).toBeTruthy();
    // The deposit form itself, with its own total and submit (features/deposit).
    const submit = within(purchase()).getByRole('button', { name: 'Registrar Pago' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('complementary', { name: 'Resumen de tu orden' })).toBeNull();
  });

  it('lets the buyer choose between two methods and resets every selection on a change', async () => {
    const show = showWith(
      { _id: 'festival', fullname: 'Festival' },
      { deposit: true, quickbuy_link: '/shows/festival/quicklink' },
    );
    const general = buildTicket({ fullname: 'General', price: 250 });
    stubCatalogue({
      shows: [show],
      tickets: { festival: { CREDIT_CARD: [general], 'BANK_DEPOSIT|ACCOUNT_BANK_DEPOSIT': [] } },
    });

    await openShow(show);

    const card = within(purchase()).getByRole('radio', { name: 'Tarjeta' }) as HTMLInputElement;
    const deposit = within(purchase()).getByRole('radio', {
      name: 'Depósito o transferencia',
    }) as HTMLInputElement;
    expect(card.checked).toBe(false);
    expect(deposit.checked).toBe(false);
    expect(within(purchase()).queryByRole('list', { name: 'Boletos disponibles' })).toBeNull();

    fireEvent.click(card);
    const quantity = await within(purchase()).findByRole('combobox', {
      name: 'Cantidad de General',
    });
    fireEvent.change(quantity, { target: { value: '2' } });
    expect(within(summary()).getByText('General')).toBeTruthy();
    expect(within(summary()).getByText('× 2')).toBeTruthy();
    expect(within(summary()).getByText('Total').nextElementSibling?.textContent).toBe('Q 500.00');

    fireEvent.click(deposit);
    expect(
      await within(purchase()).findByText(
        'No hay tickets disponibles para depósito o transferencia en este evento',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: 'Resumen de tu orden' })).toBeNull();

    fireEvent.click(card);
    const again = await within(purchase()).findByRole('combobox', {
      name: 'Cantidad de General',
    });
    expect((again as HTMLSelectElement).value).toBe('0');
  });

  it('asks for the función first and forgets it when the method changes', async () => {
    const now = Date.now();
    const show = showWith(
      { _id: 'quijote', fullname: 'El Quijote' },
      { has_show_dates: true, deposit: true, quickbuy_link: '/shows/quijote/quicklink' },
    );
    const first = showWith(
      { _id: 'q-1', parent_show_uid: 'quijote', show_date: new Date(now + 9 * DAY).toISOString() },
      { is_show_date: true },
    );
    const second = showWith(
      { _id: 'q-2', parent_show_uid: 'quijote', show_date: new Date(now + 10 * DAY).toISOString() },
      { is_show_date: true },
    );
    const fetchMock = stubCatalogue({
      shows: [show],
      children: { quijote: [first, second] },
      tickets: {
        'q-1': { CREDIT_CARD: [buildTicket({ fullname: 'General función 1' })] },
        'q-2': { CREDIT_CARD: [buildTicket({ fullname: 'General función 2' })] },
      },
    });

    await openShow(show);
    fireEvent.click(within(purchase()).getByRole('radio', { name: 'Tarjeta' }));

    const dates = await within(purchase()).findByRole('group', { name: 'Elige la función' });
    const [firstDate, secondDate] = (await within(dates).findAllByRole(
      'radio',
    )) as HTMLInputElement[];
    expect(within(purchase()).queryByRole('list', { name: 'Boletos disponibles' })).toBeNull();
    const childQuery = fetchMock.mock.calls
      .map(([url]) => new URL(url, 'http://localhost'))
      .find((url) => url.searchParams.has('parent'));
    expect(Object.fromEntries(childQuery!.searchParams)).toEqual({
      parent: 'quijote',
      filter: 'CURRENT',
      visible: '-1',
    });

    fireEvent.click(secondDate!);
    fireEvent.change(
      await within(purchase()).findByRole('combobox', { name: 'Cantidad de General función 2' }),
      { target: { value: '1' } },
    );
    expect(within(summary()).getByText('General función 2')).toBeTruthy();

    fireEvent.click(firstDate!);
    expect(await within(purchase()).findByText('General función 1')).toBeTruthy();
    expect(within(summary()).getByText('Aún no has elegido boletos.')).toBeTruthy();

    fireEvent.click(within(purchase()).getByRole('radio', { name: 'Depósito o transferencia' }));
    fireEvent.click(within(purchase()).getByRole('radio', { name: 'Tarjeta' }));
    const datesAgain = await within(purchase()).findByRole('group', { name: 'Elige la función' });
    const radios = (await within(datesAgain).findAllByRole('radio')) as HTMLInputElement[];
    expect(radios.some((radio) => radio.checked)).toBe(false);
  });
});

describe('ticket selection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers 0 up to the smaller of the per-line limit and the stock, or says why not', async () => {
    const now = Date.now();
    const show = showWith({ _id: 'feria', fullname: 'Feria' }, { max_ticket_quantity: 8 });
    stubCatalogue({
      shows: [show],
      tickets: {
        feria: {
          CREDIT_CARD: [
            buildTicket({ fullname: 'Pocos', real_available: 3 }),
            buildTicket({ fullname: 'Muchos', real_available: 500 }),
            buildTicket({ fullname: 'Vendidos', real_available: 0 }),
            buildTicket({
              fullname: 'Preventa',
              valid_thru: new Date(now - DAY).toISOString(),
            }),
            buildTicket({
              fullname: 'Día del evento',
              valid_since: '2099-03-15T18:00:00.000Z',
            }),
          ],
        },
      },
    });

    await openShow(show);

    const list = await within(purchase()).findByRole('list', { name: 'Boletos disponibles' });
    expect(optionValues(within(list).getByRole('combobox', { name: 'Cantidad de Pocos' }))).toEqual(
      ['0', '1', '2', '3'],
    );
    expect(
      optionValues(within(list).getByRole('combobox', { name: 'Cantidad de Muchos' })),
    ).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8']);
    const rows = within(list).getAllByRole('listitem');
    expect(rows[2]!.textContent).toContain('AGOTADOS');
    expect(rows[3]!.textContent).toContain('AGOTADOS');
    expect(rows[4]!.textContent).toContain('Disponible a partir del 15 de marzo de 2099');
    expect(within(list).getAllByRole('combobox')).toHaveLength(2);
    // One level under the section's h2 "Comprar boletos": no heading level skipped.
    expect(within(purchase()).getByRole('heading', { level: 2 })).toBeTruthy();
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Pocos', 'Muchos', 'Vendidos', 'Preventa', 'Día del evento']);
  });

  it('prices a quantity discount and the service fee in the order summary', async () => {
    const show = showWith({ _id: 'feria', fullname: 'Feria' });
    const entrada = buildTicket({
      fullname: 'Entrada general',
      price: 80,
      fee: 5,
      price_rules: [{ rule_type: 'quantity_discount', quantity_min: 4, item_discount_price: 65 }],
    });
    stubCatalogue({ shows: [show], tickets: { feria: { CREDIT_CARD: [entrada] } } });

    await openShow(show);
    expect(await within(purchase()).findByText('Desde 4 boletos: Q 65.00 cada uno')).toBeTruthy();
    fireEvent.change(
      within(purchase()).getByRole('combobox', { name: 'Cantidad de Entrada general' }),
      { target: { value: '4' } },
    );

    const box = summary();
    expect(within(box).getByText('Q 260.00', { selector: '.summary__amount' })).toBeTruthy();
    expect(within(box).getByText('Descuento por cantidad: −Q 60.00')).toBeTruthy();
    expect(within(box).getByText('Cargos por servicio').nextElementSibling?.textContent).toBe(
      'Q 20.00',
    );
    expect(within(box).getByText('Total').nextElementSibling?.textContent).toBe('Q 280.00');
  });

  it('checks a promo code, puts the chosen lines in the cart and applies the code there', async () => {
    const show = showWith({ _id: 'gala', fullname: 'Gala' }, { has_promo_code: true });
    const luneta = buildTicket({ fullname: 'Luneta', price: 150 });
    const cart = createCartStub({
      tickets: [luneta],
      promo: { code: 'BIENVENIDA10', percent: 10 },
    });
    const api = stubCatalogue({
      shows: [show],
      tickets: { gala: { CREDIT_CARD: [luneta] } },
      cart,
    });

    const router = await openShow(show);
    const add = within(summary()).getByRole('button', { name: 'Agregar al carrito' });
    expect((add as HTMLButtonElement).disabled).toBe(true);

    const input = within(summary()).getByRole('textbox', { name: 'Código promocional' });
    const apply = within(summary()).getByRole('button', { name: 'Aplicar' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(apply.disabled).toBe(true);
    fireEvent.change(input, { target: { value: ' nadie ' } });
    fireEvent.submit(input.closest('form')!);
    expect(await screen.findByText('Código promocional no encontrado')).toBeTruthy();

    fireEvent.change(input, { target: { value: ' bienvenida10 ' } });
    expect(apply.disabled).toBe(false);
    fireEvent.submit(input.closest('form')!);
    expect(await within(summary()).findByText('BIENVENIDA10')).toBeTruthy();
    expect(
      within(summary()).getByText('Se aplicará al agregar tus boletos al carrito.'),
    ).toBeTruthy();
    const validate = api.mock.calls.findLast(([url]) => String(url).endsWith('/validate'));
    expect(JSON.parse(String(validate?.[1]?.body))).toEqual({
      code: 'BIENVENIDA10',
      items: [{ show_uid: 'gala' }],
    });

    fireEvent.change(within(purchase()).getByRole('combobox', { name: 'Cantidad de Luneta' }), {
      target: { value: '2' },
    });
    fireEvent.click(add);

    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(cart.cart.items.map(({ ticket_uid, quantity }) => ({ ticket_uid, quantity }))).toEqual([
      { ticket_uid: luneta._id, quantity: 2 },
    ]);
    const box = await screen.findByRole('complementary', { name: 'Resumen de la compra' });
    expect(within(box).getByText('Descuento').nextElementSibling?.textContent).toBe('−Q 30.00');
    expect(within(box).getByText('Total').nextElementSibling?.textContent).toBe('Q 270.00');
    expect(within(box).getByText('BIENVENIDA10')).toBeTruthy();
  });

  it('says why, with the way to the cart, when the cart holds another organiser’s tickets', async () => {
    // A browser whose cart already holds another organiser's ticket (decision 0062).
    document.cookie = 'sessionID=0d6a3c2b-4e5f-4a7b-8c9d-1e2f3a4b5c6d; Path=/';
    const show = showWith({ _id: 'gala', fullname: 'Gala' });
    const luneta = buildTicket({ fullname: 'Luneta', price: 150 });
    const cart = createCartStub({
      tickets: [luneta],
      otherOrganiser: { ticket: buildTicket({ fullname: 'Títeres VIP' }), show_uid: 'titeres' },
    });
    stubCatalogue({ shows: [show], tickets: { gala: { CREDIT_CARD: [luneta] } }, cart });

    const router = await openShow(show);
    const quantity = await within(purchase()).findByRole('combobox', {
      name: 'Cantidad de Luneta',
    });
    fireEvent.change(quantity, { target: { value: '2' } });
    fireEvent.click(within(summary()).getByRole('button', { name: 'Agregar al carrito' }));

    const alert = screen.getByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain(ERRORS.CART_OTHER_PRODUCER.message));
    expect(alert.textContent).not.toContain('No fue posible');
    // The page stays, with the choice kept; the cart is one click away.
    expect(router.state.location.pathname).toBe('/shows/gala');
    expect(cart.cart.items.map((item) => item.title)).toEqual(['Títeres VIP']);
    fireEvent.click(within(alert).getByRole('link', { name: 'Ir al carrito' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    document.cookie = 'sessionID=; Path=/; Max-Age=0';
  });

  it('registers for an unpaid show with its registration tickets and form', async () => {
    const show = showWith(
      { _id: 'taller', fullname: 'Taller', paid: false },
      { registration: true },
    );
    stubCatalogue({
      shows: [show],
      tickets: { taller: { REGISTRATION: [buildTicket({ fullname: 'Inscripción', price: 0 })] } },
    });

    await openShow(show);

    const register = purchase('Regístrate');
    expect(await within(register).findByText('Inscripción')).toBeTruthy();
    expect(within(register).getAllByText('Gratis').length).toBeGreaterThan(0);
    expect(within(register).queryByRole('group', { name: 'Método de pago' })).toBeNull();
    const submit = within(register).getByRole('button', { name: 'Completar Registro' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /carrito/i })).toBeNull();
  });

  it('warns when an unpaid show has no registration tickets', async () => {
    const show = showWith({ _id: 'charla', fullname: 'Charla', paid: false });
    stubCatalogue({ shows: [show] });

    await openShow(show);

    expect(
      await within(purchase('Regístrate')).findByText(
        'No hay tickets disponibles para registro en este evento',
      ),
    ).toBeTruthy();
  });
});
