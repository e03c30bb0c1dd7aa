import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@taquilla/contract/plain';
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
import { createCartStub } from '../../../test/cart-stub';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { buildShow, jsonResponse } from '../../../test/show-factory';
import { SeatGrid } from '../../../components/seat-map/seat-grid';
import { SectionSeats } from './section-seats';

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

/** A ticket of another organiser's show, already in the cart of some tests. */
const otherOrganiser = {
  ticket: buildTicket({ fullname: 'Títeres VIP', price: 500 }),
  show_uid: 'titeres',
};

function stubMapApi({
  taken = [] as string[],
  holdsOtherOrganiser = false,
}: { taken?: string[]; holdsOtherOrganiser?: boolean } = {}) {
  const show = mapShow();
  const requests: ApiRequest[] = [];
  const cart = createCartStub({
    tickets: [platea, general],
    seats: plateaSeats.map((seat) => ({ seat, section: 'Platea' })),
    taken,
    ...(holdsOtherOrganiser ? { otherOrganiser } : {}),
  });
  stubApi((request) => {
    requests.push(request);
    const { url, method } = request;
    const cartAnswer = cart.answer(request);
    if (cartAnswer) return cartAnswer;
    if (url.pathname === '/shows/gala') return jsonResponse(200, show);
    if (url.pathname === '/shows/gala/tickets')
      return jsonResponse(200, { items: [platea, general] });
    if (url.pathname === '/shows/gala/map') return jsonResponse(200, map);
    if (url.pathname === '/shows/gala/map/seats' && method === 'POST') {
      return jsonResponse(200, plateaSeats);
    }
    return jsonResponse(404, { error: 'NOT_FOUND', message: 'No existe' });
  });
  return { show, requests, cart };
}

async function openMap() {
  const router = createMemoryRouter(routes, { initialEntries: ['/shows/gala'] });
  render(<RouterProvider router={router} />);
  return screen.findByRole('group', { name: 'Gran Sala' });
}

