import { fireEvent, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Section, Show } from '@taquilla/contract';
import { routes } from '../../../routes';
import {
  buildMap,
  buildSeat,
  buildSection,
  buildTicket,
  stubApi,
} from '../../../test/catalogue-factory';
import type { ApiRequest } from '../../../test/catalogue-factory';
import { buildShow, jsonResponse } from '../../../test/show-factory';
import { SeatGrid } from './seat-grid';
import { SectionSeats } from './section-seats';
import { initialSelection } from '../purchase/selection';

const platea = buildTicket({ fullname: 'Platea', price: 450, fee: 15 });
const general = buildTicket({ fullname: 'General de pie', price: 150 });
const plateaSection = buildSection({
  name: 'Platea',
  map_rows: 2,
  map_columns: 3,
  section_grid_row: 1,
  section_grid_col: 0,
  show_tickets: [platea._id],
  available: 4,
});
const openSection = buildSection({
  name: 'General',
  type: 'OPEN',
  show_numbering: false,
  seated: false,
  section_grid_row: 1,
  section_grid_col: 1,
  show_tickets: [general._id],
  available: 400,
  capacity: 400,
});
const fewSection = buildSection({
  name: 'Terraza',
  type: 'OPEN',
  show_numbering: false,
  section_grid_row: 0,
  section_grid_col: 1,
  show_tickets: [general._id],
  available: 3,
  capacity: 50,
});
const map = buildMap({
  name: 'Gran Sala',
  section_grid_rows: 2,
  section_grid_cols: 2,
  sections: [plateaSection, openSection, fewSection],
});
const plateaSeats = [
  buildSeat(plateaSection, 0, 1),
  buildSeat(plateaSection, 0, 2, 'unavailable'),
  buildSeat(plateaSection, 0, 3),
  buildSeat(plateaSection, 1, 1),
  buildSeat(plateaSection, 1, 2),
  buildSeat(plateaSection, 1, 3, 'unavailable'),
];

function mapShow(): Show {
  const base = buildShow({ _id: 'gala', fullname: 'Noche de Gala' });
  return { ...base, settings: { ...base.settings, has_map: true } };
}

function stubMapApi() {
  const show = mapShow();
  const requests: ApiRequest[] = [];
  stubApi((request) => {
    requests.push(request);
    const { url, method } = request;
    if (url.pathname === '/shows/gala') return jsonResponse(200, show);
    if (url.pathname === '/shows/gala/tickets')
      return jsonResponse(200, { items: [platea, general] });
    if (url.pathname === '/shows/gala/map') return jsonResponse(200, map);
    if (url.pathname === '/shows/gala/map/seats' && method === 'POST') {
      return jsonResponse(200, plateaSeats);
    }
    return jsonResponse(404, { error: 'NOT_FOUND', message: 'No existe' });
  });
  return { show, requests };
}

async function openMap() {
  const router = createMemoryRouter(routes, { initialEntries: ['/shows/gala'] });
  render(<RouterProvider router={router} />);
  return screen.findByRole('group', { name: 'Gran Sala' });
}

function summary() {
  return screen.getByRole('complementary', { name: 'Resumen de tu orden' });
}

