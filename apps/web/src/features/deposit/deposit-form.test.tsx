import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FakeUpload,
  PROOF_LINK,
  buildPlacedOrder,
  SIGNED_URL,
  imageFile,
  stubOrderGateway,
} from '../../order-form/order-form-test-kit';
import { buildTicket } from '../../test/catalogue-factory';
import { orderCalls } from '../../test/order-factory';
import { renderAt, showWith } from '../../test/show-page-harness';
import { jsonResponse } from '../../test/show-factory';

const xela = showWith(
  { _id: 'xela', fullname: 'Raíces de Xela' },
  {
    deposit: true,
    deposit_only: true,
    quickbuy_link: '/shows/xela/quicklink',
    deposit_info: [
      { label: 'Banco', value: 'Banco Industrial' },
      { label: 'Número de cuenta', value: '123-456789-0' },
    ],
    ask_for_nit: true,
    custom_fields: {
      fields: [
        { key: 'banco', label: 'Banco de origen', type: 'text', required: true, options: [] },
      ],
    },
  },
);
const luneta = buildTicket({
  _id: 'luneta',
  fullname: 'Luneta',
  price: 150,
  payment_type: ['BANK_DEPOSIT'],
});

const submitButton = () => screen.getByRole('button', { name: 'Registrar Pago' });
const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;
const field = (name: string) => screen.getByRole('textbox', { name });
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

async function openForm() {
  const router = renderAt('/shows/xela/quicklink');
  await screen.findByRole('heading', { level: 1, name: 'Raíces de Xela' });
  return router;
}

async function chooseTickets(quantity: number) {
  fireEvent.change(await screen.findByRole('combobox', { name: 'Cantidad de Luneta' }), {
    target: { value: String(quantity) },
  });
}

async function uploadProof(file = imageFile('boleta.png', 'image/png')) {
  fireEvent.change(screen.getByLabelText('Foto de tu comprobante'), { target: { files: [file] } });
  await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
  const upload = FakeUpload.sent[0]!;
  upload.progress(50, 100);
  expect(await screen.findByText('Subiendo comprobante… 50 %')).toBeTruthy();
  upload.respond(200);
  expect(await screen.findByText('Comprobante cargado: boleta.png')).toBeTruthy();
  return upload;
}

function fillBuyer() {
  type('Nombre', 'Ana');
  type('Apellido', 'López');
  type('Correo electrónico', 'ana@correo.gt');
  type('Confirma tu correo electrónico', 'ANA@correo.gt');
  type('Teléfono', '5555 1234');
  type('Dirección', '6a Avenida 10-25, Zona 1');
  type('NIT', 'C/F');
  type('Banco de origen', 'BAM');
}

