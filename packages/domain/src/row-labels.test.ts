import { describe, it, expect } from 'vitest';
import { ROW_LABEL_LETTERS, orderedRowNames, rowLabel, rowLabels } from './row-labels.ts';

describe('row labels', () => {
  it('starts at A', () => {
    expect(rowLabel(0)).toBe('A');
    expect(rowLabel(1)).toBe('B');
  });

  it('skips W between V and X', () => {
    expect(rowLabel(21)).toBe('V');
    expect(rowLabel(22)).toBe('X');
    expect(rowLabel(24)).toBe('Z');
    expect(ROW_LABEL_LETTERS).toHaveLength(25);
  });

  it('continues with double letters after Z', () => {
    expect(rowLabel(25)).toBe('AA');
    expect(rowLabel(26)).toBe('AB');
    expect(rowLabel(25 + 24)).toBe('AZ');
    expect(rowLabel(50)).toBe('BA');
    expect(rowLabel(25 + 25 * 25 - 1)).toBe('ZZ');
  });

  it('moves to three letters after ZZ', () => {
    expect(rowLabel(25 + 25 * 25)).toBe('AAA');
  });

  it('never produces a label containing W', () => {
    const labels = rowLabels(2000);
    expect(labels.filter((label) => label.includes('W'))).toEqual([]);
  });

  it('gives every row a different label', () => {
    expect(new Set(rowLabels(2000)).size).toBe(2000);
  });

  it('refuses negative and fractional indexes', () => {
    expect(() => rowLabel(-1)).toThrow(RangeError);
    expect(() => rowLabel(1.5)).toThrow(RangeError);
  });
});

describe('row label ranges', () => {
  it('honours a section start and step', () => {
    expect(rowLabels(3)).toEqual(['A', 'B', 'C']);
    expect(rowLabels(3, 2)).toEqual(['C', 'D', 'E']);
    expect(rowLabels(3, 0, 2)).toEqual(['A', 'C', 'E']);
  });

  it('runs backwards with a negative step', () => {
    expect(rowLabels(3, 2, -1)).toEqual(['C', 'B', 'A']);
  });

  it('is empty for no rows and refuses a negative count', () => {
    expect(rowLabels(0)).toEqual([]);
    expect(() => rowLabels(-1)).toThrow(RangeError);
  });
});

describe('ordered row names', () => {
  it('lists each row label once, in row order, whatever the seats’ order', () => {
    const seats = [
      { row: 21, col: 2, rowName: 'V' },
      { row: 20, col: 1, rowName: 'U' },
      { row: 22, col: 1, rowName: 'X' },
      { row: 21, col: 1, rowName: 'V' },
    ];
    expect(orderedRowNames(seats)).toEqual(['U', 'V', 'X']);
    expect(orderedRowNames([])).toEqual([]);
  });
});
