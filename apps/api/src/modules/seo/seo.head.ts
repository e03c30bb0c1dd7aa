import { DEFAULT_TIME_ZONE, isVirtualShow, SPANISH_LOCALE } from '@taquilla/domain';
import { escapeHtml, scriptJson } from '../../plugins/html.ts';
import type { PageAdditions } from '../../plugins/spa-page.ts';
import type { TicketStock } from '../tickets/tickets.service.ts';
import { eventJsonLd } from './seo.event.ts';
import type { PageShow } from './seo.repo.ts';
import { canonicalPath, isDraftPage, isEventPage, isIndexed } from './seo.rules.ts';

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

/** The show's zone if the platform knows it, else Guatemala's (as the SPA falls back). */
function zoneOf(timeZone: string): string {
  try {
    new Intl.DateTimeFormat(SPANISH_LOCALE, { timeZone });
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** "viernes, 4 de diciembre de 2026, 8:00 p. m. (hora de Guatemala)". */
function dateText(show: PageShow): string {
  const inGuatemala = show.timezone === DEFAULT_TIME_ZONE;
  const text = new Intl.DateTimeFormat(SPANISH_LOCALE, {
    timeZone: show.timezone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(inGuatemala ? {} : { timeZoneName: 'short' }),
  }).format(show.show_date);
  return inGuatemala ? `${text} (hora de Guatemala)` : text;
}

const RASTER = /\.(jpe?g|png|webp|gif)$/i;
const IMAGE_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** An address of this site or of the web, absolute; anything else is no address. */
function absoluteUrl(value: string, publicUrl: string): string | null {
  if (/^https?:\/\//i.test(value)) return value;
  return value.startsWith('/') && !value.startsWith('//') ? `${publicUrl}${value}` : null;
}

/**
 * The picture a link preview shows: the show's main image, else its channel header,
 * else its poster; the first that is a JPEG, PNG, WebP or GIF (what Facebook,
 * WhatsApp and X draw; none of them draws an SVG, the demo art's format).
 */
export function shareImageOf(show: PageShow, publicUrl: string) {
  const candidates = [show.main_image, show.settings.channel_image, show.settings.poster_image];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const url = absoluteUrl(candidate.trim(), publicUrl);
    const extension = url ? RASTER.exec(new URL(url).pathname)?.[1]?.toLowerCase() : undefined;
    if (url && extension) return { url, type: IMAGE_TYPES[extension] ?? 'image' };
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
  const where = isVirtualShow(show) ? 'En línea' : show.venue;
  const about = show.subtitle ?? show.description ?? '';
  const description = shortText(`${dateText(show)} · ${where}.${about ? ` ${about}` : ''}`);
  const image = shareImageOf(show, input.publicUrl);
  const alt = `${show.fullname}, ${where}`;
  const tags = [
    indexed ? linkCanonical(url) : NOINDEX,
    metaTag('property', 'og:site_name', SITE_NAME),
    metaTag('property', 'og:locale', 'es_GT'),
    metaTag('property', 'og:type', 'website'),
    metaTag('property', 'og:title', show.fullname),
    metaTag('property', 'og:description', description),
    metaTag('property', 'og:url', url),
    ...(image
      ? [
          metaTag('property', 'og:image', image.url),
          metaTag('property', 'og:image:type', image.type),
          metaTag('property', 'og:image:alt', alt),
        ]
      : []),
    metaTag('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    metaTag('name', 'twitter:title', show.fullname),
    metaTag('name', 'twitter:description', description),
    ...(image
      ? [metaTag('name', 'twitter:image', image.url), metaTag('name', 'twitter:image:alt', alt)]
      : []),
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
      image: image?.url ?? null,
      now: input.now,
    });
    tags.push(`<script type="application/ld+json">${scriptJson(event)}</script>`);
  }
  return { title: documentTitle(show.fullname), description, head: tags.join('') };
}
