import { describe, expect, it } from 'vitest';
import { SEAT_CELL_PX, SEAT_TOOLTIP_WIDTH_PX, seatCell } from './seat-cells.ts';
import { sectionSeats } from './seat-layout.ts';

const plain = { row_start: 0, row_step: 1, col_start: 1, col_step: 1 };

describe('seat cells', () => {
  it('keeps the sizes of the specification', () => {
    expect(SEAT_CELL_PX).toBe(25);
    expect(SEAT_TOOLTIP_WIDTH_PX).toBe(200);
  });

  it('places the first seat of the first row in the top-left cell', () => {
    expect(seatCell({ row: 0, col: 1 }, plain)).toEqual({ rowIndex: 0, colIndex: 0 });
    expect(seatCell({ row: 4, col: 17 }, plain)).toEqual({ rowIndex: 4, colIndex: 16 });
  });

  it('counts rows from the section start, so a gallery starting at U draws U on top', () => {
    const gallery = { ...plain, row_start: 20 };
    expect(seatCell({ row: 20, col: 17 }, gallery)).toEqual({ rowIndex: 0, colIndex: 16 });
    expect(seatCell({ row: 25, col: 1 }, gallery)).toEqual({ rowIndex: 5, colIndex: 0 });
  });

  it('divides by the steps (odd-numbered seats on one side of the aisle)', () => {
    const odd = { row_start: 2, row_step: 2, col_start: 1, col_step: 2 };
    expect(seatCell({ row: 6, col: 7 }, odd)).toEqual({ rowIndex: 2, colIndex: 3 });
  });

  it('puts every seat of a generated section in its own cell', () => {
    const layout = { type: 'SEATS', rows: 3, columns: 4, rowStart: 20, rowStep: 2, colStep: 3 };
    const numbering = { row_start: 20, row_step: 2, col_start: 1, col_step: 3 };
    const cells = sectionSeats(layout).map((seat) => seatCell(seat, numbering));
    expect(cells).not.toContain(null);
    expect(new Set(cells.map((cell) => `${cell?.rowIndex}:${cell?.colIndex}`)).size).toBe(12);
    expect(cells.at(-1)).toEqual({ rowIndex: 2, colIndex: 3 });
  });

  it('has no cell for a seat off the numbering', () => {
    const odd = { row_start: 0, row_step: 1, col_start: 1, col_step: 2 };
    expect(seatCell({ row: 0, col: 2 }, odd)).toBeNull();
    expect(seatCell({ row: -1, col: 1 }, odd)).toBeNull();
    expect(seatCell({ row: 0, col: 1 }, { ...odd, col_step: 0 })).toBeNull();
  });
});
