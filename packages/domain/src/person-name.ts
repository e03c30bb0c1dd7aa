function words(fullname: string | null | undefined): string[] {
  return (fullname ?? '')
    .trim()
    .split(/\s+/u)
    .filter((word) => /\p{L}|\p{N}/u.test(word));
}

/** The first letter or digit of a word, whole even when it is a combining sequence ("É"). */
function firstCharacter(word: string): string {
  const match = /[\p{L}\p{N}]\p{M}*/u.exec(word.normalize('NFC'));
  return match ? match[0] : '';
}

/**
 * The avatar's initials (002 §2.6): the first letters of the first and the last word of
 * the name, "María José López" → "ML"; one word gives one letter. Without a usable name the
 * e-mail's first letter stands in, and "?" when there is nothing at all.
 */
export function initialsOf(fullname: string | null | undefined, email?: string | null): string {
  const parts = words(fullname);
  const first = parts[0];
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined;
  const initials = [first, last].map((word) => (word ? firstCharacter(word) : '')).join('');
  if (initials !== '') return initials.toLocaleUpperCase('es');
  const fromEmail = firstCharacter(email ?? '');
  return fromEmail === '' ? '?' : fromEmail.toLocaleUpperCase('es');
}

/**
 * A first guess at Nombre and Apellido from a full name, for a profile that has only the
 * name given at signup: the first word, then the rest. Spanish names often carry two given
 * names, so the guess is only a starting value the person can correct.
 */
export function splitFullname(fullname: string | null | undefined): {
  firstname: string;
  lastname: string;
} {
  const parts = (fullname ?? '').trim().split(/\s+/u).filter(Boolean);
  return { firstname: parts[0] ?? '', lastname: parts.slice(1).join(' ') };
}
