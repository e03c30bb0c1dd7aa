import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageData } from '../../../src/modules/pages/page-data.service.ts';
import { createCatalogueCache } from '../../../src/plugins/catalogue-cache.ts';
import { publicPageOf } from '../../../src/modules/pages/page-plan.ts';
import type { InjectCall } from '../../../src/modules/pages/page-data.service.ts';
import { createTestApp } from '../../helpers/app.ts';
import { quietRedis } from '../../helpers/quiet-redis.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createShow, createTicket } from '../../helpers/factories.ts';
import { giveTicket, signedInViewer } from '../../helpers/watch.ts';
import type { Viewer } from '../../helpers/watch.ts';

/*
 * Decision 0072: a navigation to a public page gets, inside its HTML, the answers of the
 * GET calls the page makes first, as the API's own routes answer them for that browser.
 */

const INDEX =
  '<!doctype html><html><head><title>Taquilla</title></head><body><div id="root"></div></body></html>';
const NAVIGATION = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const NOINDEX = '<meta name="robots" content="noindex" />';
const PAGE_DATA = /<script type="application\/json" id="page-data">([^<]*)<\/script>/;
const PAID_TYPES = 'CREDIT_CARD%7CREGISTRATION%7CBANK_DEPOSIT%7CACCOUNT_BANK_DEPOSIT';

