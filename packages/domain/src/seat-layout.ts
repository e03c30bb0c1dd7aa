import { rowLabel } from './row-labels.ts';

/** Section types whose places are numbered seats; OPEN sections sell a capacity instead. */
export const NUMBERED_SECTION_TYPES = ['SEATS', 'TABLE', 'HTABLE'] as const;

export function isNumberedSection(type: string): boolean {
  return (NUMBERED_SECTION_TYPES as readonly string[]).includes(type);
}

/** A section's grid as the organiser describes it (000 §3 Section fields). */
export interface SectionLayout {
  type: string;
  rows: number;
  columns: number;
  /** Row-label index of the first row: 0 → A, 20 → U. */
  rowStart?: number;
  rowStep?: number;
  /** Printed number of the first seat of a row. */
  colStart?: number;
  colStep?: number;
  /**
   * Tables and boxes named by their own sequence instead of letters: rows are
   * `${rowPrefix}1`, `${rowPrefix}2`… and seats `${rowName}-${col}` ("M1-3").
   */
  rowPrefix?: string;
}

export interface SeatPlace {
  /** The row-label index (rowStart + i·rowStep); unique within the section. */
  row: number;
  /** The printed seat number (colStart + j·colStep). */
  col: number;
  rowName: string;
  name: string;
}

/** More seats than any real hall has: a guard against a typo generating millions of rows. */
export const MAX_SEATS_PER_SECTION = 20_000;

function assertCount(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${name} must be an integer of at least ${min}, got ${value}`);
  }
}

/**
 * The seats of a numbered section, row by row, left to right: row i is labelled
 * rowLabel(rowStart + i·rowStep) (W skipped: U, V, X…), seat j of a row is
 * numbered colStart + j·colStep. OPEN sections have no seats.
 */
export function sectionSeats(layout: SectionLayout): SeatPlace[] {
  if (!isNumberedSection(layout.type)) return [];
  const { rows, columns, rowStart = 0, rowStep = 1, colStart = 1, colStep = 1 } = layout;
  assertCount('rows', rows, 1);
  assertCount('columns', columns, 1);
  assertCount('rowStart', rowStart, 0);
  assertCount('rowStep', rowStep, 1);
  assertCount('colStart', colStart, 0);
  assertCount('colStep', colStep, 1);
  if (rows * columns > MAX_SEATS_PER_SECTION) {
    throw new RangeError(`A section holds at most ${MAX_SEATS_PER_SECTION} seats`);
  }
  const seats: SeatPlace[] = [];
  for (let i = 0; i < rows; i += 1) {
    const row = rowStart + i * rowStep;
    const rowName = layout.rowPrefix ? `${layout.rowPrefix}${i + 1}` : rowLabel(row);
    for (let j = 0; j < columns; j += 1) {
      const col = colStart + j * colStep;
      const name = layout.rowPrefix ? `${rowName}-${col}` : `${rowName}${col}`;
      seats.push({ row, col, rowName, name });
    }
  }
  return seats;
}
