import {
  BANNER_IMAGE_SIZES,
  HERO_IMAGE_SIZES,
  NARROW_IMAGE_MEDIA,
  PLAYER_STAGE_SIZES,
} from '@taquilla/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { routePageOf } from '../../../src/modules/pages/page-preloads.ts';
import { createShow } from '../../helpers/factories.ts';
import { builtSpaDir, parseHtml } from '../../helpers/html-page.ts';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const TEMPLATES = 'src/features/show/templates';

/**
 * A build shaped like the web's (vite.config.ts): the entry and its one chunk of shared
 * code, the show route with its own chunk and CSS, and two templates drawing with the
 * landing parts' chunk, which imports the entry's and the show route's chunks again.
 */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-C0ffee12.js',
    isEntry: true,
    imports: ['_app-A1.js'],
    css: ['assets/app-A1.css'],
  },
  '_app-A1.js': { file: 'assets/app-A1.js', dynamicImports: ['src/show-routes.tsx'] },
  'src/show-routes.tsx': {
    file: 'assets/show-routes-B2.js',
    isDynamicEntry: true,
    imports: ['_show-page-C3.js', '_app-A1.js'],
  },
  '_show-page-C3.js': { file: 'assets/show-page-C3.js', css: ['assets/show-page-C3.css'] },
  [`${TEMPLATES}/show-template.tsx`]: {
    file: 'assets/show-template-D4.js',
    isDynamicEntry: true,
    imports: ['_landing-parts-E5.js', '_app-A1.js'],
  },
  [`${TEMPLATES}/festival-template.tsx`]: {
    file: 'assets/festival-template-F6.js',
    isDynamicEntry: true,
    imports: ['_landing-parts-E5.js', '_show-page-C3.js'],
    css: ['assets/festival-template-F6.css'],
  },
  'src/features/cart/cart-page.tsx': {
    file: 'assets/cart-page-G7.js',
    isDynamicEntry: true,
    imports: ['_app-A1.js', '_order-form-H8.js'],
  },
  '_order-form-H8.js': { file: 'assets/order-form-H8.js', css: ['assets/order-form-H8.css'] },
  'src/features/show/show-player-route.tsx': {
    file: 'assets/show-player-route-J9.js',
    isDynamicEntry: true,
    imports: ['_app-A1.js'],
  },
  'src/features/player/player-page.tsx': {
    file: 'assets/player-page-K1.js',
    isDynamicEntry: true,
    imports: ['_hls-L2.js'],
  },
  '_hls-L2.js': { file: 'assets/hls-L2.js' },
  '_landing-parts-E5.js': {
    file: 'assets/landing-parts-E5.js',
    imports: ['_app-A1.js', '_show-page-C3.js'],
    css: ['assets/app-A1.css'],
  },
};

const ROUTE = ['/assets/show-routes-B2.js', '/assets/show-page-C3.js'];
const UPLOAD = (id: string) =>
  `/storage/public/shows/${id}/main_image-2f1c9a4e-7b6d-4c3a-9e8f-0a1b2c3d4e5f`;

