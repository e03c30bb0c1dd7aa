import { DEFAULT_TIME_ZONE, fromZonedDateTime, toZonedDateTime } from '@taquilla/domain';

/** The list with the item at `from` moved to `to` (both inside the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

export function replaceAt<T>(list: readonly T[], index: number, item: T): T[] {
  return list.map((current, position) => (position === index ? item : current));
}

export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, position) => position !== index);
}

/**
 * A key made from what the organiser typed: "¿Empresa u organización?" →
 * "empresa_u_organizacion" (lower case, no accents, words joined by "_", at most 60
 * characters, the contract's limit); `fallback` when nothing is left.
 */
export function keyFromText(text: string, fallback: string): string {
  const key = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 56)
    .replace(/_+$/, '');
  return key || fallback;
}

/** `key`, or `key_2`, `key_3`… : the first one no other item uses. */
export function uniqueKey(key: string, taken: readonly string[]): string {
  if (!taken.includes(key)) return key;
  let suffix = 2;
  while (taken.includes(`${key}_${suffix}`)) suffix += 1;
  return `${key}_${suffix}`;
}

/** The server's 422 message for `settings.<path>`, if any. */
export function settingsError(
  errors: Readonly<Record<string, string>>,
  ...path: (string | number)[]
): string | undefined {
  return errors[['settings', ...path].join('.')];
}

/**
 * The messages under the group's keys that no input shows (a message about a whole
 * list, or a path the group does not draw), so none is lost.
 */
export function unclaimedErrors(
  errors: Readonly<Record<string, string>>,
  keys: readonly string[],
  claimed: ReadonlySet<string>,
): string[] {
  return Object.entries(errors)
    .filter(([path]) =>
      keys.some((key) => path === `settings.${key}` || path.startsWith(`settings.${key}.`)),
    )
    .filter(([path]) => !claimed.has(path))
    .map(([, message]) => message);
}

/** An ISO instant as a datetime-local value on Guatemala's wall clock ('' if unreadable). */
export function toLocalInput(iso: unknown): string {
  if (typeof iso !== 'string' || iso === '') return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const wall = toZonedDateTime(date, DEFAULT_TIME_ZONE);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** A datetime-local value read on Guatemala's wall clock, as an ISO instant (null if empty). */
export function fromLocalInput(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return fromZonedDateTime({ year, month, day, hour, minute }, DEFAULT_TIME_ZONE).toISOString();
}
