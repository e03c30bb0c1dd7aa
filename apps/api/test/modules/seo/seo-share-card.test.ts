import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeShowImage } from '../../../src/modules/images/images.store.ts';
import { createTurns } from '../../../src/modules/seo/share-card.queue.ts';
import { sweepShareCardsOfDeletedShows } from '../../../src/modules/seo/share-card.sweep.ts';
import { createObjectStorage } from '../../../src/modules/storage/storage.ts';
import type { ObjectStorage } from '../../../src/modules/storage/storage.ts';
import { createTestApp, testConfig } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createShow } from '../../helpers/factories.ts';
import { builtSpaDir, parseHtml } from '../../helpers/html-page.ts';
import { pictureOf } from '../../helpers/images.ts';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const SITE = 'https://taquilla.example';
const CARD_URL = /^https:\/\/taquilla\.example\/images\/share\/[0-9a-f-]{36}\/[0-9a-f]{16}\.jpg$/;
const HOSTILE = `Gala "Sinfónica" <script>alert(1)</script> \u0007 & más '</span><span size="900000">`;
/** Demo art as the seed has it: an SVG of the build, left half green, right half blue. */
const DEMO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 960 540" width="960" height="540">' +
  '<rect width="960" height="540" fill="#1d4ed8"/><rect width="480" height="540" fill="#16a34a"/></svg>';

/** The colour at (x, y) of a picture, as [r, g, b]. */
async function colourAt(body: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
}
const near = (actual: number[], expected: number[]) =>
  actual.every((value, i) => Math.abs(value - (expected[i] ?? 0)) <= 24);

/**
 * Decision 0073: every public show page's preview names its share card, a 1200 × 630
 * JPEG made on its first request from the show's own picture (a photo or the SVG demo
 * art) or, without one, the plain card with its name and date; kept in storage, its
 * address changing with what it draws. A draft has none.
 */
