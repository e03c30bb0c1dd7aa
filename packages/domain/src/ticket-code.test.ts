import { describe, it, expect } from 'vitest';
import { randomBytes } from 'node:crypto';
import {
  TICKET_CODE_ALPHABET,
  TICKET_CODE_LENGTH,
  generateTicketCode,
  maskTicketCode,
  isWellFormedTicketCode,
  normalizeTicketCode,
} from './ticket-code.ts';

/** A random source that plays back the given bytes, then zeros. */
function scriptedBytes(bytes: number[]): (size: number) => Uint8Array {
  let position = 0;
  return (size) => {
    const chunk = new Uint8Array(size);
    for (let i = 0; i < size; i += 1) chunk[i] = bytes[position++] ?? 0;
    return chunk;
  };
}

describe('ticket code alphabet', () => {
  it('leaves out characters that are easily confused', () => {
    for (const ambiguous of ['0', 'O', '1', 'I', 'L']) {
      expect(TICKET_CODE_ALPHABET).not.toContain(ambiguous);
    }
  });

  it('holds only upper-case letters and digits, each once', () => {
    expect(TICKET_CODE_ALPHABET).toMatch(/^[A-Z2-9]+$/);
    expect(new Set(TICKET_CODE_ALPHABET).size).toBe(TICKET_CODE_ALPHABET.length);
    expect(TICKET_CODE_ALPHABET).toHaveLength(31);
  });
});

describe('ticket code generation', () => {
  it('makes six-character codes from the alphabet', () => {
    const code = generateTicketCode(randomBytes);
    expect(code).toHaveLength(TICKET_CODE_LENGTH);
    expect(isWellFormedTicketCode(code)).toBe(true);
  });

  it('maps each accepted byte onto the alphabet', () => {
    expect(generateTicketCode(scriptedBytes([0, 1, 30, 31, 62, 247]))).toBe('23Z22Z');
  });

  it('throws away bytes that would bias the draw', () => {
    expect(generateTicketCode(scriptedBytes([248, 255, 3, 4, 5, 6, 7, 8]))).toBe('56789A');
  });

  it('gives up on a random source that never yields a usable byte', () => {
    expect(() => generateTicketCode((size) => new Uint8Array(size).fill(255))).toThrow(
      /random source/,
    );
  });

  it('uses every symbol about equally often', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 5000; i += 1) {
      for (const char of generateTicketCode(randomBytes)) {
        counts.set(char, (counts.get(char) ?? 0) + 1);
      }
    }
    const expected = (5000 * TICKET_CODE_LENGTH) / TICKET_CODE_ALPHABET.length;
    expect(counts.size).toBe(TICKET_CODE_ALPHABET.length);
    for (const count of counts.values()) {
      expect(Math.abs(count - expected)).toBeLessThan(expected * 0.25);
    }
  });
});

describe('ticket code input', () => {
  it('trims and upper-cases what was typed', () => {
    expect(normalizeTicketCode('  ab3k9z ')).toBe('AB3K9Z');
  });

  it('accepts exactly six alphabet characters', () => {
    expect(isWellFormedTicketCode('AB3K9Z')).toBe(true);
    expect(isWellFormedTicketCode('AB3K9')).toBe(false);
    expect(isWellFormedTicketCode('AB3K9ZZ')).toBe(false);
  });

  it('rejects lower case, ambiguous characters and padding', () => {
    expect(isWellFormedTicketCode('ab3k9z')).toBe(false);
    expect(isWellFormedTicketCode('AB3K0Z')).toBe(false);
    expect(isWellFormedTicketCode('AB3KIZ')).toBe(false);
    expect(isWellFormedTicketCode(' AB3K9Z')).toBe(false);
  });
});

describe('masked ticket code', () => {
  it('keeps the first two characters and hides the rest with dots that are no code', () => {
    expect(maskTicketCode('T5UK7M')).toBe('T5••••');
    expect(maskTicketCode('T5UK7M')).toHaveLength(TICKET_CODE_LENGTH);
    expect(isWellFormedTicketCode(normalizeTicketCode(maskTicketCode('T5UK7M')))).toBe(false);
  });
});
