import { describe, expect, it } from 'vitest';
import { MAX_SEATS_PER_SECTION, isNumberedSection, sectionSeats } from './seat-layout.ts';

describe('section seat layout', () => {
  it('gives rows × columns seats, row by row, labelled from A and numbered from 1', () => {
    const seats = sectionSeats({ type: 'SEATS', rows: 2, columns: 3 });
    expect(seats.map((s) => s.name)).toEqual(['A1', 'A2', 'A3', 'B1', 'B2', 'B3']);
    expect(seats[0]).toEqual({ row: 0, col: 1, rowName: 'A', name: 'A1' });
    expect(seats[5]).toEqual({ row: 1, col: 3, rowName: 'B', name: 'B3' });
  });

  it('skips W: a section starting at row 20 has rows U, V, X', () => {
    const seats = sectionSeats({ type: 'SEATS', rows: 3, columns: 1, rowStart: 20 });
    expect(seats.map((s) => s.rowName)).toEqual(['U', 'V', 'X']);
    expect(seats.map((s) => s.row)).toEqual([20, 21, 22]);
  });

  it('continues with double letters after Z', () => {
    const seats = sectionSeats({ type: 'SEATS', rows: 3, columns: 1, rowStart: 23 });
    expect(seats.map((s) => s.rowName)).toEqual(['Y', 'Z', 'AA']);
  });

  it('applies row and column steps', () => {
    const seats = sectionSeats({
      type: 'SEATS',
      rows: 2,
      columns: 3,
      rowStart: 0,
      rowStep: 2,
      colStart: 2,
      colStep: 2,
    });
    expect(seats.map((s) => s.name)).toEqual(['A2', 'A4', 'A6', 'C2', 'C4', 'C6']);
  });

  it('numbers tables and boxes like seats, or by their own prefix when given', () => {
    expect(sectionSeats({ type: 'TABLE', rows: 1, columns: 2 }).map((s) => s.name)).toEqual([
      'A1',
      'A2',
    ]);
    const boxes = sectionSeats({ type: 'HTABLE', rows: 2, columns: 2, rowPrefix: 'P' });
    expect(boxes.map((s) => s.name)).toEqual(['P1-1', 'P1-2', 'P2-1', 'P2-2']);
    expect(boxes.map((s) => s.rowName)).toEqual(['P1', 'P1', 'P2', 'P2']);
  });

  it('gives no seats to an OPEN section', () => {
    expect(sectionSeats({ type: 'OPEN', rows: 1, columns: 1 })).toEqual([]);
    expect(isNumberedSection('OPEN')).toBe(false);
    expect(isNumberedSection('SEATS')).toBe(true);
  });

  it('never repeats a (row, col) pair, so the unique seat index holds', () => {
    const seats = sectionSeats({ type: 'SEATS', rows: 30, columns: 40, rowStep: 3, colStep: 2 });
    expect(seats).toHaveLength(1200);
    expect(new Set(seats.map((s) => `${s.row}:${s.col}`)).size).toBe(1200);
    expect(seats.some((s) => s.rowName.includes('W'))).toBe(false);
  });

  it('refuses a section with zero rows or columns, negative starts and zero steps', () => {
    expect(() => sectionSeats({ type: 'SEATS', rows: 0, columns: 5 })).toThrow(RangeError);
    expect(() => sectionSeats({ type: 'SEATS', rows: 5, columns: 0 })).toThrow(RangeError);
    expect(() => sectionSeats({ type: 'SEATS', rows: 1, columns: 1, rowStart: -1 })).toThrow(
      RangeError,
    );
    expect(() => sectionSeats({ type: 'SEATS', rows: 1, columns: 1, colStep: 0 })).toThrow(
      RangeError,
    );
    expect(() => sectionSeats({ type: 'SEATS', rows: 1.5, columns: 1 })).toThrow(RangeError);
  });

  it('refuses more seats than a section may hold', () => {
    expect(() =>
      sectionSeats({ type: 'SEATS', rows: MAX_SEATS_PER_SECTION + 1, columns: 1 }),
    ).toThrow(RangeError);
    expect(sectionSeats({ type: 'SEATS', rows: MAX_SEATS_PER_SECTION, columns: 1 })).toHaveLength(
      MAX_SEATS_PER_SECTION,
    );
  });
});