async function openPlatea() {
  fireEvent.click(within(await openMap()).getByRole('button', { name: /^Platea/ }));
  return screen.findByRole('group', { name: 'Asientos de Platea' });
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

    const plateaTile = within(venue).getByRole('button', {
      name: /^Platea, Q [\d.,]+, 4 disponibles$/,
    });
    expect(plateaTile.style.gridRow).toBe('2');
    expect(plateaTile.style.gridColumn).toBe('1');
    expect(plateaTile.textContent).toContain('Q 450.00');

    fireEvent.click(plateaTile);

    expect(plateaTile.getAttribute('aria-pressed')).toBe('true');
    const seats = await screen.findByRole('group', { name: 'Asientos de Platea' });
    expect(within(seats).getAllByRole('button')).toHaveLength(6);
    const seatRequest = requests.find((request) => request.method === 'POST');
    expect(seatRequest?.url.pathname).toBe('/shows/gala/map/seats');
    // A browser without a cart asks as nobody's.
    expect(seatRequest?.body).toEqual({
      location: map._id,
      section: plateaSection._id,
      cart: null,
    });
  });

  it('holds a seat in the cart on the first click, lists it, and releases it on the second', async () => {
    const { requests } = stubMapApi();
    const seats = await openPlatea();

    const seat = within(seats).getByRole('button', { name: '1, Asiento A1, disponible' });
    expect(seat.style.gridRow).toBe('1');
    // Column 1 holds the row labels.
    expect(seat.style.gridColumn).toBe('2');
    fireEvent.click(seat);

    // Reserved at once, before the server answers.
    expect(seat.getAttribute('aria-pressed')).toBe('true');
    expect(seat.className).toContain('seat--reserved');
    expect(await screen.findByText('El asiento A1 fue agregado a tu carrito')).toBeTruthy();
    const hold = requests.find((request) => request.url.pathname.endsWith('/items'));
    const sessionID = /^\/cart\/([^/]+)\/items$/.exec(hold?.url.pathname ?? '')?.[1] ?? '';
    expect(sessionID).toMatch(/^[0-9a-f-]{36}$/);
    expect(document.cookie).toContain(`sessionID=${sessionID}`);
    expect(hold?.body).toEqual({
      currency: 'GTQ',
      payment_type: 'CREDIT_CARD',
      payment_provider: null,
      items: [
        {
          type: 'TICKET',
          ticket_uid: platea._id,
          show_uid: 'gala',
          quantity: 1,
          seat: plateaSeats[0]!._id,
        },
      ],
    });
    expect(within(summary()).getByText('Platea · Asiento A1')).toBeTruthy();
    expect(within(summary()).getByText('Q 450.00', { selector: '.summary__amount' })).toBeTruthy();
    expect(within(summary()).getByText('Cargos por servicio').nextElementSibling?.textContent).toBe(
      'Q 15.00',
    );
    expect(within(summary()).getByText('Total').nextElementSibling?.textContent).toBe('Q 465.00');
    expect(within(summary()).getByRole('link', { name: 'Ir al carrito' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Platea/ }).textContent).toContain('1 elegido');
    expect(screen.getByRole('link', { name: /^Carrito:/ }).textContent).toContain(
      '1 boleto en el carrito',
    );

    fireEvent.click(seat);

    expect(seat.getAttribute('aria-pressed')).toBe('false');
    expect(await screen.findByText('El asiento A1 fue removido de tu carrito')).toBeTruthy();
    const release = requests.find(
      (request) =>
        request.url.pathname.startsWith('/cart/') && request.url.pathname.endsWith('/seats'),
    );
    expect(release?.method).toBe('DELETE');
    expect(release?.body).toEqual({ seats: [plateaSeats[0]!._id] });
    expect(seat.getAttribute('aria-label')).toBe('1, Asiento A1, disponible');
    expect(within(summary()).queryByText('Platea · Asiento A1')).toBeNull();
  });

  it('puts a seat back with a message when someone else held it first', async () => {
    stubMapApi({ taken: [plateaSeats[2]!._id] });
    const seats = await openPlatea();

    const seat = within(seats).getByRole('button', { name: '3, Asiento A3, disponible' });
    fireEvent.click(seat);
    expect(seat.getAttribute('aria-pressed')).toBe('true');

    const alert = await screen.findByText(/^No fue posible agregar el boleto al carrito/);
    expect(alert.textContent).toContain('El asiento ya no está disponible');
    expect(seat.getAttribute('aria-label')).toBe('3, Asiento A3, disponible');
    expect(within(summary()).getByText('Aún no has elegido boletos.')).toBeTruthy();
  });

  it('says why, and offers the cart, when the cart holds another organiser’s tickets', async () => {
    // A browser whose cart already holds another organiser's ticket.
    document.cookie = 'sessionID=5b1f0c9e-2d7a-4c1b-9e3f-7a6d5c4b3a21; Path=/';
    stubMapApi({ holdsOtherOrganiser: true });
    const seats = await openPlatea();

    const seat = within(seats).getByRole('button', { name: '1, Asiento A1, disponible' });
    fireEvent.click(seat);

    // The server's words (decision 0062), not "No fue posible agregar…".
    const message = await screen.findByText(ERRORS.CART_OTHER_PRODUCER.message);
    const alert = screen.getByRole('alert');
    expect(alert.contains(message)).toBe(true);
    expect(alert.textContent).not.toContain('No fue posible');
    await waitFor(() => expect(seat.getAttribute('aria-label')).toBe('1, Asiento A1, disponible'));

    // An open section's "Agregar" says the same.
    fireEvent.click(screen.getByRole('button', { name: /^General, Q [\d.,]+, 400 disponibles$/ }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Cantidad de lugares en General' }), {
      target: { value: '2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar' }));
    await waitFor(() =>
      expect(within(alert).getAllByText(ERRORS.CART_OTHER_PRODUCER.message)).toHaveLength(1),
    );

    fireEvent.click(within(alert).getByRole('link', { name: 'Ir al carrito' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Carrito de Compras' }),
    ).toBeTruthy();
    const lines = await screen.findByRole('list', { name: 'Boletos en tu carrito' });
    expect(within(lines).getAllByRole('listitem')).toHaveLength(1);
    expect(lines.textContent).toContain('Títeres VIP');
    expect(
      within(screen.getByRole('alert')).queryByText(ERRORS.CART_OTHER_PRODUCER.message),
    ).toBeNull();
    document.cookie = 'sessionID=; Path=/; Max-Age=0';
  });

  it('ignores clicks on seats that are taken', async () => {
    const { requests } = stubMapApi();
    const seats = await openPlatea();

    const taken = within(seats).getByRole('button', { name: '2, Asiento A2, no disponible' });
    expect(taken.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(taken);

    expect(taken.getAttribute('aria-pressed')).toBe('false');
    expect(requests.some((request) => request.url.pathname.startsWith('/cart/'))).toBe(false);
    expect(within(summary()).getByText('Aún no has elegido boletos.')).toBeTruthy();
  });

  it('draws seats taken and freed elsewhere as the realtime channel announces them', async () => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
    stubMapApi();
    const seats = await openPlatea();
    const socket = FakeWebSocket.latest();
    await waitFor(() => expect(socket.channels()).toEqual(['show-seats/gala']));

    const change = (seatIndex: number, kind: 'held' | 'released' | 'sold') =>
      act(() =>
        socket.push('show-seats/gala', {
          event: 'seats',
          show_uid: 'gala',
          changes: [
            { seat_uid: plateaSeats[seatIndex]!._id, section_uid: plateaSection._id, change: kind },
          ],
        }),
      );

    change(0, 'held');
    expect(
      within(seats).getByRole('button', { name: '1, Asiento A1, no disponible' }),
    ).toBeTruthy();
    change(1, 'released');
    expect(within(seats).getByRole('button', { name: '2, Asiento A2, disponible' })).toBeTruthy();
    change(0, 'released');
    change(3, 'sold');
    expect(within(seats).getByRole('button', { name: '1, Asiento A1, disponible' })).toBeTruthy();
    expect(
      within(seats).getByRole('button', { name: '1, Asiento B1, no disponible' }),
    ).toBeTruthy();
  });

  it('reads the section again when the realtime connection comes back', async () => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = stubMapApi();
    await openPlatea();
    const first = FakeWebSocket.latest();
    await waitFor(() => expect(first.channels()).toEqual(['show-seats/gala']));
    const reads = () => requests.filter((request) => request.url.pathname.endsWith('/map/seats'));
    expect(reads()).toHaveLength(1);

    act(() => first.drop());
    await act(() => vi.advanceTimersByTimeAsync(1_100));

    const second = FakeWebSocket.latest();
    expect(second).not.toBe(first);
    await waitFor(() => expect(reads()).toHaveLength(2));
    expect(second.channels()).toEqual(['show-seats/gala']);
    vi.useRealTimers();
  });

  it('describes a seat in a 200 px tooltip on focus and moves between seats with the arrows', async () => {
    stubMapApi();
    const seats = await openPlatea();
    const first = within(seats).getByRole('button', { name: '1, Asiento A1, disponible' });
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
    expect(within(tooltip).getByText('+ Q 15.00 de cargo por servicio')).toBeTruthy();

    fireEvent.keyDown(first, { key: 'ArrowDown' });
    const below = within(seats).getByRole('button', { name: '1, Asiento B1, disponible' });
    expect(document.activeElement).toBe(below);
    fireEvent.keyDown(below, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('2, Asiento B2, disponible');
  });

  it('adds places of an open section, at most 10 and never more than are left', async () => {
    const { requests } = stubMapApi();
    const venue = await openMap();

    fireEvent.click(
      within(venue).getByRole('button', { name: /^General, Q [\d.,]+, 400 disponibles$/ }),
    );
    const quantity = screen.getByRole('combobox', { name: 'Cantidad de lugares en General' });
    expect(within(quantity).getAllByRole('option').at(-1)?.textContent).toBe('10');
    const add = screen.getByRole('button', { name: 'Agregar' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(quantity, { target: { value: '3' } });
    fireEvent.click(add);

    expect(
      await screen.findByText('3 tickets en sección General fueron agregados a tu carrito'),
    ).toBeTruthy();
    const hold = requests.find((request) => request.url.pathname.endsWith('/items'));
    expect((hold?.body as { items: unknown[] }).items).toEqual([
      { type: 'TICKET', ticket_uid: general._id, show_uid: 'gala', quantity: 3 },
    ]);
    expect(within(summary()).getByText('× 3')).toBeTruthy();
    expect(within(summary()).getByText('Total').nextElementSibling?.textContent).toBe('Q 450.00');

    fireEvent.click(
      within(venue).getByRole('button', { name: /^Terraza, Q [\d.,]+, 3 disponibles$/ }),
    );
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

    const waiting = screen.getByRole('button', { name: '1, Asiento A1, procesando' });
    expect(waiting.className).toContain('seat--waiting');
    fireEvent.click(waiting);
    expect(onToggle).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '2, Asiento A2, disponible' }));
    expect(onToggle).toHaveBeenCalledWith(seats[1]);
  });

  it('names each seat starting with the number it shows, so the label matches (WCAG 2.5.3)', () => {
    const section = buildSection({ name: 'Balcón', map_rows: 1, map_columns: 2 });
    const seats = [buildSeat(section, 0, 1), buildSeat(section, 0, 2, 'unavailable')];

    render(
      <SeatGrid
        section={section}
        seats={seats}
        chosen={new Set([seats[0]!._id])}
        priceOf={() => 'Q 300.00'}
        onToggle={vi.fn()}
      />,
    );

    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['1', '2']);
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      '1, Asiento A1, seleccionado',
      '2, Asiento A2, no disponible',
    ]);
  });

  it('says so for a section type it cannot draw', () => {
    const section = { ...buildSection(), type: 'STAGE' } as unknown as Section;

    render(
      <SectionSeats
        show={mapShow()}
        saleShowId="gala"
        map={buildMap({ sections: [section] })}
        section={section}
        ticketFor={() => null}
        priceOf={() => ''}
        feeOf={() => null}
      />,
    );

    expect(screen.getByText('Tipo de sección no soportado')).toBeTruthy();
  });
});
