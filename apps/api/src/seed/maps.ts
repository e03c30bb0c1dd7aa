import { rowLabel } from '@taquilla/domain';
import type { Tx } from '../infra/db.ts';
import type { Prisma, SectionType, TicketType } from '../generated/prisma/client.ts';
import type { TicketSpec } from './shows.ts';

/**
 * The 2,000-seat layout of the Gran Sala of the Teatro Nacional as seeded: 2,000
 * numbered places (three numbered blocks, VIP tables and side boxes) plus an
 * unnumbered standing area of 400. Each section sells through its own ticket.
 *
 * Seats store `row` as the row-label index (rowStart + i·rowStep, so
 * rowName = rowLabel(row)) and `col` as the printed seat number
 * (colStart + j·colStep); tables and boxes name their rows "M1", "P1"….
 */
interface SectionSpec {
  name: string;
  type: SectionType;
  rows: number;
  cols: number;
  rowStart?: number;
  rowStep?: number;
  colStart?: number;
  colStep?: number;
  door: string;
  gridRow: number;
  gridCol: number;
  /** OPEN sections: unnumbered places. */
  capacity?: number;
  /** Tables and boxes: row names are `${rowPrefix}${n}`, seats `${rowName}-${col}`. */
  rowPrefix?: string;
  ticket: {
    code: string;
    fullname: string;
    type: TicketType;
    price: number;
    priceUsd: number;
    fee: number;
    feeUsd: number;
  };
}

export const MAP_NAME = 'Gran Sala Efraín Recinos';
const GRID = { rows: 4, cols: 3 };

const SECTIONS: SectionSpec[] = [
  {
    name: 'Mesas VIP',
    type: 'TABLE',
    rows: 8,
    cols: 6,
    door: 'Puerta VIP',
    gridRow: 0,
    gridCol: 1,
    rowPrefix: 'M',
    ticket: {
      code: 'MESA-VIP',
      fullname: 'Mesa VIP (por silla)',
      type: 'VENUE_TABLE_SEAT',
      price: 95000,
      priceUsd: 12500,
      fee: 2500,
      feeUsd: 330,
    },
  },
  {
    name: 'Palcos',
    type: 'HTABLE',
    rows: 8,
    cols: 4,
    door: 'Puerta 4',
    gridRow: 1,
    gridCol: 0,
    rowPrefix: 'P',
    ticket: {
      code: 'PALCO',
      fullname: 'Palco lateral (por silla)',
      type: 'VENUE_TABLE_SEAT',
      price: 75000,
      priceUsd: 9800,
      fee: 2000,
      feeUsd: 260,
    },
  },
  {
    name: 'Platea',
    type: 'SEATS',
    rows: 20,
    cols: 40,
    door: 'Puerta 1',
    gridRow: 1,
    gridCol: 1,
    ticket: {
      code: 'PLATEA',
      fullname: 'Platea',
      type: 'VENUE_SEAT',
      price: 45000,
      priceUsd: 5900,
      fee: 1500,
      feeUsd: 200,
    },
  },
  {
    name: 'General',
    type: 'OPEN',
    rows: 1,
    cols: 1,
    door: 'Puerta 5',
    gridRow: 1,
    gridCol: 2,
    capacity: 400,
    ticket: {
      code: 'GENERAL',
      fullname: 'General de pie',
      type: 'VENUE_OPEN',
      price: 15000,
      priceUsd: 2000,
      fee: 800,
      feeUsd: 100,
    },
  },
  {
    name: 'Balcón',
    type: 'SEATS',
    rows: 15,
    cols: 40,
    door: 'Puerta 2',
    gridRow: 2,
    gridCol: 1,
    ticket: {
      code: 'BALCON',
      fullname: 'Balcón',
      type: 'VENUE_SEAT',
      price: 30000,
      priceUsd: 3900,
      fee: 1200,
      feeUsd: 160,
    },
  },
  {
    // Starts at row index 20 (U, V, X, Y, Z, AA…): shows the skipped W and double letters.
    name: 'Galería',
    type: 'SEATS',
    rows: 13,
    cols: 40,
    rowStart: 20,
    door: 'Puerta 3',
    gridRow: 3,
    gridCol: 1,
    ticket: {
      code: 'GALERIA',
      fullname: 'Galería',
      type: 'VENUE_SEAT',
      price: 20000,
      priceUsd: 2600,
      fee: 1000,
      feeUsd: 130,
    },
  },
];

