import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOf, error, renderRoute } from '../../test/session-factory';
import {
  CODE_ID,
  PRODUCER_ID,
  SHOW_B,
  jsonResponse,
  promoCode,
  promoGateway,
} from './admin-promo.fixtures';

const writes = (fetchMock: ReturnType<typeof promoGateway>) =>
  callsOf(fetchMock).filter((c) => c.call.startsWith('POST') || c.call.startsWith('PATCH'));

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** The error shown under a field (its aria-describedby), or null. */
function errorOf(label: string): string | null {
  const ids = (field(label).getAttribute('aria-describedby') ?? '').split(' ');
  const shown = ids
    .map((id) => document.getElementById(id))
    .find((el) => el?.className === 'field__error');
  return shown?.textContent ?? null;
}

describe('console: the promo code editor (/admin/promo-codes/new, /:id)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('creates a code for the chosen shows and window, in Guatemala time', async () => {
    const fetchMock = promoGateway({
      'POST /admin/promo-codes': () => jsonResponse(201, promoCode({ code: 'MARIMBA' })),
      'GET /admin/promo-codes/:id': () => jsonResponse(200, promoCode({ code: 'MARIMBA' })),
    });
    const router = renderRoute('/admin/promo-codes/new');

    await screen.findByRole('heading', { level: 1, name: 'Nuevo código promocional' });
    fireEvent.change(field('Código'), { target: { value: 'marimba' } });
    fireEvent.change(field('Tipo de descuento'), { target: { value: 'FIXED' } });
    fireEvent.change(field('Monto de descuento en quetzales'), { target: { value: '25.50' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Teatro de Títeres' }));
    fireEvent.change(field('Válido desde'), { target: { value: '2027-03-01T00:00' } });
    fireEvent.change(field('Límite de usos'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear código' }));

    expect(await screen.findByText('Código MARIMBA creado')).toBeTruthy();
    expect(writes(fetchMock)).toEqual([
      expect.objectContaining({
        call: 'POST /admin/promo-codes',
        body: {
          code: 'marimba',
          discount_type: 'FIXED',
          discount_value: 25.5,
          show_uids: [SHOW_B],
          valid_since: '2027-03-01T06:00:00.000Z',
          valid_thru: null,
          usage_limit: 100,
          active: true,
        },
      }),
    ]);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/admin/promo-codes/${CODE_ID}`),
    );
  });

  it('shows a duplicate code (409) at the code field', async () => {
    promoGateway({
      'POST /admin/promo-codes': () =>
        error(409, 'PROMO_CODE_TAKEN', 'Ya existe un código promocional con ese código'),
    });
    renderRoute('/admin/promo-codes/new');

    await screen.findByRole('heading', { level: 1, name: 'Nuevo código promocional' });
    fireEvent.change(field('Código'), { target: { value: 'VERANO10' } });
    fireEvent.change(field('Porcentaje de descuento'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear código' }));

    await waitFor(() =>
      expect(errorOf('Código')).toBe('Ya existe un código promocional con ese código'),
    );
    expect(field('Código').getAttribute('aria-invalid')).toBe('true');
  });

  it('judges the form with the contract first and shows the server’s 422 by field', async () => {
    const fetchMock = promoGateway({
      'POST /admin/promo-codes': () =>
        error(422, 'VALIDATION_ERROR', 'Revisa los datos', [
          { field: 'show_uids.0', message: 'No es un evento de la productora del código' },
        ]),
    });
    renderRoute('/admin/promo-codes/new');

    await screen.findByRole('heading', { level: 1, name: 'Nuevo código promocional' });
    fireEvent.change(field('Código'), { target: { value: 'MITAD' } });
    fireEvent.change(field('Porcentaje de descuento'), { target: { value: '150' } });
    fireEvent.change(field('Válido desde'), { target: { value: '2027-03-10T00:00' } });
    fireEvent.change(field('Válido hasta'), { target: { value: '2027-03-01T00:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear código' }));

    await waitFor(() =>
      expect(errorOf('Porcentaje de descuento')).toBe(
        'Un porcentaje es un número entero de 1 a 100',
      ),
    );
    expect(errorOf('Válido hasta')).toBe('El fin de la vigencia debe ser posterior a su inicio');
    expect(writes(fetchMock)).toEqual([]);

    fireEvent.change(field('Porcentaje de descuento'), { target: { value: '50' } });
    fireEvent.change(field('Válido hasta'), { target: { value: '' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Concierto de Marimba' }));
    fireEvent.click(screen.getByRole('button', { name: 'Crear código' }));

    const shows = screen.getByRole('group', { name: 'Eventos donde aplica' });
    expect(
      await within(shows).findByText('No es un evento de la productora del código'),
    ).toBeTruthy();
    expect(writes(fetchMock)).toHaveLength(1);
  });

  it('asks an admin for the producer and lists that producer’s shows', async () => {
    const fetchMock = promoGateway(
      {
        'GET /admin/producers': () =>
          jsonResponse(200, {
            items: [
              {
                _id: PRODUCER_ID,
                name: 'Producciones Quetzal',
                slug: 'quetzal',
                email: null,
                phone: null,
                created: '2027-01-01T00:00:00.000Z',
                users: 1,
                shows: 2,
              },
            ],
          }),
      },
      'Admin',
    );
    renderRoute('/admin/promo-codes/new');

    const producer = (await screen.findByLabelText('Productora')) as HTMLSelectElement;
    fireEvent.change(field('Código'), { target: { value: 'ADMIN5' } });
    fireEvent.change(field('Porcentaje de descuento'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear código' }));
    await waitFor(() => expect(errorOf('Productora')).toBe('Elige la productora'));
    expect(writes(fetchMock)).toEqual([]);

    await screen.findByRole('option', { name: 'Producciones Quetzal' });
    fireEvent.change(producer, { target: { value: PRODUCER_ID } });
    await screen.findByRole('checkbox', { name: 'Concierto de Marimba' });
    const showCalls = callsOf(fetchMock).filter((c) => c.call === 'GET /admin/shows');
    expect(showCalls.at(-1)!.url.searchParams.get('producer')).toBe(PRODUCER_ID);
  });

  it('deactivates a code only after a confirmation', async () => {
    const fetchMock = promoGateway({
      'GET /admin/promo-codes/:id': () =>
        jsonResponse(200, promoCode({ usage_limit: 50, used_count: 12, uses_left: 38 })),
      'PATCH /admin/promo-codes/:id': () => jsonResponse(200, promoCode({ active: false })),
    });
    renderRoute(`/admin/promo-codes/${CODE_ID}`);

    await screen.findByRole('heading', { level: 1, name: 'Código VERANO10' });
    expect(screen.getByText(/Usado 12 veces · quedan 38/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Desactivar código' }));
    const dialog = await screen.findByRole('dialog');
    expect(writes(fetchMock)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desactivar código' }));

    expect(await screen.findByText('Código VERANO10 desactivado')).toBeTruthy();
    expect(writes(fetchMock)).toEqual([
      expect.objectContaining({
        call: `PATCH /admin/promo-codes/${CODE_ID}`,
        body: { active: false },
      }),
    ]);
    expect(await screen.findByRole('button', { name: 'Activar código' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: /^Activo/ }) as HTMLInputElement).checked).toBe(
      false,
    );
  });
});
