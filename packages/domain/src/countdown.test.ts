import { describe, expect, it } from 'vitest';
import { formatCountdown, remainingMs } from './countdown.ts';

describe('the cart countdown', () => {
  it('shows minutes and two-digit seconds', () => {
    expect(formatCountdown(10 * 60_000)).toBe('10:00');
    expect(formatCountdown(9 * 60_000 + 59_000)).toBe('9:59');
    expect(formatCountdown(5_000)).toBe('0:05');
  });

  it('rounds a part of a second up, so 0:00 means the time is over', () => {
    expect(formatCountdown(59_001)).toBe('1:00');
    expect(formatCountdown(1)).toBe('0:01');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-3_000)).toBe('0:00');
  });

  it('counts the time left until valid_thru, never below zero', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(remainingMs('2026-11-25T10:10:00Z', now)).toBe(600_000);
    expect(remainingMs('2026-11-25T09:59:00Z', now)).toBe(0);
    expect(remainingMs('not a date', now)).toBe(0);
  });
});
