import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/session-factory';
import {
  fillValidForm,
  input,
  openGuestCheckout,
  payButton,
  stubCheckout,
  type,
} from './test/checkout-harness';

const errorOf = (label: string) => {
  const described = input(label).getAttribute('aria-describedby') ?? '';
  const ids = described.split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent).join(' ') || null;
};

async function openForm(settings = {}) {
  stubCheckout({ settings });
  renderRoute('/cart/checkout/guest');
  await openGuestCheckout();
  await screen.findByLabelText('Nombre');
}

describe('card payment form (000 §5)', () => {
  beforeEach(() => {
    // Only the clock: the expiry rules read "now" (November 2026).
    vi.useFakeTimers({ now: Date.parse('2026-11-25T16:00:00Z'), toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('starts with the buyer defaults, Guatemala first, and Pay disabled', async () => {
    await openForm();

    // The address starts empty (issue 20): the buyer types it.
    expect(input('Dirección').value).toBe('');
    expect(input('Ciudad').value).toBe('Guatemala');
    expect(input('Departamento o estado').value).toBe('Guatemala');
    expect(input('NIT').value).toBe('C/F');
    const country = screen.getByLabelText('País') as HTMLSelectElement;
    expect(country.value).toBe('GT');
    expect(country.options[0]?.textContent).toBe('Guatemala');
    expect(country.options.length).toBeGreaterThan(230);
    // A guest's data is never saved.
    expect(screen.queryByLabelText('Guardar mis datos en mi perfil')).toBeNull();
    expect(payButton().disabled).toBe(true);
    expect(
      screen.getByText('Completa tus datos y los de tu tarjeta para habilitar el pago.'),
    ).toBeTruthy();

    fillValidForm();
    expect(payButton().disabled).toBe(false);
  });

  it('shows the read-only lines and the summary box in payment mode', async () => {
    await openForm();
    const lines = screen.getByRole('list', { name: 'Boletos en tu carrito' });
    expect(within(lines).getByRole('heading', { name: 'Platea' })).toBeTruthy();
    expect(within(lines).queryByRole('button', { name: /Quitar/ })).toBeNull();
    const box = screen.getByRole('complementary', { name: 'Resumen de la compra' });
    expect(within(box).getByText('Total').nextElementSibling?.textContent).toBe('Q 930.00');
    expect(within(box).getByRole('button', { name: 'Modificar orden' })).toBeTruthy();
  });

  it('says a character outside printable Latin-1 at once, and requires the fields on blur', async () => {
    await openForm();
    type('Nombre', 'Ana 😀', { blur: false });
    expect(errorOf('Nombre')).toBe(
      'Por favor ingresa solo caracteres válidos (letras, números y símbolos básicos)',
    );
    type('Nombre', 'Ana Lucía');
    expect(errorOf('Nombre')).toBeNull();
    type('Apellido', '');
    expect(errorOf('Apellido')).toBe('Este campo es obligatorio');
  });

  it('asks for the same e-mail twice', async () => {
    await openForm();
    type('Correo electrónico', 'ana@correo.gt');
    type('Confirmar correo electrónico', 'ana@correo.com');
    expect(errorOf('Confirmar correo electrónico')).toBe('Los correos electrónicos no coinciden.');
    type('Confirmar correo electrónico', 'ANA@correo.gt');
    expect(errorOf('Confirmar correo electrónico')).toBeNull();
  });

  it('groups the number as a card, names its brand and checks it', async () => {
    await openForm();
    type('Número de la tarjeta', '4111111111111111');
    expect(input('Número de la tarjeta').value).toBe('4111 1111 1111 1111');
    expect(screen.getByText('Visa')).toBeTruthy();
    type('Número de la tarjeta', '4111 1111 1111 1112');
    expect(errorOf('Número de la tarjeta')).toBe('El número de la tarjeta es inválido');
    type('Número de la tarjeta', '5555555555554444');
    expect(screen.getByText('Mastercard')).toBeTruthy();
    type('Número de la tarjeta', '378282246310005');
    expect(input('Número de la tarjeta').value).toBe('3782 822463 10005');
    expect(screen.getByText('American Express')).toBeTruthy();
    expect(errorOf('Número de la tarjeta')).toBeNull();
  });

  it('takes a CVV of 4 digits for American Express and 3 for the others, never all zeros or nines', async () => {
    await openForm();
    type('Número de la tarjeta', '378282246310005');
    expect(input('Código de seguridad (CVV)').maxLength).toBe(4);
    type('Código de seguridad (CVV)', '123');
    expect(errorOf('Código de seguridad (CVV)')).toBe('El código de seguridad es inválido');
    type('Código de seguridad (CVV)', '1234');
    expect(errorOf('Código de seguridad (CVV)')).toBeNull();

    type('Número de la tarjeta', '4111111111111111');
    expect(input('Código de seguridad (CVV)').maxLength).toBe(3);
    expect(errorOf('Código de seguridad (CVV)')).toBe('El código de seguridad es inválido');
    for (const cvv of ['000', '999', '00']) {
      type('Código de seguridad (CVV)', cvv);
      expect(errorOf('Código de seguridad (CVV)')).toBe(
        'El código de seguridad no puede ser una secuencia de tres o más ceros o nueves',
      );
    }
  });

  it('reads the expiry as MM/AA with its four messages', async () => {
    await openForm();
    const expiry = 'Fecha de expiración (MM/AA)';
    type(expiry, '1230');
    expect(input(expiry).value).toBe('12/30');
    expect(errorOf(expiry)).toBeNull();
    const cases: [string, string][] = [
      ['1', 'La fecha de expiración es inválida'],
      ['13/30', 'El mes de expiración debe estar entre 01 y 12'],
      ['12/25', 'El año de expiración no puede estar en el pasado'],
      ['10/26', 'La fecha de expiración no puede estar en el pasado'],
    ];
    for (const [value, message] of cases) {
      type(expiry, value);
      expect(errorOf(expiry)).toBe(message);
    }
    type(expiry, '11/26');
    expect(errorOf(expiry)).toBeNull();
  });

  it('needs a valid NIT or C/F in Guatemala, said on blur, and a zip in the US and Canada', async () => {
    await openForm();
    fillValidForm();
    type('NIT', '123', { blur: false });
    expect(errorOf('NIT')).toBeNull();
    fireEvent.blur(input('NIT'));
    expect(errorOf('NIT')).toBe('NIT inválido. Por favor verifica el formato o usa C/F.');
    expect(payButton().disabled).toBe(true);
    type('NIT', 'cf');
    expect(errorOf('NIT')).toBeNull();
    type('NIT', '1234567-8');
    expect(payButton().disabled).toBe(false);

    fireEvent.change(screen.getByLabelText('País'), { target: { value: 'US' } });
    type('Código postal', 'abc');
    expect(errorOf('Código postal')).toBe('El código postal es inválido');
    expect(payButton().disabled).toBe(true);
    type('Código postal', '90210');
    // Outside Guatemala the NIT is not asked for.
    type('NIT', '1');
    expect(payButton().disabled).toBe(false);
  });

  it('requires the custom fields the shows mark as required', async () => {
    await openForm({
      custom_fields: {
        fields: [
          { key: 'empresa', label: 'Empresa', type: 'text', required: true, options: [] },
          { key: 'comentario', label: 'Comentario', type: 'text', required: false, options: [] },
        ],
      },
    });
    fillValidForm();
    expect(screen.getByRole('group', { name: 'Información adicional' })).toBeTruthy();
    expect(payButton().disabled).toBe(true);
    type('Empresa', '');
    expect(errorOf('Empresa')).toBe('Este campo es obligatorio');
    type('Empresa', 'Cervecería Centro Americana');
    expect(payButton().disabled).toBe(false);
  });
});
