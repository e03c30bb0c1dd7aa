import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createShow } from '../../helpers/factories.ts';
import { builtSpaDir, parseHtml } from '../../helpers/html-page.ts';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const SITE = 'https://taquilla.example';

describe('what search engines may index, robots.txt and the sitemap (decision 0069)', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  const get = (url: string, accept = HTML) =>
    t.app.inject({ method: 'GET', url, headers: { accept } });
  const pageOf = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    return parseHtml(res.body);
  };
  const sitemapLocs = async () => {
    const res = await get('/sitemap.xml');
    return [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
  };

  beforeAll(async () => {
    t = await createTestApp({
      // Nothing here changes a show after reading it: a cached head lasts the whole file.
      // The head's own statements: the page's embedded answers (0072) are counted apart.
      config: {
        WEB_DIST_DIR: builtSpaDir(),
        PUBLIC_URL: SITE,
        CATALOGUE_CACHE_SECONDS: '3600',
        PAGE_DATA_BUDGET_MS: '0',
      },
    });
    const db = t.database.db;
    const show = async (key: string, data: Parameters<typeof createShow>[1]) => {
      ids[key] = (await createShow(db, data)).id;
    };
    await show('public', { path: 'concierto-publico-seo', fullname: 'Concierto público' });
    await show('noPath', { fullname: 'Taller abierto' });
    await show('closed', { path: 'concierto-pasado-seo', status: 'CLOSED' });
    await show('draft', { path: 'borrador-seo', fullname: 'Borrador secreto', status: 'NEW' });
    await show('hidden', { path: 'episodio-oculto-seo', fullname: 'Oculto', status: 'HIDDEN' });
    await show('test', { path: 'ensayo-seo', fullname: 'Ensayo', status: 'TEST' });
    await show('draftParent', { status: 'NEW' });
    await show('childOfDraft', { path: 'hijo-de-borrador-seo', parentShowId: ids.draftParent });
    await show('date', {
      path: 'funcion-del-sabado-seo',
      parentShowId: ids.public,
      settings: { is_show_date: true },
      visible: false,
    });
  });
  afterAll(() => t.close());

  it('lists the public shows by their canonical address, with when they changed', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const updated = await t.database.db.show.findUniqueOrThrow({ where: { id: ids.public } });
    expect(res.body).toContain(
      `<url><loc>${SITE}/concierto-publico-seo</loc><lastmod>${updated.updatedAt.toISOString()}</lastmod></url>`,
    );
    const locs = await sitemapLocs();
    expect(locs).toEqual(
      expect.arrayContaining([
        `${SITE}/`,
        `${SITE}/concierto-publico-seo`,
        `${SITE}/shows/${ids.noPath}`,
        `${SITE}/concierto-pasado-seo`,
      ]),
    );
  });

  it('never lists a draft, a hidden or test show, a child date or a child of a draft', async () => {
    const body = (await get('/sitemap.xml')).body;
    for (const key of ['draft', 'hidden', 'test', 'draftParent', 'childOfDraft', 'date']) {
      expect(body, key).not.toContain(ids[key]);
    }
    for (const path of ['borrador-seo', 'episodio-oculto-seo', 'ensayo-seo', 'hijo-de-borrador']) {
      expect(body, path).not.toContain(path);
    }
    // The home page and the three public shows.
    expect(await sitemapLocs()).toHaveLength(4);
  });

  it('answers noindex for a draft and says nothing of it', async () => {
    for (const url of ['/borrador-seo', `/shows/${ids.draft}`, '/hijo-de-borrador-seo']) {
      const res = await get(url);
      const page = parseHtml(res.body);
      expect(page.robots, url).toBe('noindex');
      expect(page.title, url).toBe('Taquilla');
      expect(page.canonical, url).toBeNull();
      expect(page.meta('og:title'), url).toBeNull();
      // No share card either (decision 0073): its address would name the draft.
      expect(page.meta('og:image'), url).toBeNull();
      expect(page.meta('twitter:image'), url).toBeNull();
      expect(res.body, url).not.toContain('/images/share/');
      expect(page.jsonLd, url).toEqual([]);
      expect(res.body, url).not.toContain('Borrador secreto');
    }
  });

  it('answers noindex for a hidden or test show, keeping its preview for a shared link', async () => {
    for (const [url, name] of [
      ['/episodio-oculto-seo', 'Oculto'],
      ['/ensayo-seo', 'Ensayo'],
    ] as const) {
      const page = await pageOf(url);
      expect(page.robots, url).toBe('noindex');
      expect(page.title, url).toBe(`${name} · Taquilla`);
      expect(page.meta('og:title'), url).toBe(name);
      expect(page.meta('og:image'), url).toMatch(
        /\/images\/share\/[0-9a-f-]{36}\/[0-9a-f]{16}\.jpg$/,
      );
      expect(page.canonical, url).toBeNull();
      expect(page.jsonLd, url).toEqual([]);
    }
  });

  it('lets a public show be indexed', async () => {
    const page = await pageOf('/concierto-publico-seo');
    expect(page.robots).toBeNull();
    expect(page.canonical).toBe(`${SITE}/concierto-publico-seo`);
    expect(page.jsonLd).toHaveLength(1);
  });

  it('keeps private pages, players and unknown addresses out of the index, at no cost', async () => {
    for (const url of [
      '/account',
      '/user/shows',
      '/cart',
      '/cart/checkout',
      '/orders/0190f8a2-0000-7000-8000-000000000000?t=secreto',
      '/admin',
      '/admin/shows',
      '/login',
      '/activate?code=ABC123',
      '/concierto-publico-seo/player',
      `/shows/${ids.noPath}/player`,
      '/no-existe-seo',
      '/a/b/c',
    ]) {
      const page = await pageOf(url);
      expect(page.robots, url).toBe('noindex');
      expect(page.canonical, url).toBeNull();
      expect(page.title, url).toBe('Taquilla');
    }
  });

  it('reads a show page in two statements, then from the cache; other pages read nothing', async () => {
    const statements = vi.spyOn(pg.Client.prototype, 'query');
    const countFor = async (url: string) => {
      statements.mockClear();
      await get(url);
      return statements.mock.calls.length;
    };
    await createShow(t.database.db, { path: 'leido-una-vez-seo' });
    try {
      // The show with its parent and producer, then its tickets' stock.
      expect(await countFor('/leido-una-vez-seo')).toBe(2);
      expect(await countFor('/leido-una-vez-seo/?utm_source=whatsapp')).toBe(0);
      expect(await countFor('/no-existe-tampoco-seo')).toBe(1);
      for (const url of ['/', '/help', '/account', '/cart/checkout', '/admin/shows']) {
        expect(await countFor(url), url).toBe(0);
      }
    } finally {
      statements.mockRestore();
    }
  });

  it("reflects an organiser's change at once, however long heads are cached", async () => {
    const { admin } = await createOrganisers(t);
    const show = await createShow(t.database.db, { path: 'se-oculta-seo' });
    // Written past the API here: clear the cache as the console's own create would.
    await t.app.catalogueCache.invalidateAll();
    expect((await pageOf('/se-oculta-seo')).robots).toBeNull();
    expect(await sitemapLocs()).toContain(`${SITE}/se-oculta-seo`);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/admin/shows/${show.id}/status`,
      headers: admin.headers,
      payload: { status: 'HIDDEN' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await pageOf('/se-oculta-seo')).robots).toBe('noindex');
    expect(await sitemapLocs()).not.toContain(`${SITE}/se-oculta-seo`);
  });

  it("gives the site's public pages their title, description and address", async () => {
    const home = await pageOf('/');
    expect(home.robots).toBeNull();
    expect(home.canonical).toBe(`${SITE}/`);
    expect(home.title).toBe('Taquilla: boletos para eventos en Guatemala');
    expect(home.meta('description')).toContain('Boletos para eventos');
    expect(home.meta('og:url')).toBe(`${SITE}/`);
    const help = await pageOf('/help?x=1');
    expect(help.canonical).toBe(`${SITE}/help`);
    expect(help.title).toBe('Ayuda · Taquilla');
  });

  it('serves robots.txt whatever the Accept header, pointing at the sitemap', async () => {
    for (const accept of [HTML, '*/*']) {
      const res = await get('/robots.txt', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      const lines = res.body.split('\n');
      expect(lines[0]).toBe('User-agent: *');
      expect(lines).toEqual(
        expect.arrayContaining([
          'Disallow: /admin$',
          'Disallow: /admin/',
          'Disallow: /account/',
          'Disallow: /cart$',
          'Disallow: /cart/',
          'Disallow: /orders/',
          'Disallow: /*/player$',
          'Allow: /',
          `Sitemap: ${SITE}/sitemap.xml`,
        ]),
      );
      // Show pages, their data calls and their pictures stay crawlable.
      for (const open of ['/shows', '/storage', '/images', '/auth', '/geo']) {
        for (const rule of [open, `${open}/`, `${open}$`]) {
          expect(lines, rule).not.toContain(`Disallow: ${rule}`);
        }
      }
    }
  });
});
