import type { Config } from '../../config.ts';
import type { Db } from '../../infra/db.ts';
import type { CatalogueCache } from '../../plugins/catalogue-cache.ts';
import type { PageAdditions } from '../../plugins/spa-page.ts';
import { loadTicketStock } from '../tickets/tickets.service.ts';
import { addressKey, pageAddressOf } from './seo.addresses.ts';
import type { ShowAddress } from './seo.addresses.ts';
import { showPageAdditions } from './seo.head.ts';
import { findPageShow, findSitemapShows } from './seo.repo.ts';
import type { PageShow } from './seo.repo.ts';
import { INDEXED_STATUSES, isDraftPage, isEventPage, isIndexed } from './seo.rules.ts';
import { robotsTxt, sitemapXml, sitePageAdditions, UNLISTED_ADDITIONS } from './seo.site.ts';

/** The most addresses one sitemap file may hold (sitemaps.org). */
const SITEMAP_LIMIT = 50_000;

/**
 * A page's head for sharing and search, robots.txt and the sitemap (decision 0069).
 * A show page's head costs one statement for the show (with its parent and producer)
 * and, for an Event, one for its tickets' stock; it is kept in the catalogue cache
 * like the show's own answer (CATALOGUE_CACHE_SECONDS, cleared by organiser writes),
 * so a page opened by many people at once is read once per instance and period. Any
 * other page costs nothing.
 */
export function createSeoService(deps: {
  db: Db;
  clock: () => Date;
  config: Pick<Config, 'PUBLIC_URL'>;
  cache: CatalogueCache;
}) {
  const publicUrl = deps.config.PUBLIC_URL.replace(/\/+$/, '');

  /** The show an address names, read once per cache period for the head and the preloads. */
  const pageShow = (address: ShowAddress): Promise<PageShow | null> =>
    deps.cache.getValue(`seo:show:${addressKey(address)}`, () => findPageShow(deps.db, address));

  async function showHead(address: ShowAddress): Promise<PageAdditions> {
    const show = await pageShow(address);
    // An address no show has is the SPA's not-found view: nothing there to index.
    if (!show) return UNLISTED_ADDITIONS;
    const now = deps.clock();
    const needsTickets = !isDraftPage(show) && isIndexed(show) && isEventPage(show.settings);
    const tickets = needsTickets ? await loadTicketStock(deps.db, show.id, now) : [];
    return showPageAdditions({ show, tickets, publicUrl, now });
  }

  return {
    /** What a navigation's page adds to the SPA's HTML: its head (spa.ts contributor). */
    async pageAdditions(url: string): Promise<PageAdditions> {
      const address = pageAddressOf(url);
      if (address.kind === 'site') return sitePageAdditions(address.page, publicUrl);
      if (address.kind === 'unlisted') return UNLISTED_ADDITIONS;
      return deps.cache.getValue(`seo:head:${addressKey(address.show)}`, () =>
        showHead(address.show),
      );
    },

    /**
     * The show a navigation's page names: null for a page that is no show's, `show: null`
     * for a show address no show has (the SPA's not-found view).
     */
    async showOfPage(url: string): Promise<{ show: PageShow | null } | null> {
      const address = pageAddressOf(url);
      if (address.kind !== 'show') return null;
      return { show: await pageShow(address.show) };
    },

    robotsTxt(): string {
      return robotsTxt(publicUrl);
    },

    async sitemapXml(): Promise<string> {
      return deps.cache.getValue('seo:sitemap', async () =>
        sitemapXml(
          await findSitemapShows(deps.db, { statuses: INDEXED_STATUSES, limit: SITEMAP_LIMIT }),
          publicUrl,
        ),
      );
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
