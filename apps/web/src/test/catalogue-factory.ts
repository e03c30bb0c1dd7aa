import type { Section, SeatState, Ticket, VenueMap } from '@taquilla/contract';
import { vi } from 'vitest';

let sequence = 0;
const next = (prefix: string) => {
  sequence += 1;
  return `${prefix}-${sequence}`;
};

/** A ticket as GET /shows/{id}/tickets answers it; amounts in currency units. */
export function buildTicket(overrides: Partial<Ticket> = {}): Ticket {
  const id = next('ticket');
  return {
    _id: id,
    ticket_id: null,
    show_uid: 'show-1',
    code: id.toUpperCase(),
    fullname: `Boleto ${id}`,
    description: null,
    note: null,
    type: 'GENERAL',
    currency: 'GTQ',
    price: 150,
    price_text: 'Q 150.00',
    price_usd: 20,
    price_usd_text: 'US$ 20.00',
    fee: 0,
    fee_usd: 0,
    fee_included: false,
    payment_type: ['CREDIT_CARD'],
    visible: true,
    valid_since: null,
    valid_thru: null,
    real_available: 100,
    price_rules: [],
    bundle: [],
    show_dates: [],
    location: null,
    ticket_image: null,
    qr_color: null,
    ...overrides,
  };
}

export function buildSection(overrides: Partial<Section> = {}): Section {
  const id = next('section');
  return {
    _id: id,
    name: `Sección ${id}`,
    type: 'SEATS',
    show_numbering: true,
    map_rows: 2,
    map_columns: 3,
    row_start: 0,
    row_step: 1,
    col_start: 1,
    col_step: 1,
    door: 'Unica',
    seated: true,
    section_grid_row: 0,
    section_grid_col: 0,
    show_tickets: [],
    available: 6,
    capacity: null,
    row_names: ['A'],
    seat_count: 6,
    ...overrides,
  };
}

export function buildMap(overrides: Partial<VenueMap> = {}): VenueMap {
  return {
    _id: next('map'),
    name: 'Gran Sala',
    map_image: null,
    section_grid_rows: 2,
    section_grid_cols: 2,
    show_tickets: [],
    available: 0,
    sections: [],
    ...overrides,
  };
}

/** A seat of POST /shows/{id}/map/seats; `row` is the label index, `col` the printed number. */
export function buildSeat(
  section: Section,
  row: number,
  col: number,
  state: SeatState['state'] = 'available',
  rowName = String.fromCharCode(65 + row),
): SeatState {
  return {
    _id: `${section._id}-${row}-${col}`,
    name: `${rowName}${col}`,
    row,
    col,
    row_name: rowName,
    section_uid: section._id,
    show_ticket_uid: section.show_tickets[0] ?? null,
    state,
    available: state === 'available',
    reserved: state === 'reserved',
    waiting: false,
  };
}

export type ApiRequest = { method: string; url: URL; body: unknown };

/**
 * Stubs `fetch` at the browser boundary: `answer` sees each request (method, URL and
 * parsed JSON body) and returns the Response the gateway would.
 */
export function stubApi(answer: (request: ApiRequest) => Response) {
  const fetchMock = vi.fn((input: string, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return Promise.resolve(
      answer({ method: init?.method ?? 'GET', url: new URL(input, 'http://localhost'), body }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
