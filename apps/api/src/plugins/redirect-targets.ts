import { isSitePath } from '@taquilla/domain';

/** What no address a browser is sent to may hold: backslashes, whitespace, controls. */
function hasUnsafeCharacter(value: string): boolean {
  return (
    /[\\\s]/.test(value) ||
    [...value].some((char) => (char.codePointAt(0) ?? 0) < 0x20 || char === '\u007f')
  );
}

/**
 * Where the API may send a browser with a 302 of an address it did not write
 * itself (an organiser's download file, decision 0066): a path of this site
 * (`isSitePath`: not `//host`, `/\host` or their encodings), or a URL that
 * starts with this site's origin (PUBLIC_URL's) or one of `storageBases`, the
 * organiser's storage (folders ending in `/`). Compared as text, so that what is
 * judged is what the Location header will say.
 */
export function createRedirectTargets(publicUrl: string, storageBases: string[]) {
  const bases = [new URL(publicUrl).origin, ...storageBases];
  const prefixes = [...new Set(bases.map((base) => (base.endsWith('/') ? base : `${base}/`)))];
  return {
    isAllowed(target: string): boolean {
      if (isSitePath(target)) return true;
      return !hasUnsafeCharacter(target) && prefixes.some((prefix) => target.startsWith(prefix));
    },
  };
}

export type RedirectTargets = ReturnType<typeof createRedirectTargets>;
