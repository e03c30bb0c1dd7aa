import { orderedRowNames } from '@taquilla/domain';
import type { Seat, SeatState, Section, VenueMap } from '@taquilla/contract';
import type { VenueMapLayoutRow } from './maps.repo.ts';

/**
 * A venue map turned into JSON text once, in pieces: everything but the
 * counts of places left, which change with every sale and are spliced in per
 * answer. A 2,000-seat map is then answered by joining a handful of strings
 * instead of serializing two thousand objects.
 */
export interface PreparedSection {
  id: string;
  ticketId: string | null;
  isOpen: boolean;
  /** OPEN sections: unnumbered places. */
  capacity: number;
  seatCount: number;
  /** `{"_id":…,"capacity":…` — the section without `available`, unclosed. */
  head: string;
  seatIds: string[];
  /** Each seat's JSON without its closing brace, so a state can be appended. */
  seatHeads: string[];
}

export interface PreparedMap {
  mapId: string;
  /** `{"_id":…,"show_tickets":[…]` — the map without `available` and `sections`, unclosed. */
  head: string;
  sections: PreparedSection[];
  sectionsById: Map<string, PreparedSection>;
  /** The section of each numbered seat. */
  sectionsBySeat: Map<string, PreparedSection>;
  /** Tickets of OPEN sections: their places are counted in units, not seats. */
  openTicketIds: string[];
}

type SectionRow = VenueMapLayoutRow['sections'][number];
type SeatRow = SectionRow['seats'][number];

function unclosed(value: object): string {
  return JSON.stringify(value).slice(0, -1);
}

export function toSeat(row: SeatRow, section: SectionRow): Seat {
  return {
    _id: row.id,
    name: row.name,
    row: row.row,
    col: row.col,
    row_name: row.rowName,
    section_uid: section.id,
    show_ticket_uid: row.ticketId ?? section.ticketId,
  };
}

export function toSectionStatic(row: SectionRow): Omit<Section, 'available'> {
  const isOpen = row.type === 'OPEN';
  return {
    _id: row.id,
    name: row.name,
    type: row.type,
    show_numbering: row.showNumbering,
    map_rows: row.mapRows,
    map_columns: row.mapColumns,
    row_start: row.rowStart,
    row_step: row.rowStep,
    col_start: row.colStart,
    col_step: row.colStep,
    door: row.door,
    seated: row.seated,
    section_grid_row: row.sectionGridRow,
    section_grid_col: row.sectionGridCol,
    show_tickets: row.ticketId ? [row.ticketId] : [],
    capacity: isOpen ? (row.capacity ?? 0) : row.capacity,
    row_names: isOpen ? [] : orderedRowNames(row.seats),
    seat_count: isOpen ? 0 : row.seats.length,
  };
}

export function toMapStatic(row: VenueMapLayoutRow): Omit<VenueMap, 'available' | 'sections'> {
  const ticketIds = row.sections.flatMap((s) => (s.ticketId ? [s.ticketId] : []));
  return {
    _id: row.id,
    name: row.name,
    map_image: row.mapImage,
    section_grid_rows: row.sectionGridRows,
    section_grid_cols: row.sectionGridCols,
    show_tickets: [...new Set(ticketIds)],
  };
}

export function prepareMap(row: VenueMapLayoutRow): PreparedMap {
  const sections = row.sections.map((section): PreparedSection => {
    const isOpen = section.type === 'OPEN';
    // An OPEN section sells unnumbered places; stray seat rows are not drawn.
    const seats = isOpen ? [] : section.seats.map((seat) => toSeat(seat, section));
    const seatHeads = seats.map(unclosed);
    return {
      id: section.id,
      ticketId: section.ticketId,
      isOpen,
      capacity: section.capacity ?? 0,
      seatCount: seats.length,
      head: unclosed(toSectionStatic(section)),
      seatIds: seats.map((seat) => seat._id),
      seatHeads,
    };
  });
  return {
    mapId: row.id,
    head: unclosed(toMapStatic(row)),
    sections,
    sectionsById: new Map(sections.map((s) => [s.id, s])),
    sectionsBySeat: new Map(sections.flatMap((s) => s.seatIds.map((id) => [id, s] as const))),
    openTicketIds: [
      ...new Set(sections.flatMap((s) => (s.isOpen && s.ticketId ? [s.ticketId] : []))),
    ],
  };
}

/** GET /shows/{id}/map as JSON text: the prepared map with places left per section. */
export function venueMapJson(map: PreparedMap, availableBySection: Map<string, number>): string {
  let total = 0;
  const sections = map.sections.map((section) => {
    const available = availableBySection.get(section.id) ?? 0;
    total += available;
    return `${section.head},"available":${available}}`;
  });
  return `${map.head},"available":${total},"sections":[${sections.join(',')}]}`;
}

type SeatStateName = SeatState['state'];

const STATE_TAILS: Record<SeatStateName, string> = Object.fromEntries(
  (['available', 'reserved', 'unavailable'] as const).map((state) => {
    const tail: Pick<SeatState, 'state' | 'available' | 'reserved' | 'waiting'> = {
      state,
      available: state === 'available',
      reserved: state === 'reserved',
      waiting: false,
    };
    // `{"state":…}` → `,"state":…}`: appended to a seat's unclosed JSON.
    return [state, `,${JSON.stringify(tail).slice(1)}`];
  }),
) as Record<SeatStateName, string>;

/** POST /shows/{id}/map/seats as JSON text: each seat of the section with its state. */
export function seatStatesJson(
  section: PreparedSection,
  stateOf: (seatId: string) => SeatStateName,
): string {
  const seats = section.seatHeads.map(
    (head, index) => `${head}${STATE_TAILS[stateOf(section.seatIds[index] as string)]}`,
  );
  return `[${seats.join(',')}]`;
}