describe('deposit form (quick buy)', () => {
  beforeEach(() => FakeUpload.install());
  afterEach(() => vi.unstubAllGlobals());

  it('enables "Registrar Pago" only with tickets, a proof, the buyer data, a NIT and the custom fields; then registers the deposit', async () => {
    const { fetchMock } = stubOrderGateway({ show: xela, tickets: [luneta] });
    const router = await openForm();

    expect(screen.getByText('Banco Industrial')).toBeTruthy();
    expect(screen.getByText('123-456789-0')).toBeTruthy();
    // 000 §9 defaults, but the address: it starts empty (issue 20), and is required.
    expect((field('Dirección') as HTMLInputElement).value).toBe('');
    expect((field('Ciudad') as HTMLInputElement).value).toBe('Guatemala');
    expect((field('Departamento o estado') as HTMLInputElement).value).toBe('Guatemala');
    expect((screen.getByRole('combobox', { name: 'País' }) as HTMLSelectElement).value).toBe('GT');
    expect(isDisabled(submitButton())).toBe(true);

    await chooseTickets(2);
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('Q 300.00');
    const upload = await uploadProof();
    expect(upload.method).toBe('PUT');
    expect(upload.url).toBe(SIGNED_URL);
    expect(upload.headers['Content-Type']).toBe('image/png');
    const uploadUrl = new URL(
      String(fetchMock.mock.calls.find(([url]) => String(url).includes('uploadUrl'))?.[0]),
      'http://localhost',
    );
    expect(uploadUrl.searchParams.get('show_uid')).toBe('xela');
    expect(uploadUrl.searchParams.get('filename')).toBe('comprobante.png');
    expect(uploadUrl.searchParams.get('session_id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(isDisabled(submitButton())).toBe(true);

    fillBuyer();
    type('Confirma tu correo electrónico', 'ana@otro.gt');
    expect(screen.getByText('Los correos electrónicos no coinciden')).toBeTruthy();
    expect(isDisabled(submitButton())).toBe(true);
    type('Confirma tu correo electrónico', 'ana@correo.gt');

    type('NIT', '123');
    fireEvent.blur(field('NIT'));
    expect(screen.getByText('NIT inválido. Por favor verifica el formato o usa C/F.')).toBeTruthy();
    expect(isDisabled(submitButton())).toBe(true);
    type('NIT', '1234567-8');
    expect(screen.queryByText('NIT inválido. Por favor verifica el formato o usa C/F.')).toBeNull();

    type('Banco de origen', '');
    expect(isDisabled(submitButton())).toBe(true);
    expect(screen.getByText(/completar la información adicional/)).toBeTruthy();
    type('Banco de origen', 'BAM');
    expect(isDisabled(submitButton())).toBe(false);

    fireEvent.click(submitButton());
    expect(await screen.findByRole('heading', { name: 'Registramos tu pago' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(
      '/shows/xela/quicklink/success/5b0c1a52-4a5e-4c1e-9a4f-2d1c7e0b9a11',
    );
    expect(screen.getByText('Orden #1042')).toBeTruthy();
    expect(screen.getByText(/48 horas hábiles/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver mi orden' }).getAttribute('href')).toBe(
      '/orders/5b0c1a52-4a5e-4c1e-9a4f-2d1c7e0b9a11',
    );

    const [order] = orderCalls(fetchMock);
    expect(order?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(order?.body).toMatchObject({
      payment_type: 'BANK_DEPOSIT',
      currency: 'GTQ',
      cart_uid: 'cart-1',
      payment_info: {
        firstname: 'Ana',
        lastname: 'López',
        email: 'ana@correo.gt',
        phone: '5555 1234',
        address: '6a Avenida 10-25, Zona 1',
        city: 'Guatemala',
        state: 'Guatemala',
        country: 'GT',
        nit: '1234567-8',
        file_info: PROOF_LINK,
        total: 300,
        custom_fields: { banco: 'BAM' },
      },
    });
    const added = fetchMock.mock.calls.find(
      ([url, init]) => init?.method === 'POST' && String(url).endsWith('/items'),
    );
    expect(JSON.parse(String(added?.[1]?.body))).toMatchObject({
      payment_type: 'BANK_DEPOSIT',
      items: [{ ticket_uid: 'luneta', show_uid: 'xela', quantity: 2, type: 'TICKET' }],
    });
  });

  it('refuses a proof that is not a JPG or PNG, or past 5 MB, before sending it', async () => {
    stubOrderGateway({ show: xela, tickets: [luneta] });
    await openForm();
    const input = screen.getByLabelText('Foto de tu comprobante');

    fireEvent.change(input, { target: { files: [imageFile('boleta.pdf', 'application/pdf')] } });
    expect(await screen.findByText('El comprobante debe ser una imagen JPG o PNG')).toBeTruthy();
    fireEvent.change(input, { target: { files: [imageFile('foto.heic', 'image/heic')] } });
    expect(screen.getByText('El comprobante debe ser una imagen JPG o PNG')).toBeTruthy();
    fireEvent.change(input, {
      target: { files: [imageFile('foto.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1)] },
    });
    expect(
      await screen.findByText('El archivo es demasiado grande: el máximo es 5 MB'),
    ).toBeTruthy();
    expect(FakeUpload.sent).toHaveLength(0);
  });

  it("shows the storage's refusal of an upload", async () => {
    stubOrderGateway({ show: xela, tickets: [luneta] });
    await openForm();
    fireEvent.change(screen.getByLabelText('Foto de tu comprobante'), {
      target: { files: [imageFile('boleta.png', 'image/png')] },
    });
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    FakeUpload.sent[0]!.respond(
      422,
      JSON.stringify({
        error: 'UPLOAD_INVALID_TYPE',
        message: 'El comprobante debe ser una imagen JPG o PNG',
      }),
    );
    expect(await screen.findByText('El comprobante debe ser una imagen JPG o PNG')).toBeTruthy();
    expect(screen.queryByText(/Comprobante cargado/)).toBeNull();
  });

  it('says when the show sells nothing by deposit', async () => {
    stubOrderGateway({ show: xela, tickets: [buildTicket({ payment_type: ['CREDIT_CARD'] })] });
    await openForm();
    expect(
      await screen.findByText(
        'No hay tickets disponibles para depósito o transferencia en este evento',
      ),
    ).toBeTruthy();
  });

  it('checks a promo code typed in lower case on Enter and takes its discount off the total', async () => {
    const show = { ...xela, settings: { ...xela.settings, has_promo_code: true } };
    const { fetchMock } = stubOrderGateway({
      show,
      tickets: [luneta],
      promo: { code: 'MARIMBA10', percent: 10 },
    });
    await openForm();
    await chooseTickets(2);
    const code = screen.getByRole('textbox', { name: 'Código promocional' });

    fireEvent.change(code, { target: { value: ' nada ' } });
    fireEvent.submit(code.closest('form')!);
    expect(await screen.findByText('Código promocional no encontrado')).toBeTruthy();

    fireEvent.change(code, { target: { value: ' marimba10 ' } });
    fireEvent.submit(code.closest('form')!);
    expect(await screen.findByText('Código promocional aplicado exitosamente!')).toBeTruthy();
    const validated = fetchMock.mock.calls
      .filter(([url]) => String(url).endsWith('/cart/promo-codes/validate'))
      .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
    expect(validated.at(-1)).toEqual({ code: 'MARIMBA10', items: [{ show_uid: 'xela' }] });
    expect(screen.getByText('MARIMBA10: −Q 30.00')).toBeTruthy();
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('Q 270.00');
  });

  it('shows why the order was refused and lets the buyer try again', async () => {
    const { fetchMock } = stubOrderGateway({
      show: xela,
      tickets: [luneta],
      order: () =>
        jsonResponse(409, {
          error: 'ORDER_TOTAL_CHANGED',
          message: 'El total de tu carrito cambió. Revisa tu orden antes de pagar.',
        }),
    });
    await openForm();
    await chooseTickets(1);
    await uploadProof();
    fillBuyer();
    fireEvent.click(submitButton());

    const alert = await screen.findByText(
      'No fue posible realizar la compra. El total de tu carrito cambió. Revisa tu orden antes de pagar.',
    );
    expect(alert).toBeTruthy();
    expect(screen.queryByText('Registrando tu pago…')).toBeNull();
    expect(isDisabled(submitButton())).toBe(false);

    fireEvent.click(submitButton());
    await waitFor(() => expect(orderCalls(fetchMock)).toHaveLength(2));
    const [first, second] = orderCalls(fetchMock);
    expect(first?.key).not.toBe(second?.key);
  });

  const proofSection = () => screen.getByRole('region', { name: 'Comprobante de pago' });

  it('asks for the proof again when the server refuses the one the order names, saying why at the proof', async () => {
    stubOrderGateway({
      show: xela,
      tickets: [luneta],
      order: () =>
        jsonResponse(422, {
          error: 'PROOF_LINK_INVALID',
          message: 'El comprobante no fue cargado en este sitio',
        }),
    });
    await openForm();
    await chooseTickets(1);
    await uploadProof();
    fillBuyer();
    fireEvent.click(submitButton());

    expect(
      await within(proofSection()).findByText('El comprobante no fue cargado en este sitio'),
    ).toBeTruthy();
    expect(
      screen.getByText('No fue posible realizar la compra. Revisa tu comprobante de pago.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Comprobante cargado/)).toBeNull();
    expect(screen.getByText('Elegir imagen')).toBeTruthy();
    expect(isDisabled(submitButton())).toBe(true);
  });

  it('says at the proof field that a proof used by another order cannot be used again (409), and takes a new one', async () => {
    let orders = 0;
    const { fetchMock } = stubOrderGateway({
      show: xela,
      tickets: [luneta],
      order: () =>
        (orders += 1) === 1
          ? jsonResponse(409, {
              error: 'PROOF_ALREADY_USED',
              message:
                'Este comprobante ya fue usado en otra orden. Sube el comprobante de esta compra.',
            })
          : jsonResponse(200, buildPlacedOrder()),
    });
    await openForm();
    await chooseTickets(1);
    await uploadProof();
    fillBuyer();
    fireEvent.click(submitButton());

    const used = 'Este comprobante ya fue usado en otra orden. Sube el comprobante de esta compra.';
    const alert = await within(proofSection()).findByRole('alert');
    expect(alert.textContent).toBe(used);
    // Said once, at the field: the alert beside the button points there.
    expect(screen.getAllByText(used)).toHaveLength(1);
    expect(
      screen.getByText('No fue posible realizar la compra. Revisa tu comprobante de pago.'),
    ).toBeTruthy();
    const input = screen.getByLabelText('Foto de tu comprobante');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Para registrar tu pago falta: subir tu comprobante.')).toBeTruthy();
    expect(isDisabled(submitButton())).toBe(true);

    // Another file clears the refusal and the order goes through.
    FakeUpload.sent.length = 0;
    await uploadProof();
    expect(within(proofSection()).queryByText(used)).toBeNull();
    fireEvent.click(submitButton());
    expect(await screen.findByRole('heading', { name: 'Registramos tu pago' })).toBeTruthy();
    expect(orderCalls(fetchMock)).toHaveLength(2);
  });

  it("sends a función's quick-buy link to its parent's", async () => {
    const date = showWith(
      { _id: 'xela-1', fullname: 'Raíces de Xela · Función 1', parent_show_uid: 'xela' },
      { is_show_date: true },
    );
    stubOrderGateway({ show: date, tickets: [] });
    const router = renderAt('/shows/xela-1/quicklink');
    await waitFor(() => expect(router.state.location.pathname).toBe('/shows/xela/quicklink'));
  });

  it('places a deposit from the show page too, where it replaces the order summary', async () => {
    const { fetchMock } = stubOrderGateway({ show: xela, tickets: [luneta] });
    renderAt('/shows/xela');
    const buy = await screen.findByRole('region', { name: 'Comprar' });
    await chooseTickets(1);
    await uploadProof();
    fillBuyer();
    fireEvent.click(within(buy).getByRole('button', { name: 'Registrar Pago' }));
    expect(await screen.findByRole('heading', { name: 'Registramos tu pago' })).toBeTruthy();
    expect(orderCalls(fetchMock)[0]?.body.payment_info.total).toBe(150);
  });
});
