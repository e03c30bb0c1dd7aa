/**
 * Codes are read off printed tickets and e-mails and typed back by hand, so the
 * characters people confuse are left out: 0/O, and 1/I/L (a lower-case l is a 1 in many
 * fonts, and input is upper-cased before lookup). 5/S, 2/Z and 8/B stay: they are rarely
 * mistaken in the sans-serif fonts we print with, and 31 symbols give 31^6 ≈ 887 million codes.
 */
export const TICKET_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const TICKET_CODE_LENGTH = 6;

// Bytes at or above this value are thrown away: 256 is not a multiple of 31, and keeping
// them would make the first 256 % 31 symbols slightly more likely than the rest.
const UNBIASED_BYTE_LIMIT = 256 - (256 % TICKET_CODE_ALPHABET.length);
// A working source rejects 8 bytes in 256; this many empty rounds means it is broken.
const MAX_DRAW_ROUNDS = 100;

const WELL_FORMED = new RegExp(`^[${TICKET_CODE_ALPHABET}]{${TICKET_CODE_LENGTH}}$`);

/** `randomBytes` is injected (node:crypto's randomBytes, or crypto.getRandomValues) to keep this pure. */
export function generateTicketCode(randomBytes: (size: number) => Uint8Array): string {
  let code = '';
  for (let round = 0; round < MAX_DRAW_ROUNDS; round += 1) {
    for (const byte of randomBytes(TICKET_CODE_LENGTH * 2)) {
      if (byte >= UNBIASED_BYTE_LIMIT) continue;
      code += TICKET_CODE_ALPHABET.charAt(byte % TICKET_CODE_ALPHABET.length);
      if (code.length === TICKET_CODE_LENGTH) return code;
    }
  }
  throw new Error('The random source kept returning unusable bytes');
}

/** What a person typed, in the form codes are stored and compared in. */
export function normalizeTicketCode(input: string): string {
  return input.trim().toUpperCase();
}

/** True for a code in the form we issue; normalise user input first. */
export function isWellFormedTicketCode(code: string): boolean {
  return WELL_FORMED.test(code);
}

/** Characters of a code a masked view keeps: enough to tell codes apart, far from a guess. */
export const MASKED_CODE_VISIBLE = 2;
/** What stands for the hidden characters: not in the alphabet, so a mask is never a code. */
export const MASK_CHARACTER = '•';

/**
 * "T5••••": what a caller who is not the buyer sees of a code (decision 0060). Two
 * characters of six leave 31⁴ ≈ 923,000 codes to try against activation's budget;
 * three would leave 29,791.
 */
export function maskTicketCode(code: string): string {
  const visible = code.slice(0, MASKED_CODE_VISIBLE);
  return visible + MASK_CHARACTER.repeat(Math.max(code.length - visible.length, 0));
}
