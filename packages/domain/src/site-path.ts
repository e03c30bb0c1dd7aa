function isControlCharacter(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f;
}

/** `//host`, `/\host`, and their percent-encoded spellings (`/%2F`, `/%5C`) at the start. */
const OTHER_HOST_START = /^\/(\/|\\|%2f|%5c)/i;

/**
 * True for a path of this site (`/storage/album.zip`, `/account?x=1`) that no
 * browser can read as an address on another host
 * (docs/decisions/0066-server-limits-and-safe-redirects.md):
 *
 * - one leading `/`: `//evil.example` is a scheme-relative URL to another host;
 * - no backslash anywhere, nor `%5C`: browsers read `\` as `/` in http(s)
 *   URLs (`/\evil.example` is `//evil.example`), and a proxy that decodes the
 *   path would turn `/%5Cevil.example` into it;
 * - no `%2F` right after the first `/`, for the same proxy;
 * - no control character: browsers drop tabs and line breaks inside a URL,
 *   which turns `/\t/evil.example` into `//evil.example` (and a line break
 *   would end a Location header).
 *
 * The value is judged as given, never trimmed: a browser strips leading spaces,
 * so ` //evil.example` is refused like the rest.
 */
export function isSitePath(value: string): boolean {
  return (
    value.startsWith('/') &&
    !OTHER_HOST_START.test(value) &&
    !value.includes('\\') &&
    !/%5c/i.test(value) &&
    ![...value].some(isControlCharacter)
  );
}