describe("a public page's first answers in its HTML", () => {
  let t: TestApp;
  let viewer: Viewer;
  const ids: Record<string, string> = {};

  async function navigate(url: string, headers: Record<string, string> = {}) {
    return t.app.inject({ method: 'GET', url, headers: { ...NAVIGATION, ...headers } });
  }

  /** The page's embedded answers by key, or null when the page carries none. */
  function pageDataOf(html: string): Record<string, unknown> | null {
    const match = PAGE_DATA.exec(html);
    return match ? (JSON.parse(match[1] as string) as Record<string, unknown>) : null;
  }

  /** What the browser's own call of `url` answers, as JSON. */
  async function direct(url: string, headers: Record<string, string> = {}) {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json', ...headers },
    });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as unknown;
  }

  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'taquilla-page-data-'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    // A budget no loaded CI machine reaches: these tests are about what a page carries;
    // the budget itself is tested below with a call that never answers.
    t = await createTestApp({ config: { WEB_DIST_DIR: dist, PAGE_DATA_BUDGET_MS: '10000' } });
    const db = t.database.db;
    const gala = await createShow(db, {
      fullname: 'Gala </script><script>alert(1)</script> & <!-- "Sinfónica"',
      billboard: true,
    });
    ids.gala = gala.id;
    await createTicket(db, gala.id, { fullname: 'Platea' });
    ids.draft = (
      await createShow(db, { fullname: 'Borrador secreto', status: 'NEW', path: 'borrador' })
    ).id;
    ids.festival = (
      await createShow(db, {
        fullname: 'Festival de Cine',
        path: 'festival-de-cine',
        settings: { landing: { template: 'festival' } },
      })
    ).id;
    ids.film = (
      await createShow(db, {
        fullname: 'Película',
        path: 'pelicula',
        parentShowId: ids.festival,
        settings: { landing: { template: 'film' } },
      })
    ).id;
    ids.channel = (
      await createShow(db, {
        fullname: 'Canal de Conciertos',
        path: 'canal-de-conciertos',
        settings: { landing: { template: 'channel' } },
      })
    ).id;
    ids.episode = (
      await createShow(db, { fullname: 'Episodio 1', parentShowId: ids.channel, visible: false })
    ).id;
    viewer = await signedInViewer(t);
    await giveTicket(t, viewer, ids.episode, 'CODIGO77');
  });
  afterAll(() => t.close());

  it("carries the home page's four lists, equal to the direct calls", async () => {
    const page = await navigate('/');

    expect(page.statusCode).toBe(200);
    const data = pageDataOf(page.body);
    const urls = [
      '/shows?sort=1&billboard=1',
      '/shows?sort=1',
      '/shows?filter=ALL&sort=-1&vod=1&status=ACTIVE%2CREPLAY%2CSOON',
      '/shows?filter=PAST&sort=-1',
    ];
    expect(Object.keys(data ?? {})).toEqual(urls.map((url) => `GET ${url}`));
    for (const url of urls) expect(data?.[`GET ${url}`]).toEqual(await direct(url));
    // Public answers only: the page may be kept by a shared cache, revalidated each time.
    expect(page.headers['cache-control']).toBe('no-cache');
    // Just before </body>, after the root the SPA renders into.
    expect(page.body.indexOf('id="page-data"')).toBeGreaterThan(page.body.indexOf('id="root"'));
    expect(page.body.endsWith('</script></body></html>')).toBe(true);
  });

  it('compresses a page with its data for a browser that accepts it', async () => {
    const plain = await navigate('/');
    const br = await navigate('/', { 'accept-encoding': 'gzip, deflate, br' });

    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(br.headers.vary)).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it("carries a show page's show and its tickets, equal to the direct calls", async () => {
    const data = pageDataOf((await navigate(`/shows/${ids.gala}`)).body);

    const urls = [
      `/shows/${ids.gala}`,
      `/shows/${ids.gala}/tickets?paymentType=${PAID_TYPES}`,
      `/shows/${ids.gala}/tickets?paymentType=CREDIT_CARD`,
    ];
    expect(Object.keys(data ?? {})).toEqual(urls.map((url) => `GET ${url}`));
    for (const url of urls) expect(data?.[`GET ${url}`]).toEqual(await direct(url));
    expect(
      (
        data?.[`GET /shows/${ids.gala}/tickets?paymentType=CREDIT_CARD`] as {
          items: { fullname: string }[];
        }
      ).items[0]?.fullname,
    ).toBe('Platea');
  });

  it('writes a producer\'s "<" as \\u003c, so a show name cannot end the script', async () => {
    const html = (await navigate(`/shows/${ids.gala}`)).body;

    const block = PAGE_DATA.exec(html)?.[1] ?? '';
    expect(block).not.toContain('<');
    expect(block).toContain('\\u003c/script>\\u003cscript>alert(1)');
    // The page's own two script elements (its data and its Event JSON-LD, decision
    // 0069) and no other: the name opened none.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<script type="application\/(json|ld\+json)"/g)).toHaveLength(2);
    const show = pageDataOf(html)?.[`GET /shows/${ids.gala}`] as { fullname: string };
    expect(show.fullname).toBe('Gala </script><script>alert(1)</script> & <!-- "Sinfónica"');
  });

  it("carries a festival film's page at /{festival}/{film}, the festival's films and the film's tickets", async () => {
    const data = pageDataOf((await navigate('/festival-de-cine/pelicula')).body);

    const urls = [
      '/shows/festival-de-cine',
      '/shows/pelicula',
      // The film's own ticket box (a paid film sells by card), then its festival's films.
      `/shows/${ids.film}/tickets?paymentType=CREDIT_CARD`,
      `/shows?parent=${ids.festival}&filter=ALL&visible=-1`,
    ];
    expect(Object.keys(data ?? {})).toEqual(urls.map((url) => `GET ${url}`));
    for (const url of urls) expect(data?.[`GET ${url}`]).toEqual(await direct(url));
  });

  it('carries nothing for a draft, which answers the same 404 as the API', async () => {
    for (const url of [`/shows/${ids.draft}`, '/borrador']) {
      const page = await navigate(url);
      expect(page.statusCode).toBe(200);
      // The page as built, with only the head's noindex (decision 0069) added.
      expect(page.body).toBe(INDEX.replace('</head>', NOINDEX + '</head>'));
      expect(page.body).not.toContain('Borrador secreto');
    }
    const api = await t.app.inject({
      method: 'GET',
      url: '/shows/borrador',
      headers: { accept: 'application/json' },
    });
    expect(api.statusCode).toBe(404);
  });

  it("carries a player's show as its address reads it, never its access (decision 0075)", async () => {
    const pages: [string, string[]][] = [
      [`/shows/${ids.gala}/player`, [`/shows/${ids.gala}`]],
      [`/shows/${ids.gala}/full?code=ABC`, [`/shows/${ids.gala}`]],
      ['/canal-de-conciertos/player', ['/shows/canal-de-conciertos']],
      // A film alone: the SPA reads its festival before it draws the player.
      ['/pelicula/player', ['/shows/pelicula', `/shows/${ids.festival}`]],
      ['/festival-de-cine/pelicula/player', ['/shows/festival-de-cine', '/shows/pelicula']],
    ];
    for (const [url, calls] of pages) {
      const page = await navigate(url);
      const data = pageDataOf(page.body);
      expect(Object.keys(data ?? {}), url).toEqual(calls.map((call) => `GET ${call}`));
      for (const call of calls) expect(data?.[`GET ${call}`], url).toEqual(await direct(call));
      expect(page.body, url).toContain(NOINDEX);
    }

    const signedIn = await navigate('/canal-de-conciertos/player', viewer.cookieHeaders);
    const data = pageDataOf(signedIn.body);
    expect(Object.keys(data ?? {}).sort()).toEqual(
      ['GET /auth/session', 'GET /shows/canal-de-conciertos'].sort(),
    );
    expect(signedIn.body).not.toContain('playback');
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    // A draft's player answers as its page does: nothing a stranger could read.
    expect(PAGE_DATA.test((await navigate('/borrador/player')).body)).toBe(false);
  });

  it('carries nothing for console, account or cart pages, signed in or not', async () => {
    for (const url of [
      '/admin',
      '/admin/shows',
      '/account',
      '/user/orders',
      '/cart',
      '/cart/checkout',
      `/shows/${ids.gala}/chat`,
      '/login',
      '/shows/past',
    ]) {
      for (const headers of [{}, viewer.cookieHeaders]) {
        const page = await navigate(url, headers);
        expect(PAGE_DATA.test(page.body), url).toBe(false);
        expect(page.body.replace(/<meta[^>]*>|<link[^>]*>/g, ''), url).toBe(
          INDEX.replace(
            /<title>[^<]*<\/title>/,
            page.body.match(/<title>[^<]*<\/title>/)?.[0] ?? '',
          ),
        );
      }
    }
  });

  it("gives a logged-out visitor the channel as anyone's, never a viewer's access", async () => {
    const page = await navigate('/canal-de-conciertos');

    const data = pageDataOf(page.body);
    expect(Object.keys(data ?? {})).toEqual([
      'GET /shows/canal-de-conciertos',
      `GET /shows/showChannels/${ids.channel}`,
    ]);
    const channel = data?.[`GET /shows/showChannels/${ids.channel}`] as {
      children: { access: unknown }[];
    };
    expect(channel.children).toHaveLength(1);
    expect(channel.children[0]?.access).toBeNull();
    expect(page.body).not.toContain('CODIGO77');
    expect(page.body).not.toContain(viewer.viewerId);
    expect(page.body).not.toContain('/auth/session');
    // Without the session cookie every answer is anyone's: the page is as public as before.
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('gives a signed-in viewer their session and their access, in a page no shared cache keeps', async () => {
    const page = await navigate('/canal-de-conciertos', viewer.cookieHeaders);

    const data = pageDataOf(page.body);
    const channelKey = `GET /shows/showChannels/${ids.channel}?viewer=${viewer.viewerId}`;
    expect(Object.keys(data ?? {}).sort()).toEqual(
      ['GET /auth/session', 'GET /shows/canal-de-conciertos', channelKey].sort(),
    );
    expect(data?.['GET /auth/session']).toEqual(
      await direct('/auth/session', viewer.cookieHeaders),
    );
    expect(data?.[channelKey]).toEqual(
      await direct(
        `/shows/showChannels/${ids.channel}?viewer=${viewer.viewerId}`,
        viewer.cookieHeaders,
      ),
    );
    expect(page.body).toContain('CODIGO77');
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(String(page.headers.vary)).toMatch(/Cookie/);
  });

  describe('the time budget and failed calls', () => {
    const BILLBOARD = '/shows?sort=1&billboard=1';
    const PAST = '/shows?filter=PAST&sort=-1';

    function navigation(method = 'GET') {
      return {
        method,
        url: '/',
        headers: NAVIGATION,
        id: 'req-page-data',
        socket: { remoteAddress: '127.0.0.1' },
        log: t.app.log,
      } as unknown as FastifyRequest;
    }

    it('leaves out a call still unanswered when the budget runs out, and keeps the rest', async () => {
      const pageData = createPageData({
        budgetMs: 50,
        // The billboard call never answers; the others answer at once (no race with the clock).
        inject: (call) =>
          call.url === BILLBOARD
            ? new Promise(() => {})
            : Promise.resolve({
                statusCode: 200,
                headers: { 'content-type': 'application/json; charset=utf-8' },
                payload: '{"items":[]}',
              }),
      });

      const script = await pageData(navigation())?.script;

      const keys = Object.keys(JSON.parse(PAGE_DATA.exec(script ?? '')?.[1] ?? '{}'));
      expect(keys).toHaveLength(3);
      expect(keys).not.toContain(`GET ${BILLBOARD}`);
      expect(keys).toContain(`GET ${PAST}`);
    });

    it('leaves out a call that fails or answers an error', async () => {
      const pageData = createPageData({
        budgetMs: 10_000,
        inject: async (call) => {
          if (call.url === BILLBOARD) throw new Error('connection reset');
          if (call.url === PAST) {
            return {
              statusCode: 503,
              headers: { 'content-type': 'application/json' },
              payload: '{"error":"SERVICE_UNAVAILABLE"}',
            };
          }
          return t.app.inject(call);
        },
      });

      const script = await pageData(navigation())?.script;

      const keys = Object.keys(JSON.parse(PAGE_DATA.exec(script ?? '')?.[1] ?? '{}'));
      expect(keys).toEqual([
        'GET /shows?sort=1',
        'GET /shows?filter=ALL&sort=-1&vod=1&status=ACTIVE%2CREPLAY%2CSOON',
      ]);
    });

    it("asks a page's answers for anyone not signed in once per cache period, never a signed-in browser's", async () => {
      // A cache of its own: the app's would be cleared by its own invalidations' echo.
      const cache = createCatalogueCache({
        redis: quietRedis().redis,
        namespace: 'test-page-data',
        ttlSeconds: 60,
        log: { warn: () => undefined },
      });
      const calls: string[] = [];
      const pageData = createPageData({
        budgetMs: 10_000,
        inject: (call) => {
          calls.push(call.url);
          return t.app.inject(call);
        },
        cache,
      });
      const anonymous = (url: string) => ({ ...navigation(), url }) as unknown as FastifyRequest;

      const first = await pageData(anonymous('/'))?.script;
      expect(calls).toHaveLength(4);
      // Another visitor, the same page with a query string: the same answers, nothing asked.
      expect(await pageData(anonymous('/?utm_source=whatsapp'))?.script).toBe(first);
      expect(calls).toHaveLength(4);

      // A signed-in browser's page is its own: asked again, never kept for others.
      const signedIn = {
        ...navigation(),
        headers: { ...NAVIGATION, cookie: 'sid=una-sesion-cualquiera' },
      } as unknown as FastifyRequest;
      expect(pageData(signedIn)?.isPrivate).toBe(true);
      await pageData(signedIn)?.script;
      expect(calls.length).toBeGreaterThan(4);

      // An organiser's write clears it: the next visitor's page is asked again.
      const before = calls.length;
      await cache.invalidateAll();
      await pageData(anonymous('/'))?.script;
      expect(calls.length - before).toBe(4);
    });

    it('asks nothing with a budget of 0, or for a HEAD', async () => {
      const calls: string[] = [];
      const inject: InjectCall = (call) => {
        calls.push(call.url);
        return t.app.inject(call);
      };
      expect(await createPageData({ budgetMs: 0, inject })(navigation())).toBeNull();
      expect(await createPageData({ budgetMs: 300, inject })(navigation('HEAD'))).toBeNull();
      expect(calls).toEqual([]);
    });
  });
});

describe('which navigations are public pages', () => {
  it('reads the home page, show pages and vanity paths as the SPA router does', () => {
    expect(publicPageOf('/')).toEqual({ kind: 'home' });
    expect(publicPageOf('/?utm_source=whatsapp')).toEqual({ kind: 'home' });
    expect(publicPageOf('/shows/abc-123')).toEqual({ kind: 'show', address: { id: 'abc-123' } });
    expect(publicPageOf('/Shows/abc-123/')).toEqual({ kind: 'show', address: { id: 'abc-123' } });
    expect(publicPageOf('/gala?code=X')).toEqual({ kind: 'show', address: { path: 'gala' } });
    expect(publicPageOf('/festival/film')).toEqual({
      kind: 'show',
      address: { path: 'festival', sub: 'film' },
    });
  });

  it("reads a show's players, by id, by path and a festival's film's (decision 0075)", () => {
    expect(publicPageOf('/shows/abc/player')).toEqual({ kind: 'player', address: { id: 'abc' } });
    expect(publicPageOf('/shows/abc/Full/')).toEqual({ kind: 'player', address: { id: 'abc' } });
    expect(publicPageOf('/gala/player?code=X')).toEqual({
      kind: 'player',
      address: { path: 'gala' },
    });
    expect(publicPageOf('/festival/film/Player')).toEqual({
      kind: 'player',
      address: { path: 'festival', sub: 'film' },
    });
  });

  it('reads no other page as one', () => {
    for (const url of [
      '/shows',
      '/shows/past',
      '/shows/new',
      '/shows/past/player',
      '/shows/abc/quicklink',
      '/shows/abc/chat',
      '/shows/abc/player/x',
      '/admin/player',
      '/a/b/c',
      '/a/b/c/player',
      '/admin',
      '/ADMIN/shows',
      '/login',
      '/password/reset/abcdef',
      '/favicon.svg',
      '/gala%2Fx',
      '//gala',
    ]) {
      expect(publicPageOf(url), url).toBeNull();
    }
  });
});
