import { describe, it, expect } from 'vitest';
import { NIT_INVALID_MESSAGE, isValidNit, normalizeNit } from './nit.ts';

describe('NIT check', () => {
  it('accepts final consumer in any spelling the spec allows', () => {
    expect(isValidNit('C/F')).toBe(true);
    expect(isValidNit('CF')).toBe(true);
    expect(isValidNit('cf')).toBe(true);
    expect(isValidNit('c/f')).toBe(true);
    expect(isValidNit(' C / F ')).toBe(true);
  });

  it('accepts 8 to 12 characters', () => {
    expect(isValidNit('1234567K')).toBe(true);
    expect(isValidNit('1234567-8')).toBe(true);
    expect(isValidNit('123456789012')).toBe(true);
  });

  it('ignores spaces when counting', () => {
    expect(isValidNit('1234 567 8')).toBe(true);
    expect(isValidNit('1 2 3 4 5 6 7')).toBe(false);
  });

  it('rejects values that are too short or too long', () => {
    expect(isValidNit('1234567')).toBe(false);
    expect(isValidNit('1234567890123')).toBe(false);
  });

  it('rejects empty and missing values', () => {
    expect(isValidNit('')).toBe(false);
    expect(isValidNit('   ')).toBe(false);
    expect(isValidNit(undefined)).toBe(false);
    expect(isValidNit(null)).toBe(false);
  });

  it('rejects near-misses of C/F', () => {
    expect(isValidNit('C-F')).toBe(false);
    expect(isValidNit('CFF')).toBe(false);
  });

  it('tells the buyer how to fix it, in the spec wording', () => {
    expect(NIT_INVALID_MESSAGE).toBe('NIT inválido. Por favor verifica el formato o usa C/F.');
  });
});

describe('NIT normalisation', () => {
  it('stores every final-consumer spelling as C/F', () => {
    expect(normalizeNit('cf')).toBe('C/F');
    expect(normalizeNit(' c / f')).toBe('C/F');
  });

  it('removes spaces and upper-cases the check letter', () => {
    expect(normalizeNit(' 1234 567-k ')).toBe('1234567-K');
  });
});
