import { createHash } from 'node:crypto';
import { SHOW_IMAGE_KEY } from '@taquilla/contract';
import type { ShowSettings } from '@taquilla/contract';
import { isEventPage } from './seo.rules.ts';
import { dateText, placeText } from './seo.text.ts';

/** Where made cards are kept: `share-cards/shows/{show}/{version}.jpg`, one per show. */
export const SHARE_CARDS_FOLDER = 'share-cards/shows/';

/**
 * A show's share card (decision 0073): the picture a link preview shows, 1200 × 630
 * (what Facebook, WhatsApp and X's `summary_large_image` ask for), a JPEG (what every
 * one of them draws).
 */
export const SHARE_CARD = { width: 1200, height: 630, type: 'image/jpeg' } as const;

/**
 * Changes whenever the drawing changes (layout, colours, font, quality): every card's
 * version changes with it, so crawlers fetch the new cards under new addresses.
 */
const DESIGN = 1;

/** Where a card's cards are served: `/images/share/{show}/{version}.jpg` (spa.ts: NEVER_SPA). */
export const SHARE_CARD_PREFIX = '/images/share/';
/** A card's version as it appears in its address: 16 hex digits. */
export const SHARE_CARD_VERSION = /^[0-9a-f]{16}$/;

/**
 * The picture a card is made from: an image an organiser uploaded (in object storage,
 * by its key), or a file of the site's build (the demo art, `/images/demo/….svg`).
 * An address on another site is never fetched (the server would be anyone's proxy,
 * and the same address may change under it): such a show gets the plain card.
 */
export type ShareCardSource = { kind: 'storage'; key: string } | { kind: 'site'; path: string };

export interface ShareCard {
  /** Its picture, or null: the plain card with the show's name, date and place. */
  source: ShareCardSource | null;
  name: string;
  /** The date line, for a page that is one event; null for a producer page or a channel. */
  date: string | null;
  place: string | null;
  /** A hash of everything drawn: it changes when the picture, name, date or place do. */
  version: string;
}

interface CardShow {
  fullname: string;
  main_image: string | null;
  show_date: Date;
  timezone: string;
  type: string;
  venue: string;
  settings: Pick<ShowSettings, 'channel_image' | 'poster_image' | 'landing'>;
}

/** A file of the site's build a card may be drawn from: `/images/…` in a format sharp reads. */
const SITE_IMAGE =
  /^\/images\/(?:[A-Za-z0-9][A-Za-z0-9_-]*\/)*[A-Za-z0-9][A-Za-z0-9._-]*\.(svg|png|jpe?g|webp|gif)$/i;

/** The storage key or site path `value` names, on this site only; null for anything else. */
function sourceOf(value: string, publicUrl: string): ShareCardSource | null {
  const site = new URL(publicUrl);
  let url: URL;
  try {
    url = new URL(value.trim(), `${publicUrl}/`);
  } catch {
    return null;
  }
  if (url.origin !== site.origin || url.search || url.hash) return null;
  const base = site.pathname.replace(/\/+$/, '');
  if (!url.pathname.startsWith(`${base}/`)) return null;
  const path = url.pathname.slice(base.length);
  if (path.startsWith('/storage/')) {
    const key = path.slice('/storage/'.length);
    return SHOW_IMAGE_KEY.test(key) ? { kind: 'storage', key } : null;
  }
  return SITE_IMAGE.test(path) && !path.startsWith(SHARE_CARD_PREFIX)
    ? { kind: 'site', path }
    : null;
}

/**
 * What a show's card shows (decision 0073): its main image, else its channel header,
 * else its poster, the first that is this site's own (an upload or a file of the build,
 * whatever its format: an SVG is drawn too); else the plain card with its name, and for
 * an event its date and place. The version hashes what is drawn, so a new picture (a new
 * upload is a new address), a new name or date gives a new card at a new address.
 */
export function shareCardOf(show: CardShow, publicUrl: string): ShareCard {
  const base = publicUrl.replace(/\/+$/, '');
  const candidates = [show.main_image, show.settings.channel_image, show.settings.poster_image];
  const source =
    candidates
      .filter((candidate): candidate is string => !!candidate?.trim())
      .map((candidate) => sourceOf(candidate, base))
      .find((found) => found !== null) ?? null;
  const isEvent = isEventPage(show.settings);
  const drawn = {
    source,
    name: show.fullname,
    date: isEvent ? dateText(show) : null,
    place: isEvent ? placeText(show) : null,
  };
  // A picture's card draws the picture only: its name or date changing changes nothing.
  const hashed = source ? [DESIGN, source] : [DESIGN, drawn.name, drawn.date, drawn.place];
  const version = createHash('sha256').update(JSON.stringify(hashed)).digest('hex').slice(0, 16);
  return { ...drawn, version };
}

/** The card's address, absolute: what og:image and twitter:image name. */
export function shareCardUrl(showId: string, card: ShareCard, publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${SHARE_CARD_PREFIX}${showId}/${card.version}.jpg`;
}