describe("a show page's HTML fetches its route, template and picture ahead (decision 0074)", () => {
  let t: TestApp;

  const preloadsOf = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { accept: HTML } });
    expect(res.statusCode, url).toBe(200);
    const { document } = parseHtml(res.body);
    const links = [...document.querySelectorAll('head link')];
    const attr = (rel: string, name: string) =>
      links.filter((l) => l.getAttribute('rel') === rel).map((l) => l.getAttribute(name));
    return {
      scripts: attr('modulepreload', 'href'),
      scriptsCrossorigin: attr('modulepreload', 'crossorigin'),
      styles: links
        .filter((l) => l.getAttribute('rel') === 'preload' && l.getAttribute('as') === 'style')
        .map((l) => ({ href: l.getAttribute('href'), crossorigin: l.getAttribute('crossorigin') })),
      images: links
        .filter((l) => l.getAttribute('rel') === 'preload' && l.getAttribute('as') === 'image')
        .map((l) => ({
          href: l.getAttribute('href'),
          type: l.getAttribute('type'),
          srcset: l.getAttribute('imagesrcset'),
          sizes: l.getAttribute('imagesizes'),
          media: l.getAttribute('media'),
          priority: l.getAttribute('fetchpriority'),
        })),
    };
  };

  beforeAll(async () => {
    t = await createTestApp({
      config: { WEB_DIST_DIR: builtSpaDir(MANIFEST), PAGE_DATA_BUDGET_MS: '0' },
    });
  });

  afterAll(async () => {
    await t.close();
  });

  it("names the route's and the template's chunks and CSS, never the entry's, and the WebP copies of an uploaded picture", async () => {
    const show = await createShow(t.database.db, { path: 'gala-precargada' });
    const image = `${UPLOAD(show.id)}.jpg`;
    await t.database.db.show.update({ where: { id: show.id }, data: { mainImage: image } });

    const page = await preloadsOf('/gala-precargada');
    expect(page.scripts).toEqual([
      ...ROUTE,
      '/assets/show-template-D4.js',
      '/assets/landing-parts-E5.js',
    ]);
    // Module scripts are fetched in CORS mode: a preload without it would not be reused.
    expect(page.scriptsCrossorigin.every((value) => value === '')).toBe(true);
    // As Vite's loader adds the stylesheet (crossOrigin ''), so the browser fetches it once.
    expect(page.styles).toEqual([{ href: '/assets/show-page-C3.css', crossorigin: '' }]);
    const base = UPLOAD(show.id);
    expect(page.images).toEqual([
      {
        href: null,
        type: 'image/webp',
        srcset: `${base}-480w.webp 480w, ${base}-960w.webp 960w, ${base}-1600w.webp 1600w`,
        sizes: HERO_IMAGE_SIZES,
        media: null,
        priority: 'high',
      },
    ]);

    // A show without a vanity path, by its id: the same route and template.
    const byId = await createShow(t.database.db);
    expect((await preloadsOf(`/shows/${byId.id}`)).scripts).toEqual(page.scripts);
  });

  it("a festival gets its own template's chunk and CSS; a picture on another site as it is", async () => {
    await createShow(t.database.db, {
      path: 'festival-precargado',
      mainImage: 'https://cdn.example/festival.png',
      settings: { landing: { template: 'festival' } },
    });
    const page = await preloadsOf('/festival-precargado');
    expect(page.scripts).toEqual([
      ...ROUTE,
      '/assets/festival-template-F6.js',
      '/assets/landing-parts-E5.js',
    ]);
    expect(page.styles.map((style) => style.href)).toEqual([
      '/assets/show-page-C3.css',
      '/assets/festival-template-F6.css',
    ]);
    expect(page.images).toEqual([
      expect.objectContaining({ href: 'https://cdn.example/festival.png', srcset: null }),
    ]);
  });

  it("an artist's art-directed banner: the phone picture under 900 px, the wide one above", async () => {
    await createShow(t.database.db, {
      path: 'artista-precargado',
      settings: {
        landing: { template: 'artist' },
        channel_image: '/images/demo/artista-ancho.jpg',
        channel_image_mobile: '/images/demo/artista-cel.jpg',
      },
    });
    const page = await preloadsOf('/artista-precargado');
    expect(page.images).toEqual([
      expect.objectContaining({ href: '/images/demo/artista-cel.jpg', media: NARROW_IMAGE_MEDIA }),
      expect.objectContaining({
        href: '/images/demo/artista-ancho.jpg',
        media: '(min-width: 900px)',
      }),
    ]);
    // A template this build does not have (none in the manifest): the route alone.
    expect(page.scripts).toEqual(ROUTE);
    expect(BANNER_IMAGE_SIZES).not.toBe(HERO_IMAGE_SIZES);
  });

  it('a draft, an address no show has: the route only (the page says "not found"); other pages nothing', async () => {
    await createShow(t.database.db, {
      path: 'borrador-precargado',
      status: 'NEW',
      mainImage: '/images/demo/borrador.svg',
    });
    for (const url of ['/borrador-precargado', '/nadie-tiene-esta-direccion']) {
      const page = await preloadsOf(url);
      expect(page.scripts, url).toEqual(ROUTE);
      expect(page.images, url).toEqual([]);
    }
    for (const url of ['/login', '/', '/admin/shows', '/cart/otra', '/admin/shows/player']) {
      const page = await preloadsOf(url);
      expect(page, url).toEqual({ scripts: [], scriptsCrossorigin: [], styles: [], images: [] });
    }
  });

  it("a public show's player also fetches the picture its stage draws first, a draft's player does not (decision 0075)", async () => {
    const show = await createShow(t.database.db, {
      path: 'gala-en-linea',
      settings: { landing: { template: 'film' }, poster_image: '/images/demo/afiche.jpg' },
    });
    const image = `${UPLOAD(show.id)}.jpg`;
    await t.database.db.show.update({ where: { id: show.id }, data: { mainImage: image } });
    const base = UPLOAD(show.id);
    const stage = {
      href: null,
      type: 'image/webp',
      srcset: `${base}-480w.webp 480w, ${base}-960w.webp 960w, ${base}-1600w.webp 1600w`,
      sizes: PLAYER_STAGE_SIZES,
      media: null,
      priority: 'high',
    };
    for (const url of ['/gala-en-linea/player', '/gala-en-linea/player/?code=ABC']) {
      expect((await preloadsOf(url)).images, url).toEqual([stage]);
    }
    // A show without a vanity path plays at /shows/{id}/player (or /full).
    const byId = await createShow(t.database.db, { mainImage: '/images/demo/sin-ruta.jpg' });
    for (const url of [`/shows/${byId.id}/player`, `/shows/${byId.id}/full`]) {
      expect((await preloadsOf(url)).images, url).toEqual([
        expect.objectContaining({ href: '/images/demo/sin-ruta.jpg', srcset: null }),
      ]);
    }

    await createShow(t.database.db, {
      path: 'borrador-en-linea',
      status: 'NEW',
      mainImage: '/images/demo/borrador.svg',
    });
    for (const url of ['/borrador-en-linea/player', '/nadie-tiene-esta-direccion/player']) {
      const page = await preloadsOf(url);
      expect(page.images, url).toEqual([]);
      expect(page.scripts, url).toContain('/assets/player-page-K1.js');
    }
  });

  it("the cart and the players get their route's code; a module the build lacks is left out", async () => {
    expect((await preloadsOf('/cart')).scripts).toEqual([
      '/assets/cart-page-G7.js',
      '/assets/order-form-H8.js',
    ]);
    expect((await preloadsOf('/cart')).styles).toEqual([
      { href: '/assets/order-form-H8.css', crossorigin: '' },
    ]);
    const player = [
      '/assets/show-player-route-J9.js',
      '/assets/player-page-K1.js',
      '/assets/hls-L2.js',
    ];
    for (const url of [
      '/gala/player',
      '/festival/pelicula/player',
      '/shows/abc/player',
      '/shows/abc/full',
    ]) {
      expect((await preloadsOf(url)).scripts, url).toEqual(player);
    }
    // Checkout's module is not in this build: nothing to name.
    expect((await preloadsOf('/cart/checkout')).scripts).toEqual([]);
  });
});

describe('routePageOf reads the route table as the SPA does', () => {
  it('names the cart, checkout and the players, and nothing else', () => {
    expect(routePageOf('/cart')).toBe('cart');
    expect(routePageOf('/cart/?x=1')).toBe('cart');
    expect(routePageOf('/cart/checkout')).toBe('checkout');
    expect(routePageOf('/cart/checkout/guest')).toBe('checkout');
    expect(routePageOf('/cart/checkout/otra')).toBeNull();
    expect(routePageOf('/gala/player')).toBe('player');
    expect(routePageOf('/Gala/Player')).toBe('player');
    expect(routePageOf('/shows/abc/full')).toBe('player');
    expect(routePageOf('/shows/abc/chat')).toBeNull();
    expect(routePageOf('/account/player')).toBeNull();
    expect(routePageOf('/gala')).toBeNull();
    expect(routePageOf('/a/b/c/player')).toBeNull();
  });
});
