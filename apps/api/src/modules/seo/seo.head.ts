import { escapeHtml, scriptJson } from '../../plugins/html.ts';
import type { PageAdditions } from '../../plugins/spa-page.ts';
import type { TicketStock } from '../tickets/tickets.service.ts';
import { eventJsonLd } from './seo.event.ts';
import type { PageShow } from './seo.repo.ts';
import { canonicalPath, isDraftPage, isEventPage, isIndexed } from './seo.rules.ts';
import { dateText, placeText, zoneOf } from './seo.text.ts';
import { SHARE_CARD, shareCardOf, shareCardUrl } from './share-card.rules.ts';

export const SITE_NAME = 'Taquilla';
export const NOINDEX = '<meta name="robots" content="noindex" />';
/** Longest description kept: what search results and link previews show, give or take. */
const DESCRIPTION_MAX = 200;

/** `<meta property|name="…" content="…">`, its content escaped (a producer typed it). */
export function metaTag(attribute: 'property' | 'name', key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
}

export function linkCanonical(url: string): string {
  return `<link rel="canonical" href="${escapeHtml(url)}" />`;
}

/** A title for a page of the site, as the SPA writes it (es.documentTitle). */
export const documentTitle = (page: string) => `${page} · ${SITE_NAME}`;

/** Text on one line, cut at a word before `max` characters with an ellipsis. */
export function shortText(text: string, max = DESCRIPTION_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s.,;:·-]+$/, '')}…`;
}

const RASTER = /\.(jpe?g|png|webp|gif)$/i;

/** An address of this site or of the web, absolute; anything else is no address. */
function absoluteUrl(value: string, publicUrl: string): string | null {
  if (/^https?:\/\//i.test(value)) return value;
  return value.startsWith('/') && !value.startsWith('//') ? `${publicUrl}${value}` : null;
}

/**
 * The show's own picture at its own size, for the Event's images: its main image, else
 * its channel header, else its poster; the first that is a JPEG, PNG, WebP or GIF.
 * Link previews get the share card instead (decision 0073).
 */
export function showPictureOf(show: PageShow, publicUrl: string): string | null {
  const candidates = [show.main_image, show.settings.channel_image, show.settings.poster_image];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const url = absoluteUrl(candidate.trim(), publicUrl);
    if (url && RASTER.test(new URL(url).pathname)) return url;
  }
  return null;
}

/**
 * A show page's additions (decision 0069):
 * - a draft (or a child of one) says nothing of itself: the site's page, noindex;
 * - a show not to be indexed (HIDDEN, TEST, a date of a parent, under such a parent)
 *   keeps its title, description and preview tags for a shared link, noindex, and no
 *   canonical address or Event;
 * - any other: title, description, canonical address, Open Graph and Twitter tags and
 *   the Event's JSON-LD (not for a producer page or a channel, which list events).
 */
export function showPageAdditions(input: {
  show: PageShow;
  tickets: readonly TicketStock[];
  publicUrl: string;
  now: Date;
}): PageAdditions {
  const show = { ...input.show, timezone: zoneOf(input.show.timezone) };
  if (isDraftPage(show)) return { head: NOINDEX };
  const indexed = isIndexed(show);
  const url = `${input.publicUrl}${canonicalPath({
    id: show.id,
    path: show.path,
    template: show.settings.landing?.template,
    parent_path: show.parent_path,
  })}`;
  const where = placeText(show);
  const about = show.subtitle ?? show.description ?? '';
  const description = shortText(`${dateText(show)} · ${where}.${about ? ` ${about}` : ''}`);
  // Every page a show may be shared from has its card, 1200 × 630 (decision 0073).
  const card = shareCardUrl(show.id, shareCardOf(show, input.publicUrl), input.publicUrl);
  const alt = `${show.fullname}, ${where}`;
  const tags = [
    indexed ? linkCanonical(url) : NOINDEX,
    metaTag('property', 'og:site_name', SITE_NAME),
    metaTag('property', 'og:locale', 'es_GT'),
    metaTag('property', 'og:type', 'website'),
    metaTag('property', 'og:title', show.fullname),
    metaTag('property', 'og:description', description),
    metaTag('property', 'og:url', url),
    metaTag('property', 'og:image', card),
    metaTag('property', 'og:image:width', String(SHARE_CARD.width)),
    metaTag('property', 'og:image:height', String(SHARE_CARD.height)),
    metaTag('property', 'og:image:type', SHARE_CARD.type),
    metaTag('property', 'og:image:alt', alt),
    metaTag('name', 'twitter:card', 'summary_large_image'),
    metaTag('name', 'twitter:title', show.fullname),
    metaTag('name', 'twitter:description', description),
    metaTag('name', 'twitter:image', card),
    metaTag('name', 'twitter:image:alt', alt),
    metaTag('name', 'twitter:label1', 'Fecha'),
    metaTag('name', 'twitter:data1', dateText(show)),
    metaTag('name', 'twitter:label2', 'Lugar'),
    metaTag('name', 'twitter:data2', where),
  ];
  if (indexed && isEventPage(show.settings)) {
    const event = eventJsonLd({
      show,
      tickets: input.tickets,
      url,
      // The show's own picture at its size, if it has one a search engine reads, and the card.
      images: [showPictureOf(show, input.publicUrl), card].filter(
        (image): image is string => image !== null,
      ),
      now: input.now,
    });
    tags.push(`<script type="application/ld+json">${scriptJson(event)}</script>`);
  }
  return { title: documentTitle(show.fullname), description, head: tags.join('') };
}
