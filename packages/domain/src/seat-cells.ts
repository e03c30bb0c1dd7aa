/** 000 §9: every seat is drawn in a square cell of this size. */
export const SEAT_CELL_PX = 25;
/** 000 §9: width of the tooltip that describes a seat. */
export const SEAT_TOOLTIP_WIDTH_PX = 200;

export interface SectionNumbering {
  row_start: number;
  row_step: number;
  col_start: number;
  col_step: number;
}

export interface SeatCell {
  /** 0-based row of the section's drawing grid. */
  rowIndex: number;
  /** 0-based column of the section's drawing grid. */
  colIndex: number;
}

/**
 * Where a seat is drawn in its section's grid. Seats carry the row's label index and the
 * printed seat number (row_start + i·row_step, col_start + j·col_step, see seat-layout.ts);
 * the cell is the i, j that produced them. A seat off the section's numbering (between two
 * steps, or before the start) has no cell and answers null.
 */
export function seatCell(
  seat: { row: number; col: number },
  section: SectionNumbering,
): SeatCell | null {
  const rowIndex = stepIndex(seat.row, section.row_start, section.row_step);
  const colIndex = stepIndex(seat.col, section.col_start, section.col_step);
  if (rowIndex === null || colIndex === null) return null;
  return { rowIndex, colIndex };
}

function stepIndex(value: number, start: number, step: number): number | null {
  if (!Number.isSafeInteger(value) || !Number.isSafeInteger(start)) return null;
  if (!Number.isSafeInteger(step) || step < 1) return null;
  const offset = value - start;
  if (offset < 0 || offset % step !== 0) return null;
  return offset / step;
}
