import { vi } from 'vitest';

/**
 * Gives the test DOM a `matchMedia` (jsdom has none) answering each query with
 * `matches(query)`, as a browser of that kind would. Undone by `vi.unstubAllGlobals()`.
 */
export function stubMatchMedia(matches: (query: string) => boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

/** A desktop: a mouse, a wide window. */
export const DESKTOP_MEDIA = (query: string) =>
  !query.includes('max-width') && !query.includes('coarse');
/** A phone: a finger, a narrow window, no hover. */
export const PHONE_MEDIA = (query: string) =>
  query.includes('max-width') || query.includes('coarse') || query.includes('hover: none');
