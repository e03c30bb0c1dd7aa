import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminMapState, AdminMapWriteInput, VenueMap } from '@taquilla/contract';
import {
  buildAdminShow,
  buildAdminTicket,
  organiserSession,
} from '../../test/admin-tickets-factory';
import { buildMap, buildSection } from '../../test/catalogue-factory';
import { callsOf, error, renderRoute, stubGateway } from '../../test/session-factory';
import type { Handler } from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';

const show = buildAdminShow();
const PATH = `/admin/shows/${show._id}/map`;
const platea = buildAdminTicket({ fullname: 'Platea', price: 450 });
const general = buildAdminTicket({ fullname: 'General', price: 150, capacity: 300 });

/** Galería: rows from U every second label, seats from 5 every second number. */
const galeria = buildSection({
  _id: 'galeria',
  name: 'Galería',
  map_rows: 2,
  map_columns: 3,
  row_start: 20,
  row_step: 2,
  col_start: 5,
  col_step: 2,
  door: 'Norte',
  section_grid_row: 0,
  section_grid_col: 1,
  show_tickets: [platea._id],
});
const storedMap: VenueMap = buildMap({
  name: 'Gran Sala',
  section_grid_rows: 2,
  section_grid_cols: 2,
  sections: [galeria],
});

function gateway(state: AdminMapState, extra: Record<string, Handler> = {}) {
  return stubGateway({
    'GET /auth/session': () => jsonResponse(200, organiserSession()),
    'GET /admin/shows/:id': () => jsonResponse(200, show),
    'GET /admin/shows/:id/map': () => jsonResponse(200, state),
    'GET /admin/shows/:id/tickets': () => jsonResponse(200, { items: [platea, general] }),
    ...extra,
  });
}

/** Inputs are switched off by the fieldset around them, as a browser does. */
const isDisabled = (input: HTMLElement) =>
  (input as HTMLInputElement).disabled || input.closest('fieldset')?.disabled === true;

const grid = () => screen.findByRole('group', { name: 'Cuadrícula de secciones del mapa' });
const preview = () => screen.getByRole('region', { name: 'Vista previa' });

