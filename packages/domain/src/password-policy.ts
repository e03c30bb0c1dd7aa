import { COMMON_PASSWORDS } from './common-passwords.ts';

/** The shortest password accepted (NIST SP 800-63B's floor for user-chosen secrets). */
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing it costs nothing unusual. */
export const PASSWORD_MAX_LENGTH = 200;

export const PASSWORD_POLICY_MESSAGES = {
  tooShort: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`,
  tooLong: `La contraseña no puede tener más de ${PASSWORD_MAX_LENGTH} caracteres`,
  common: 'Esta contraseña es muy común. Elige otra.',
  matchesEmail: 'La contraseña no puede ser tu correo electrónico. Elige otra.',
} as const;

export type PasswordPolicyResult = { ok: true } | { ok: false; message: string };

/** Lower case without accents, the form COMMON_PASSWORDS is stored in. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** "mariposa2025!" → "mariposa": what is left once digits and symbols around the letters go. */
function lettersCore(folded: string): string {
  return folded.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
}

const LEET: Readonly<Record<string, string>> = {
  '@': 'a',
  '4': 'a',
  '3': 'e',
  '0': 'o',
  $: 's',
  '5': 's',
  '1': 'i',
  '!': 'i',
  '7': 't',
};

/** "p@ssw0rd" → "password". Applied to the core only, so "mariposa1" is not read as "mariposai". */
function unleet(text: string): string {
  return [...text].map((char) => LEET[char] ?? char).join('');
}

/** "aaaaaaaa", "%%%%%%%%". */
function isOneRepeatedCharacter(chars: string[]): boolean {
  return chars.every((char) => char === chars[0]);
}

/** "abcdefghijk", "98765432": every step one up, or every step one down. */
function isStraightRun(chars: string[]): boolean {
  if (chars.length < 2) return false;
  const codes = chars.map((char) => char.codePointAt(0) ?? 0);
  const step = (codes[1] ?? 0) - (codes[0] ?? 0);
  if (step !== 1 && step !== -1) return false;
  return codes.every((code, i) => i === 0 || code - (codes[i - 1] ?? 0) === step);
}

export function isCommonPassword(password: string): boolean {
  const folded = fold(password);
  const chars = [...folded];
  if (isOneRepeatedCharacter(chars) || isStraightRun(chars)) return true;
  const core = lettersCore(folded);
  const candidates = [folded, core, unleet(core), lettersCore(unleet(folded))];
  return candidates.some((candidate) => candidate !== '' && COMMON_PASSWORDS.has(candidate));
}

function matchesEmail(password: string, email: string): boolean {
  const folded = fold(password);
  const address = fold(email.trim());
  const localPart = address.split('@')[0] ?? '';
  if (folded === address) return true;
  return localPart.length >= 3 && (folded === localPart || lettersCore(folded) === localPart);
}

/**
 * The server's password rule, for signup and password reset alike: long
 * enough, not too long, not the account's e-mail, and not a password that
 * attackers try first (case and accents ignored, digits and symbols around a
 * common word ignored, simple letter swaps like "p@ssw0rd" undone).
 * Length counts characters, not UTF-16 units: "contraseña" has ten.
 */
export function checkPasswordPolicy(
  password: string,
  context: { email?: string | null } = {},
): PasswordPolicyResult {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) {
    return { ok: false, message: PASSWORD_POLICY_MESSAGES.tooShort };
  }
  if (length > PASSWORD_MAX_LENGTH) {
    return { ok: false, message: PASSWORD_POLICY_MESSAGES.tooLong };
  }
  if (context.email && matchesEmail(password, context.email)) {
    return { ok: false, message: PASSWORD_POLICY_MESSAGES.matchesEmail };
  }
  if (isCommonPassword(password)) {
    return { ok: false, message: PASSWORD_POLICY_MESSAGES.common };
  }
  return { ok: true };
}
