// W is left out of seat-row labels (000 §9), leaving 25 letters.
export const ROW_LABEL_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVXYZ';

const BASE = ROW_LABEL_LETTERS.length;

/**
 * 0 → A … 24 → Z, 25 → AA, 26 → AB … like spreadsheet columns (bijective base 25),
 * so every index has exactly one label and no label ever contains W.
 */
export function rowLabel(index: number): string {
  if (!Number.isSafeInteger(index) || index < 0) {
    throw new RangeError(`Row index must be a non-negative integer, got ${index}`);
  }
  let label = '';
  let rest = index;
  while (rest >= 0) {
    label = ROW_LABEL_LETTERS.charAt(rest % BASE) + label;
    rest = Math.floor(rest / BASE) - 1;
  }
  return label;
}

/** Labels for a section's rows, from its row_start and row_step (both 0-based indexes). */
export function rowLabels(count: number, start = 0, step = 1): string[] {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`Row count must be a non-negative integer, got ${count}`);
  }
  return Array.from({ length: count }, (_, offset) => rowLabel(start + offset * step));
}

/** The distinct row labels of a section's seats, in row order (row, then column). */
export function orderedRowNames(
  seats: readonly { row: number; col: number; rowName: string }[],
): string[] {
  const ordered = [...seats].sort((a, b) => a.row - b.row || a.col - b.col);
  return [...new Set(ordered.map((seat) => seat.rowName))];
}
