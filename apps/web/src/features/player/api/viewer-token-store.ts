/*
 * The viewer token of a password show (decision 0063): the playback call gives a guest
 * without an account the signed token that names them in the show's chat and polls.
 * The player keeps it in localStorage per show and brings it back to the next playback
 * call, which renews it: a reload, or another tab of this browser, is the same guest
 * (same name, mute and poll answer) and does not spend the address's budget of new
 * guests. The chat and polls send it with `setChannel`: the shared socket may already be
 * open when the password is accepted, and a cookie set then would not reach it.
 *
 * It is not a credential to watch (the video still needs the password) and names a
 * guest of one show for 12 hours; entries older than that are dropped.
 */
const PREFIX = 'taquilla.viewer-token.';
const KEEP_MS = 12 * 60 * 60 * 1000;

type Kept = { token: string; until: number };

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage refused (a privacy mode): each load is a new guest.
    return null;
  }
}

function readKept(store: Storage, key: string): Kept | null {
  try {
    const kept = JSON.parse(store.getItem(key) ?? 'null') as Partial<Kept> | null;
    if (typeof kept?.token !== 'string' || typeof kept.until !== 'number') return null;
    return kept as Kept;
  } catch {
    return null;
  }
}

/** The token this browser holds for the show (its id or vanity path), while it lasts. */
export function readViewerToken(show: string): string | null {
  const store = storage();
  if (!store) return null;
  const kept = readKept(store, PREFIX + show);
  return kept && kept.until > Date.now() ? kept.token : null;
}

/** Keeps a token the playback call gave, under each name of the show; drops old ones. */
export function keepViewerToken(shows: readonly string[], token: string): void {
  const store = storage();
  if (!store) return;
  const now = Date.now();
  for (let i = store.length - 1; i >= 0; i -= 1) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX) && (readKept(store, key)?.until ?? 0) <= now) {
      store.removeItem(key);
    }
  }
  const kept = JSON.stringify({ token, until: now + KEEP_MS } satisfies Kept);
  try {
    for (const show of new Set(shows)) store.setItem(PREFIX + show, kept);
  } catch {
    // A full storage: the next load is a new guest.
  }
}
