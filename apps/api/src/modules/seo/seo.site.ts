import { escapeHtml } from '../../plugins/html.ts';
import type { PageAdditions } from '../../plugins/spa-page.ts';
import type { SitePage } from './seo.addresses.ts';
import { documentTitle, linkCanonical, metaTag, NOINDEX, SITE_NAME } from './seo.head.ts';
import { canonicalPath } from './seo.rules.ts';
import type { SitemapShow } from './seo.repo.ts';

/** What the site is, for its home page and any page without a description of its own. */
export const SITE_DESCRIPTION =
  'Boletos para eventos presenciales y en línea en Guatemala: conciertos, teatro, cine y transmisiones en vivo.';

/** Each public page of the site: its path, and its title as the SPA writes it. */
const SITE_PAGE_HEADS: Readonly<Record<SitePage, { path: string; title: string }>> = {
  home: { path: '/', title: `${SITE_NAME}: boletos para eventos en Guatemala` },
  help: { path: '/help', title: documentTitle('Ayuda') },
  cookies: { path: '/cookies', title: documentTitle('Política de cookies') },
  past: { path: '/shows/past', title: documentTitle('Eventos pasados') },
};

/** A public page of the site: its title, the site's description, its address, its card. */
export function sitePageAdditions(page: SitePage, publicUrl: string): PageAdditions {
  const { path, title } = SITE_PAGE_HEADS[page];
  const url = `${publicUrl}${path}`;
  const head = [
    linkCanonical(url),
    metaTag('property', 'og:site_name', SITE_NAME),
    metaTag('property', 'og:locale', 'es_GT'),
    metaTag('property', 'og:type', 'website'),
    metaTag('property', 'og:title', title),
    metaTag('property', 'og:description', SITE_DESCRIPTION),
    metaTag('property', 'og:url', url),
    metaTag('name', 'twitter:card', 'summary'),
  ].join('');
  return { title, description: SITE_DESCRIPTION, head };
}

/** Any page that is nobody's business to index: an account's, the console, a player. */
export const UNLISTED_ADDITIONS: PageAdditions = { head: NOINDEX };

/**
 * Paths no crawler needs (decision 0069): the console, a buyer's account, cart,
 * checkout and orders, token links, the player, and calls that only act for a
 * session. `$` ends a path and `*` spans segments (Google's and Bing's reading, RFC
 * 9309 leaves them to crawlers): `/admin$` and `/admin/` keep a vanity path such as
 * `/administracion-2027` crawlable, which a bare `/admin` prefix would not. The calls
 * a public page makes to draw itself (shows, tickets, maps, the session, geo) stay
 * allowed, or a crawler that runs the page could not see it. Show images
 * (`/storage/public/`, `/images/`) stay allowed: previews fetch them.
 */
const DISALLOWED = [
  '/admin$',
  '/admin/',
  '/account$',
  '/account/',
  '/user$',
  '/user/',
  '/cart$',
  '/cart/',
  '/orders/',
  '/activate$',
  '/password/',
  '/email/',
  '/*/player$',
  '/shows/*/full$',
  '/shows/*/chat$',
  '/shows/*/quicklink',
  '/shows/*/registration/',
  '/payments/',
  '/viewers/',
  '/users/',
  '/etickets/',
  '/stats/',
  '/metrics$',
  '/realtime$',
  '/docs$',
  '/docs/',
  '/openapi.json$',
];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * The sitemap (sitemaps.org 0.9): the home page, then each show that may be indexed
 * at its canonical address with the time it last changed.
 */
export function sitemapXml(shows: readonly SitemapShow[], publicUrl: string): string {
  const entry = (url: string, lastmod?: Date) =>
    `<url><loc>${escapeHtml(url)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    entry(`${publicUrl}/`),
    ...shows.map((show) => entry(`${publicUrl}${canonicalPath(show)}`, show.updated_at)),
    '</urlset>',
    '',
  ].join('\n');
}
