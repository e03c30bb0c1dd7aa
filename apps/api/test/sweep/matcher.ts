import type { TestCvv } from '../helpers/test-cards.ts';

/**
 * What the whole run's card-data sweep looks for in a log line, a dump row or a
 * Redis value (decision 0051): a card number the tests use, any other run of 15
 * to 19 digits that passes the Luhn check and starts like a card (2–6), a CVV
 * field whose value is not the redaction marker, and a CVV the tests send on a
 * line that also carries card data.
 */
export type FindingKind = 'pan-conocido' | 'pan-luhn' | 'campo-cvv' | 'cvv-conocido';

export interface Finding {
  kind: FindingKind;
  /** 1-based line of the text. */
  line: number;
  /** The value, masked (first six and last four digits of a number; a CVV as ***). */
  masked: string;
  /** The line around it with every digit run of 3+ masked, for the report. */
  excerpt: string;
}

export interface CardKnowledge {
  /** Card numbers, digits only. */
  pans: readonly string[];
  cvvs: readonly TestCvv[];
}

export const REDACTED = '[REDACTED]';

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const maskNumber = (digits: string) =>
  digits.length > 10 ? `${digits.slice(0, 6)}…${digits.slice(-4)}` : '***';

function excerptOf(line: string, index: number): string {
  const start = Math.max(0, index - 60);
  return line
    .slice(start, index + 80)
    .replace(/\d{3,}/g, (run) => maskNumber(run))
    .replace(/\s+/g, ' ');
}

// A PAN-shaped run: 15–19 digits, not inside a longer word or number (hex ids,
// hashes and a decimal's fraction such as responseTime 8.348645… stay out),
// optionally written in groups of four.
const DIGIT_RUN = /(?<![0-9A-Za-z])(?<!\d[.,])[2-6]\d{14,18}(?![0-9A-Za-z])(?![.,]\d)/g;
const GROUPED =
  /(?<![0-9A-Za-z])([2-6]\d{3})([ -])(\d{4})\2(\d{4})\2(\d{4})(?:\2?(\d{1,3}))?(?![0-9A-Za-z])/g;
const AMEX_GROUPED = /(?<![0-9A-Za-z])(3[47]\d{2})([ -])(\d{6})\2(\d{5})(?![0-9A-Za-z])/g;
// A CVV field: a JSON key (quoted, possibly escaped inside another string), a query
// or form parameter, or a `key: value` / `key=value` pair, followed by its value.
const CVV_FIELD =
  /(?<![A-Za-z_])(cc_cvv2|cvv2?|cvc2?|cvn|card_?(?:verification|security)_?(?:code|value)|security[ _-]?code|c[óo]digo de seguridad)(?:\\*["'])?\s*[:=]\s*(\\*"(?:[^"\\]|\\[^"])*\\*"|[^\s,&;}\]"]+)/gi;

function knownPanIndexes(line: string, pan: string): number[] {
  const found: number[] = [];
  for (let at = line.indexOf(pan); at !== -1; at = line.indexOf(pan, at + 1)) found.push(at);
  return found;
}

/** Every finding in one line (numbered `lineNo`). */
export function scanLine(line: string, lineNo: number, knowledge: CardKnowledge): Finding[] {
  const findings: Finding[] = [];
  const add = (kind: FindingKind, value: string, index: number) =>
    findings.push({ kind, line: lineNo, masked: value, excerpt: excerptOf(line, index) });
  const known = new Set<number>();
  for (const pan of knowledge.pans) {
    for (const at of knownPanIndexes(line, pan)) {
      known.add(at);
      add('pan-conocido', maskNumber(pan), at);
    }
  }
  const luhnRun = (digits: string, index: number) => {
    if (known.has(index) || !luhnValid(digits)) return;
    add(knowledge.pans.includes(digits) ? 'pan-conocido' : 'pan-luhn', maskNumber(digits), index);
  };
  if (/\d{4}/.test(line)) {
    for (const m of line.matchAll(DIGIT_RUN)) luhnRun(m[0], m.index);
    for (const m of line.matchAll(GROUPED)) {
      luhnRun([m[1], m[3], m[4], m[5], m[6] ?? ''].join(''), m.index);
    }
    for (const m of line.matchAll(AMEX_GROUPED)) luhnRun([m[1], m[3], m[4]].join(''), m.index);
  }
  for (const m of line.matchAll(CVV_FIELD)) {
    const value = (m[2] ?? '').replace(/\\/g, '').replace(/^"|"$/g, '');
    if (value === REDACTED || value === '' || value === 'null' || value === 'undefined') continue;
    add('campo-cvv', '***', m.index);
  }
  for (const { cvv, context } of knowledge.cvvs) {
    if (!line.includes(cvv) || !context.some((word) => line.includes(word))) continue;
    // A value of its own: a dump column, a quoted string, a number after `:`, `=` or `,`.
    // Not part of a word, of a text ("Número 123"), of a decimal or of a number written
    // in groups (a phone's "5555 1234").
    const bare = new RegExp(`(?<=^|[\\t"'=:,[{(]|[:=,] )${cvv}(?=$|[\\t"',}\\]&)]|[,}] )`, 'g');
    for (const m of line.matchAll(bare)) add('cvv-conocido', '***', m.index);
  }
  return findings;
}

/** Every finding in a text (a log file, a dump, a Redis listing), line by line. */
export function scanText(text: string, knowledge: CardKnowledge): Finding[] {
  const findings: Finding[] = [];
  let lineNo = 0;
  for (const line of text.split('\n')) {
    lineNo += 1;
    if (line.length === 0) continue;
    findings.push(...scanLine(line, lineNo, knowledge));
  }
  return findings;
}

/**
 * The card numbers written in source text: quoted runs of 15–19 digits (spaces
 * or dashes allowed) that start like a card, whether or not they pass Luhn.
 */
export function pansInSource(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/['"`]([2-6][\d -]{13,22}\d)['"`]/g)) {
    const digits = (m[1] as string).replace(/[ -]/g, '');
    if (/^\d{15,19}$/.test(digits)) found.add(digits);
  }
  return [...found];
}
