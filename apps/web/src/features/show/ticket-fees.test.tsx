import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ticket } from '@taquilla/contract';
import { buildMap, buildSeat, buildSection, buildTicket } from '../../test/catalogue-factory';
import { createCartStub } from '../../test/cart-stub';
import { jsonResponse } from '../../test/show-factory';
import { openShow, showWith, stubCatalogue, summary } from '../../test/show-page-harness';

/*
 * Issue 20: the price a buyer sees first must be the price paid. A service fee that is
 * not included in the price is named wherever the page shows a price (the important
 * information's price list, the seat tooltip, an open section) and as its own line of the
 * order summary; an included fee is never added on top.
 */

const FEE_TEXT = 'de cargo por servicio';
const ALL_TYPES = 'CREDIT_CARD|REGISTRATION|BANK_DEPOSIT|ACCOUNT_BANK_DEPOSIT';

function platea(feeIncluded: boolean): Ticket {
  return buildTicket({ fullname: 'Platea', price: 450, fee: 15, fee_included: feeIncluded });
}

function general(feeIncluded: boolean): Ticket {
  return buildTicket({ fullname: 'General', price: 150, fee: 8, fee_included: feeIncluded });
}

/** The gala with a map of one numbered section (Platea) and one open section (General). */
function stubGala(feeIncluded: boolean) {
  const seated = platea(feeIncluded);
  const open = general(feeIncluded);
  const plateaSection = buildSection({
    name: 'Platea',
    map_rows: 1,
    map_columns: 2,
    show_tickets: [seated._id],
    available: 2,
  });
  const openSection = buildSection({
    name: 'General',
    type: 'OPEN',
    show_numbering: false,
    seated: false,
    section_grid_col: 1,
    show_tickets: [open._id],
    available: 100,
    capacity: 100,
  });
  const map = buildMap({ name: 'Gran Sala', sections: [plateaSection, openSection] });
  const seats = [buildSeat(plateaSection, 0, 1), buildSeat(plateaSection, 0, 2)];
  const show = showWith({ _id: 'gala', fullname: 'Noche de Gala' }, { has_map: true });
  const cart = createCartStub({
    tickets: [seated, open],
    seats: seats.map((seat) => ({ seat, section: 'Platea' })),
  });
  const catalogue = stubCatalogue({
    shows: [show],
    tickets: { gala: { [ALL_TYPES]: [seated, open], CREDIT_CARD: [seated, open] } },
    cart,
  });
  // The map calls, in front of the catalogue's answers.
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const { pathname } = new URL(input, 'http://localhost');
      if (pathname === '/shows/gala/map') return Promise.resolve(jsonResponse(200, map));
      if (pathname === '/shows/gala/map/seats') return Promise.resolve(jsonResponse(200, seats));
      return catalogue(input, init);
    }),
  );
  return show;
}

async function priceListEntry() {
  const important = screen.getByRole('region', { name: 'Información importante' });
  const name = await within(important).findByText('Platea');
  return name.closest('li')?.textContent ?? '';
}

async function openSeats() {
  const venue = await screen.findByRole('group', { name: 'Gran Sala' });
  fireEvent.click(within(venue).getByRole('button', { name: /^Platea,/ }));
  return screen.findByRole('group', { name: 'Asientos de Platea' });
}

/** The tooltip's price and, under it, what it says of the fee. */
function tooltipPrice(): string {
  const tooltip = screen.getByRole('tooltip');
  const price = within(tooltip).getByText('Precio').nextElementSibling?.textContent ?? '';
  const fee = tooltip.querySelector('.seat-tooltip__fee')?.textContent;
  return fee ? `${price} ${fee}` : price;
}

function summaryRows(): string[] {
  return within(summary())
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
}

describe('service fees on the show page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('names a fee that is not included beside the price in the price list and the seat tooltip', async () => {
    await openShow(stubGala(false));

    expect(await priceListEntry()).toBe('PlateaQ 450.00 + Q 15.00 de cargo por servicio');

    const seats = await openSeats();
    fireEvent.focus(within(seats).getAllByRole('button')[0]!);
    expect(tooltipPrice()).toBe('Q 450.00 + Q 15.00 de cargo por servicio');
  });

  it('shows only the price when the fee is included in it', async () => {
    await openShow(stubGala(true));

    expect(await priceListEntry()).toBe('PlateaQ 450.00');

    const seats = await openSeats();
    fireEvent.focus(within(seats).getAllByRole('button')[0]!);
    expect(tooltipPrice()).toBe('Q 450.00');
    expect(screen.queryByText(new RegExp(FEE_TEXT))).toBeNull();
  });

  it('names the fee of an open section beside its price', async () => {
    await openShow(stubGala(false));
    const venue = await screen.findByRole('group', { name: 'Gran Sala' });

    fireEvent.click(within(venue).getByRole('button', { name: /^General,/ }));

    expect(screen.getByText(/lugares disponibles/).textContent).toBe(
      '100 lugares disponibles · Q 150.00 + Q 8.00 de cargo por servicio',
    );
  });

  it('lists the fee of a held seat as its own line of the summary, before the cart', async () => {
    await openShow(stubGala(false));
    const seats = await openSeats();

    fireEvent.click(within(seats).getAllByRole('button')[0]!);

    expect(await screen.findByText('El asiento A1 fue agregado a tu carrito')).toBeTruthy();
    expect(within(summary()).getByText('Q 450.00', { selector: '.summary__amount' })).toBeTruthy();
    expect(summaryRows()).toEqual([
      'Subtotal: Q 450.00',
      'Cargos por servicio: Q 15.00',
      'Total: Q 465.00',
    ]);
  });

  it('adds no fee line to the summary when the fee is included', async () => {
    await openShow(stubGala(true));
    const seats = await openSeats();

    fireEvent.click(within(seats).getAllByRole('button')[0]!);

    expect(await screen.findByText('El asiento A1 fue agregado a tu carrito')).toBeTruthy();
    expect(summaryRows()).toEqual(['Total: Q 450.00']);
  });
});