describe('console seat map editor', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('places the stored sections on the grid and previews their seats as the server numbers them', async () => {
    gateway({ map: storedMap, locked: false });
    renderRoute(PATH);

    const cells = within(await grid()).getAllByRole('button');
    expect(cells).toHaveLength(4);
    expect(cells[1]?.getAttribute('aria-label')).toBe('Galería, Butacas, fila 1, columna 2');
    expect(cells[0]?.getAttribute('aria-label')).toBe('Fila 1, columna 1: vacía, agregar sección');
    expect((screen.getByLabelText('Primera fila (índice)') as HTMLInputElement).value).toBe('20');
    expect(screen.getByText('La primera fila se llama U (0 = A; la W se omite).')).toBeTruthy();
    expect(screen.getByText('Asientos de U5 a X9.')).toBeTruthy();

    const tile = within(preview()).getByRole('button', {
      name: /^Galería, Q [\d.,]+, 6 disponibles$/,
    });
    expect(tile.textContent).toContain('Q 450.00');
    fireEvent.click(tile);
    const seats = within(preview()).getByRole('group', { name: 'Asientos de Galería' });
    expect(
      within(seats)
        .getAllByRole('button')
        .map((seat) => seat.getAttribute('aria-label')),
    ).toEqual([
      '5, Asiento U5, disponible',
      '7, Asiento U7, disponible',
      '9, Asiento U9, disponible',
      '5, Asiento X5, disponible',
      '7, Asiento X7, disponible',
      '9, Asiento X9, disponible',
    ]);
    expect(within(preview()).getByText('Ingreso por Norte')).toBeTruthy();

    // The preview follows the draft.
    fireEvent.change(screen.getByLabelText('Paso entre asientos'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Primera fila (índice)'), { target: { value: '0' } });
    expect(within(seats).getAllByRole('button')[2]?.getAttribute('aria-label')).toBe(
      '7, Asiento A7, disponible',
    );
  });

  it('adds a section in an empty cell and saves the whole map', async () => {
    let saved: AdminMapWriteInput | null = null;
    const fetchMock = gateway(
      { map: storedMap, locked: false },
      {
        'PUT /admin/shows/:id/map': ({ body }) => {
          saved = body as AdminMapWriteInput;
          const open = buildSection({
            _id: 'general-guardada',
            name: 'Pista',
            type: 'OPEN',
            capacity: 120,
            section_grid_row: 1,
            section_grid_col: 0,
          });
          return jsonResponse(200, {
            ...storedMap,
            sections: [
              { ...galeria, seats: [] },
              { ...open, seats: [] },
            ],
          });
        },
      },
    );
    renderRoute(PATH);

    fireEvent.click(
      within(await grid()).getByRole('button', {
        name: 'Fila 2, columna 1: vacía, agregar sección',
      }),
    );
    const form = screen.getByRole('region', { name: 'Sección Sección 2' });
    fireEvent.change(within(form).getByLabelText('Nombre de la sección'), {
      target: { value: 'Pista' },
    });
    fireEvent.change(within(form).getByLabelText('Tipo'), { target: { value: 'OPEN' } });
    fireEvent.change(within(form).getByLabelText('Capacidad'), { target: { value: '120' } });
    fireEvent.change(within(form).getByLabelText('Boleto que vende'), {
      target: { value: general._id },
    });
    expect(
      within(preview()).getByRole('button', { name: /^Pista, Q [\d.,]+, 120 disponibles$/ }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar mapa' }));

    expect(await screen.findByText('Se guardó el mapa y se generaron sus asientos.')).toBeTruthy();
    expect(callsOf(fetchMock).filter(({ call }) => call === `PUT ${PATH}`)).toHaveLength(1);
    expect(saved).toEqual({
      name: 'Gran Sala',
      map_image: null,
      section_grid_rows: 2,
      section_grid_cols: 2,
      sections: [
        {
          name: 'Galería',
          type: 'SEATS',
          show_numbering: true,
          map_rows: 2,
          map_columns: 3,
          row_start: 20,
          row_step: 2,
          col_start: 5,
          col_step: 2,
          door: 'Norte',
          seated: true,
          section_grid_row: 0,
          section_grid_col: 1,
          ticket_uid: platea._id,
        },
        {
          name: 'Pista',
          type: 'OPEN',
          show_numbering: false,
          row_start: 0,
          row_step: 1,
          col_start: 1,
          col_step: 1,
          door: 'Unica',
          seated: false,
          section_grid_row: 1,
          section_grid_col: 0,
          ticket_uid: general._id,
          capacity: 120,
        },
      ],
    });
  });

  it('names the wrong field before calling the server', async () => {
    const fetchMock = gateway({ map: storedMap, locked: false });
    renderRoute(PATH);

    const rows = await screen.findByLabelText('Filas');
    fireEvent.change(rows, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar mapa' }));

    expect(
      await screen.findByText(/Revisa los campos marcados\. Con errores: Galería\./),
    ).toBeTruthy();
    expect(rows.getAttribute('aria-invalid')).toBe('true');
    expect(callsOf(fetchMock).some(({ call }) => call === `PUT ${PATH}`)).toBe(false);
  });

  it('turns read-only with the reason when the server refuses with MAP_LOCKED', async () => {
    gateway(
      { map: storedMap, locked: false },
      {
        'PUT /admin/shows/:id/map': () =>
          error(
            409,
            'MAP_LOCKED',
            'No se puede cambiar el mapa mientras haya butacas reservadas o vendidas',
          ),
      },
    );
    renderRoute(PATH);

    fireEvent.click(await screen.findByRole('button', { name: 'Guardar mapa' }));

    const refusal = await screen.findByText(/No se guardó: hay lugares retenidos o vendidos/);
    expect(refusal.closest('[role="alert"]')).toBeTruthy();
    expect(
      screen.getByText(/Este mapa no se puede cambiar: hay lugares retenidos o vendidos/),
    ).toBeTruthy();
    expect(isDisabled(screen.getByLabelText('Filas'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Guardar mapa' })).toBeNull();
  });

  it('opens read-only when places are already held or sold, and still previews', async () => {
    gateway({ map: storedMap, locked: true });
    renderRoute(PATH);

    expect(
      await screen.findByText(/Este mapa no se puede cambiar: hay lugares retenidos o vendidos/),
    ).toBeTruthy();
    expect(isDisabled(screen.getByLabelText('Nombre del mapa'))).toBe(true);
    expect(isDisabled(screen.getByLabelText('Filas'))).toBe(true);
    const empty = within(await grid()).getByRole('button', { name: 'Fila 1, columna 1: vacía' });
    expect((empty as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Guardar mapa' })).toBeNull();
    expect(
      within(preview()).getByRole('button', { name: /^Galería, Q [\d.,]+, 6 disponibles$/ }),
    ).toBeTruthy();
  });

  it('starts an empty map for a show without one', async () => {
    gateway({ map: null, locked: false });
    renderRoute(PATH);

    expect(
      await screen.findByText('Este evento todavía no tiene mapa. Guardar crea el primero.'),
    ).toBeTruthy();
    await waitFor(async () => expect(within(await grid()).getAllByRole('button')).toHaveLength(9));
    expect((screen.getByLabelText('Nombre del mapa') as HTMLInputElement).value).toBe(
      'Mapa del lugar',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Guardar mapa' }));
    expect(
      await screen.findByText('Revisa los campos marcados. Un mapa necesita al menos una sección.'),
    ).toBeTruthy();
  });
});