describe('share cards', () => {
  let t: TestApp;
  let dir: string;
  let storage: ObjectStorage;

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  /** The og:image of a show page, as a path of this site. */
  const cardOf = async (pageUrl: string) => {
    const page = parseHtml((await get(pageUrl, { accept: HTML })).body);
    const image = page.meta('og:image');
    expect(image, pageUrl).toMatch(CARD_URL);
    return new URL(image ?? '').pathname;
  };
  const madeLogs = () => t.logs.filter((line) => line.includes('share card made'));
  /** An upload as the admin route stores it: the original and its WebP copies. */
  const uploaded = async (showId: string, body: Buffer) => {
    const key = `public/shows/${showId}/main_image-${randomUUID()}.png`;
    await storeShowImage(storage, key, body, 'image/png');
    return `${SITE}/storage/${key}`;
  };
  const setShow = async (id: string, data: { mainImage?: string | null; fullname?: string }) => {
    await t.database.db.show.update({ where: { id }, data });
    await t.app.catalogueCache.invalidateAll();
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'taquilla-share-cards-'));
    const dist = builtSpaDir();
    mkdirSync(path.join(dist, 'images', 'demo'), { recursive: true });
    writeFileSync(path.join(dist, 'images', 'demo', 'prueba.svg'), DEMO_SVG);
    const config = { STORAGE_DIR: dir, PUBLIC_URL: `${SITE}/`, WEB_DIST_DIR: dist };
    t = await createTestApp({ config });
    storage = createObjectStorage({
      config: testConfig({ DATABASE_URL: t.database.url, ...config }),
      clock: () => new Date(),
    });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("makes a 1200 × 630 JPEG of a show's uploaded picture, fitted by cover", async () => {
    const show = await createShow(t.database.db, { path: 'foto-tarjeta' });
    // A square picture, its left half red and right half navy: the card keeps its middle.
    await setShow(show.id, {
      mainImage: await uploaded(show.id, await pictureOf('png', 1000, 1000)),
    });
    const res = await get(await cardOf('/foto-tarjeta'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Other sites (the networks' previews) may show it.
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    expect(res.rawPayload.length).toBeLessThan(300 * 1024);
    expect(near(await colourAt(res.rawPayload, 300, 315), [0xe2, 0x3b, 0x5a])).toBe(true);
    expect(near(await colourAt(res.rawPayload, 900, 315), [0x1e, 0x1b, 0x4b])).toBe(true);
  });

  it("rasterises a show's SVG art (the demo's) into the card", async () => {
    const show = await createShow(t.database.db, { mainImage: '/images/demo/prueba.svg' });
    const res = await get(await cardOf(`/shows/${show.id}`));
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    expect(near(await colourAt(res.rawPayload, 300, 315), [0x16, 0xa3, 0x4a])).toBe(true);
    expect(near(await colourAt(res.rawPayload, 900, 315), [0x1d, 0x4e, 0xd8])).toBe(true);
  });

  it('draws the plain card for a show without a picture, or with one on another site', async () => {
    const plain = await createShow(t.database.db, { path: 'sin-imagen-tarjeta' });
    const elsewhere = await createShow(t.database.db, {
      path: 'imagen-ajena-tarjeta',
      mainImage: 'https://otro-sitio.example/afiche.jpg',
    });
    for (const url of ['/sin-imagen-tarjeta', '/imagen-ajena-tarjeta']) {
      const res = await get(await cardOf(url));
      expect(res.statusCode, url).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], url).toEqual(['jpeg', 1200, 630]);
      // The site's dark ground, and its accent bar along the bottom.
      expect(near(await colourAt(res.rawPayload, 600, 540), [0x10, 0x12, 0x17]), url).toBe(true);
      expect(near(await colourAt(res.rawPayload, 600, 626), [0xdf, 0x2b, 0x55]), url).toBe(true);
    }
    expect(plain.id).not.toBe(elsewhere.id);
  });

  it("writes a producer's name as text: quotes, <script>, & and markup all render", async () => {
    await createShow(t.database.db, { path: 'nombre-hostil-tarjeta', fullname: HOSTILE });
    const res = await get(await cardOf('/nombre-hostil-tarjeta'));
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
  });

  it('makes a card once: later requests, and requests at the same time, get the kept one', async () => {
    const show = await createShow(t.database.db, { path: 'una-vez-tarjeta' });
    const url = await cardOf('/una-vez-tarjeta');
    const version = url.split('/').pop()?.replace('.jpg', '');
    const before = madeLogs().length;
    const first = await Promise.all([get(url), get(url), get(url), get(url)]);
    expect(first.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(madeLogs().length - before).toBe(1);
    expect(await storage.head(`share-cards/shows/${show.id}/${version}.jpg`)).not.toBeNull();

    const again = await get(url);
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).toBe(`"${version}"`);
    expect(again.headers.etag).toBe(first[0]?.headers.etag);
    expect(again.rawPayload.equals(first[0]?.rawPayload ?? Buffer.alloc(0))).toBe(true);
    expect(madeLogs().length - before).toBe(1);
    const unchanged = await get(url, { 'if-none-match': `"${version}"` });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
  });

  it('gives a new address when the picture, or the plain card’s name, changes', async () => {
    const show = await createShow(t.database.db, { path: 'cambia-tarjeta' });
    const plainCard = await cardOf('/cambia-tarjeta');
    await setShow(show.id, { fullname: 'Nuevo nombre' });
    const renamed = await cardOf('/cambia-tarjeta');
    expect(renamed).not.toBe(plainCard);

    await setShow(show.id, {
      mainImage: await uploaded(show.id, await pictureOf('png', 800, 600)),
    });
    const withPicture = await cardOf('/cambia-tarjeta');
    expect(withPicture).not.toBe(renamed);
    expect((await get(withPicture)).statusCode).toBe(200);
    // The picture's card draws no name: renaming keeps it.
    await setShow(show.id, { fullname: 'Otro nombre' });
    expect(await cardOf('/cambia-tarjeta')).toBe(withPicture);

    await setShow(show.id, {
      mainImage: await uploaded(show.id, await pictureOf('png', 800, 600)),
    });
    const newPicture = await cardOf('/cambia-tarjeta');
    expect(newPicture).not.toBe(withPicture);
    // An old address moves to the current card, which is made; the old card goes.
    const old = await get(withPicture);
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe(`${SITE}${newPicture}`);
    expect((await get(newPicture)).statusCode).toBe(200);
    const oldKey = `share-cards/shows/${show.id}/${withPicture.split('/').pop()}`;
    expect(await storage.head(oldKey)).toBeNull();
  });

  it('answers 404 for a draft, a child of one, an unknown show or a malformed address', async () => {
    const draft = await createShow(t.database.db, { path: 'borrador-tarjeta', status: 'NEW' });
    const child = await createShow(t.database.db, { parentShowId: draft.id });
    const page = parseHtml((await get('/borrador-tarjeta', { accept: HTML })).body);
    expect(page.meta('og:image')).toBeNull();
    for (const id of [draft.id, child.id, randomUUID()]) {
      const res = await get(`/images/share/${id}/0123456789abcdef.jpg`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toMatchObject({ error: 'SHOW_NOT_FOUND' });
    }
    for (const url of [
      `/images/share/${draft.id}/nada.jpg`,
      '/images/share/no-es-un-id/0123456789abcdef.jpg',
      `/images/share/${child.id}/0123456789abcdef.png`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    expect(madeLogs().join('\n')).not.toContain(draft.id);
  });

  it('answers a hidden show’s card (its shared link keeps its preview), never as the SPA page', async () => {
    await createShow(t.database.db, { path: 'oculto-tarjeta', status: 'HIDDEN' });
    const url = await cardOf('/oculto-tarjeta');
    const res = await get(url, { accept: HTML });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
  });

  it('removes the cards of deleted shows in the daily sweep, and keeps every other', async () => {
    const kept = await createShow(t.database.db);
    const gone = await createShow(t.database.db);
    const keyOf = (cardPath: string) => cardPath.replace('/images/share/', 'share-cards/shows/');
    const keptKey = keyOf(await cardOf(`/shows/${kept.id}`));
    const goneKey = keyOf(await cardOf(`/shows/${gone.id}`));
    for (const card of [keptKey, goneKey]) {
      expect((await get(card.replace('share-cards/shows/', '/images/share/'))).statusCode).toBe(
        200,
      );
      expect(await storage.head(card), card).not.toBeNull();
    }
    // Something else in the folder is not a card: never touched.
    const stray = 'share-cards/shows/notas.txt';
    await storage.put(stray, Buffer.from('x'), 'text/plain');
    await t.database.db.show.delete({ where: { id: gone.id } });

    const swept = await sweepShareCardsOfDeletedShows({ db: t.database.db, storage });
    expect(swept.deleted).toBe(1);
    expect(await storage.head(goneKey)).toBeNull();
    expect(await storage.head(keptKey)).not.toBeNull();
    expect(await storage.head(stray)).not.toBeNull();
    // A second pass finds nothing more to remove.
    expect((await sweepShareCardsOfDeletedShows({ db: t.database.db, storage })).deleted).toBe(0);
  });
});

describe('share card turns', () => {
  it('runs one at a time, lets a few wait in order, and refuses the rest with 503', async () => {
    const inTurn = createTurns({ atOnce: 1, waiting: 2, retryAfterSeconds: 10 });
    const order: string[] = [];
    let release = () => {};
    const first = inTurn(
      () =>
        new Promise<void>((resolve) => {
          order.push('a');
          release = resolve;
        }),
    );
    const second = inTurn(async () => void order.push('b'));
    const third = inTurn(async () => void order.push('c'));
    await expect(inTurn(async () => void order.push('d'))).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      options: { retryAfterSeconds: 10 },
    });
    expect(order).toEqual(['a']);
    release();
    await Promise.all([first, second, third]);
    expect(order).toEqual(['a', 'b', 'c']);
    // Free again: the next one runs at once.
    await inTurn(async () => void order.push('e'));
    expect(order).toEqual(['a', 'b', 'c', 'e']);
  });
});