function seatCount(section: SectionSpec): number {
  return section.type === 'OPEN' ? (section.capacity ?? 0) : section.rows * section.cols;
}

/**
 * One ticket per section, valid for each of `showDates` (paths of the show's
 * dates). Capacity is per date (as real_available reads it): the section's seats, or
 * an OPEN section's capacity; every date sells the map's places anew.
 */
export function seatMapTickets(showDates: string[] = []): TicketSpec[] {
  return SECTIONS.map((section) => ({
    ...section.ticket,
    description: `Sección ${section.name}, ingreso por ${section.door}.`,
    location: section.name,
    paymentTypes: ['CREDIT_CARD', 'BANK_DEPOSIT'],
    capacity: seatCount(section),
    ...(showDates.length > 0 ? { showDates } : {}),
  }));
}

function seatRows(
  section: SectionSpec,
  ids: { sectionId: string; showId: string; ticketId: string },
): Prisma.SeatCreateManyInput[] {
  const rowStart = section.rowStart ?? 0;
  const rowStep = section.rowStep ?? 1;
  const colStart = section.colStart ?? 1;
  const colStep = section.colStep ?? 1;
  const seats: Prisma.SeatCreateManyInput[] = [];
  for (let i = 0; i < section.rows; i += 1) {
    const row = rowStart + i * rowStep;
    const rowName = section.rowPrefix ? `${section.rowPrefix}${i + 1}` : rowLabel(row);
    for (let j = 0; j < section.cols; j += 1) {
      const col = colStart + j * colStep;
      const name = section.rowPrefix ? `${rowName}-${col}` : `${rowName}${col}`;
      seats.push({ ...ids, name, row, col, rowName });
    }
  }
  return seats;
}

/**
 * Creates the map, its sections and seats when the show has no map yet. An
 * existing map is left as it is (seats may be held or sold); only the links
 * of its sections to the tickets are repaired.
 */
export async function seedVenueMap(
  tx: Tx,
  showId: string,
  ticketIds: Map<string, string>,
): Promise<void> {
  const ticketFor = (section: SectionSpec) => {
    const id = ticketIds.get(section.ticket.code);
    if (!id) throw new Error(`Ticket ${section.ticket.code} of the seat map is not seeded`);
    return id;
  };

  const existing = await tx.venueMap.findUnique({
    where: { showId },
    select: { id: true, sections: { select: { id: true, name: true, ticketId: true } } },
  });
  if (existing) {
    for (const spec of SECTIONS) {
      const section = existing.sections.find((s) => s.name === spec.name);
      if (section && section.ticketId === null) {
        await tx.section.update({ where: { id: section.id }, data: { ticketId: ticketFor(spec) } });
      }
    }
    return;
  }

  const map = await tx.venueMap.create({
    data: {
      showId,
      name: MAP_NAME,
      mapImage: '/images/demo/mapa-teatro-nacional.svg',
      sectionGridRows: GRID.rows,
      sectionGridCols: GRID.cols,
    },
    select: { id: true },
  });
  const seats: Prisma.SeatCreateManyInput[] = [];
  for (const [position, spec] of SECTIONS.entries()) {
    const ticketId = ticketFor(spec);
    const section = await tx.section.create({
      data: {
        mapId: map.id,
        ticketId,
        name: spec.name,
        type: spec.type,
        showNumbering: spec.type !== 'OPEN',
        mapRows: spec.rows,
        mapColumns: spec.cols,
        rowStart: spec.rowStart ?? 0,
        rowStep: spec.rowStep ?? 1,
        colStart: spec.colStart ?? 1,
        colStep: spec.colStep ?? 1,
        door: spec.door,
        seated: spec.type !== 'OPEN',
        sectionGridRow: spec.gridRow,
        sectionGridCol: spec.gridCol,
        capacity: spec.type === 'OPEN' ? (spec.capacity ?? 0) : null,
        position,
      },
      select: { id: true },
    });
    if (spec.type !== 'OPEN')
      seats.push(...seatRows(spec, { sectionId: section.id, showId, ticketId }));
  }
  await tx.seat.createMany({ data: seats });
}