describe('seat map', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('places the sections on the map grid and loads a section seats when it is opened', async () => {
    const { requests } = stubMapApi();

    const venue = await openMap();

    const plateaTile = within(venue).getByRole('button', { name: 'Platea, 4 disponibles' });
    expect(plateaTile.style.gridRow).toBe('2');
    expect(plateaTile.style.gridColumn).toBe('1');
    expect(plateaTile.textContent).toContain('Q 450.00');

    fireEvent.click(plateaTile);

    expect(plateaTile.getAttribute('aria-pressed')).toBe('true');
    const seats = await screen.findByRole('group', { name: 'Asientos de Platea' });
    expect(within(seats).getAllByRole('button')).toHaveLength(6);
    const seatRequest = requests.find((request) => request.method === 'POST');
    expect(seatRequest?.url.pathname).toBe('/shows/gala/map/seats');
    expect(seatRequest?.body).toEqual({
      location: map._id,
      section: plateaSection._id,
      cart: null,
    });
  });

  it('marks an available seat as chosen, lists it in the summary and frees it on a second click', async () => {
    stubMapApi();
    fireEvent.click(within(await openMap()).getByRole('button', { name: /^Platea/ }));
    const seats = await screen.findByRole('group', { name: 'Asientos de Platea' });

    const seat = within(seats).getByRole('button', { name: 'Asiento A1, disponible' });
    expect(seat.style.gridRow).toBe('1');
    // Column 1 holds the row labels.
    expect(seat.style.gridColumn).toBe('2');
    fireEvent.click(seat);

    expect(seat.getAttribute('aria-pressed')).toBe('true');
    expect(seat.className).toContain('seat--reserved');
    expect(seat.getAttribute('aria-label')).toBe('Asiento A1, seleccionado');
    expect(within(summary()).getByText('Platea · Asiento A1')).toBeTruthy();
    expect(within(summary()).getByText('Total').nextElementSibling?.textContent).toBe('Q 465.00');
    expect(screen.getByRole('button', { name: /^Platea/ }).textContent).toContain('1 elegido');

    fireEvent.click(seat);

    expect(seat.getAttribute('aria-pressed')).toBe('false');
    expect(seat.getAttribute('aria-label')).toBe('Asiento A1, disponible');
    expect(within(summary()).queryByText('Platea · Asiento A1')).toBeNull();
  });

  it('ignores clicks on seats that are taken', async () => {
    stubMapApi();
    fireEvent.click(within(await openMap()).getByRole('button', { name: /^Platea/ }));
    const seats = await screen.findByRole('group', { name: 'Asientos de Platea' });

    const taken = within(seats).getByRole('button', { name: 'Asiento A2, no disponible' });
    expect(taken.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(taken);

    expect(taken.getAttribute('aria-pressed')).toBe('false');
    expect(within(summary()).getByText('Aún no has elegido boletos.')).toBeTruthy();
  });

  it('describes a seat in a 200 px tooltip on focus and moves between seats with the arrows', async () => {
    stubMapApi();
    fireEvent.click(within(await openMap()).getByRole('button', { name: /^Platea/ }));
    const seats = await screen.findByRole('group', { name: 'Asientos de Platea' });
    const first = within(seats).getByRole('button', { name: 'Asiento A1, disponible' });
    // One tab stop for the whole section.
    expect(
      within(seats)
        .getAllByRole('button')
        .filter((seat) => seat.tabIndex === 0),
    ).toEqual([first]);

    fireEvent.focus(first);

    const tooltip = screen.getByRole('tooltip');
    expect(first.getAttribute('aria-describedby')).toBe(tooltip.id);
    expect(tooltip.style.width).toBe('200px');
    const facts = within(tooltip)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(facts).toEqual(['Platea', 'A', '1', 'Q 450.00']);

    fireEvent.keyDown(first, { key: 'ArrowDown' });
    const below = within(seats).getByRole('button', { name: 'Asiento B1, disponible' });
    expect(document.activeElement).toBe(below);
    fireEvent.keyDown(below, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Asiento B2, disponible');
  });

  it('sells an open section by quantity, at most 10 and never more than are left', async () => {
    stubMapApi();
    const venue = await openMap();

    fireEvent.click(within(venue).getByRole('button', { name: 'General, 400 disponibles' }));
    const quantity = screen.getByRole('combobox', { name: 'Cantidad de lugares en General' });
    expect(within(quantity).getAllByRole('option').at(-1)?.textContent).toBe('10');
    fireEvent.change(quantity, { target: { value: '3' } });
    expect(within(summary()).getByText('× 3')).toBeTruthy();
    expect(within(summary()).getByText('Total').nextElementSibling?.textContent).toBe('Q 450.00');

    fireEvent.click(within(venue).getByRole('button', { name: 'Terraza, 3 disponibles' }));
    const few = screen.getByRole('combobox', { name: 'Cantidad de lugares en Terraza' });
    expect(
      within(few)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['0', '1', '2', '3']);
  });
});

describe('seat states', () => {
  it('ignores clicks while a seat is waiting', () => {
    const section = buildSection({ name: 'Balcón', map_rows: 1, map_columns: 2 });
    const seats = [buildSeat(section, 0, 1), buildSeat(section, 0, 2)];
    const onToggle = vi.fn();

    render(
      <SeatGrid
        section={section}
        seats={seats}
        chosen={new Set()}
        pending={new Set([seats[0]!._id])}
        priceOf={() => 'Q 300.00'}
        onToggle={onToggle}
      />,
    );

    const waiting = screen.getByRole('button', { name: 'Asiento A1, procesando' });
    expect(waiting.className).toContain('seat--waiting');
    fireEvent.click(waiting);
    expect(onToggle).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Asiento A2, disponible' }));
    expect(onToggle).toHaveBeenCalledWith(seats[1]);
  });

  it('says so for a section type it cannot draw', () => {
    const section = { ...buildSection(), type: 'STAGE' } as unknown as Section;

    render(
      <SectionSeats
        saleShowId="gala"
        map={buildMap({ sections: [section] })}
        section={section}
        ticketFor={() => null}
        priceOf={() => ''}
        selection={initialSelection('CARD')}
        dispatch={() => undefined}
      />,
    );

    expect(screen.getByText('Tipo de sección no soportado')).toBeTruthy();
  });
});
