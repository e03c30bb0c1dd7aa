import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { showImageVariants } from '@taquilla/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { QUEUES, SWEEPER_JOBS } from '../../../src/infra/queues.ts';
import { makeMissingShowImageVariants } from '../../../src/modules/images/images.backfill.ts';
import { createObjectStorage } from '../../../src/modules/storage/storage.ts';
import type { ObjectStorage } from '../../../src/modules/storage/storage.ts';
import { createTestApp, testConfig } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { Organisers } from '../../helpers/auth.ts';
import { createShow } from '../../helpers/factories.ts';
import { callAs } from '../../helpers/http.ts';
import { pictureOf, pictureSize } from '../../helpers/images.ts';
import { runJobOnce } from '../../helpers/jobs.ts';

const PUBLIC_URL = 'http://localhost:3000';

/**
 * Decision 0071: every show image an organiser uploads is also stored as WebP at
 * 480, 960 and 1600 px beside the original (`…-480w.webp`), before the upload
 * answers; images stored before that get theirs from a job on the sweeper queue.
 */
describe('show image copies', () => {
  let t: TestApp;
  let o: Organisers;
  let dir: string;
  let storage: ObjectStorage;

  const upload = (showId: string, body: Buffer, field = 'main_image') =>
    t.app.inject({
      method: 'POST',
      url: `/admin/shows/${showId}/images?field=${field}`,
      headers: { ...o.producerUserA.headers, 'content-type': 'application/octet-stream' },
      payload: body,
    });
  const read = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });
  const filesOf = async (showId: string) =>
    (await readdir(path.join(dir, 'public', 'shows', showId)).catch(() => [])).sort();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'taquilla-image-copies-'));
    t = await createTestApp({ config: { STORAGE_DIR: dir, PUBLIC_URL } });
    o = await createOrganisers(t);
    storage = createObjectStorage({
      config: testConfig({ DATABASE_URL: t.database.url, STORAGE_DIR: dir, PUBLIC_URL }),
      clock: () => new Date(),
    });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores WebP copies at 480, 960 and 1600 px beside the original and lists them in the answer', async () => {
    const show = await createShow(t.database.db, { producerId: o.producerA });
    const res = await upload(show.id, await pictureOf('jpeg', 2000, 1000));
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json() as {
      url: string;
      width: number;
      height: number;
      variants: { width: number; url: string }[];
    };
    expect(image).toMatchObject({ content_type: 'image/jpeg', width: 2000, height: 1000 });
    const base = image.url.replace(/\.jpg$/, '');
    expect(image.variants).toEqual([
      { width: 480, url: `${base}-480w.webp` },
      { width: 960, url: `${base}-960w.webp` },
      { width: 1600, url: `${base}-1600w.webp` },
    ]);
    const name = path.basename(base);
    expect(await filesOf(show.id)).toEqual(
      [`${name}.jpg`, `${name}-480w.webp`, `${name}-960w.webp`, `${name}-1600w.webp`].sort(),
    );

    for (const { width, url } of image.variants) {
      const copy = await read(url);
      expect(copy.statusCode, url).toBe(200);
      expect(copy.headers['content-type']).toBe('image/webp');
      expect(copy.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await pictureSize(copy.rawPayload)).toEqual({
        format: 'webp',
        width,
        height: width / 2,
      });
    }
  });

  it('never enlarges: a narrower picture is copied at its own width, turned upright', async () => {
    const show = await createShow(t.database.db, { producerId: o.producerA });
    // A phone photo taken sideways: 1200 × 800 pixels, shown upright as 800 × 1200.
    const res = await upload(show.id, await pictureOf('jpeg', 1200, 800, { orientation: 6 }));
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json() as { width: number; height: number; variants: { url: string }[] };
    expect(image).toMatchObject({ width: 800, height: 1200 });
    const sizes = [];
    for (const { url } of image.variants)
      sizes.push(await pictureSize((await read(url)).rawPayload));
    expect(sizes.map((s) => [s.width, s.height])).toEqual([
      [480, 720],
      [800, 1200],
      [800, 1200],
    ]);
  });

  it('serves every copy the public show answer’s image URLs promise (the SPA’s srcset)', async () => {
    const show = await createShow(t.database.db, { producerId: o.producerA });
    const main = (await upload(show.id, await pictureOf('png', 1700, 900))).json().url as string;
    const poster = (await upload(show.id, await pictureOf('webp', 600, 900), 'poster_image')).json()
      .url as string;
    const patched = await callAs(t, o.producerUserA, 'PATCH', `/admin/shows/${show.id}`, {
      main_image: main,
      settings: { poster_image: poster },
    });
    expect(patched.statusCode, patched.body).toBe(200);

    const answer = await t.app.inject({ method: 'GET', url: `/shows/${show.id}` });
    expect(answer.statusCode, answer.body).toBe(200);
    const publicShow = answer.json() as { main_image: string; settings: { poster_image: string } };
    expect(publicShow.main_image).toBe(main);
    for (const url of [publicShow.main_image, publicShow.settings.poster_image]) {
      const copies = showImageVariants(url);
      expect(copies.map((c) => c.width)).toEqual([480, 960, 1600]);
      for (const copy of copies) {
        const served = await read(copy.url);
        expect(served.statusCode, copy.url).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
      }
    }
  });

  it('refuses a picture of more pixels than the limit, storing nothing', async () => {
    const show = await createShow(t.database.db, { producerId: o.producerA });
    // 8000 × 7000 of one colour: a small file claiming 56 megapixels.
    const huge = await sharp({
      create: { width: 8000, height: 7000, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    const res = await upload(show.id, huge);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: 'UPLOAD_TOO_LARGE',
      message: 'La imagen es demasiado grande: el máximo es 50 megapíxeles',
    });
    expect(await filesOf(show.id)).toEqual([]);
  });

  describe('images stored before the copies existed', () => {
    const keyOf = (showId: string, ext: string) =>
      `public/shows/${showId}/main_image-${randomUUID()}.${ext}`;
    const copyKeys = (key: string) =>
      [480, 960, 1600].map((w) => key.replace(/\.(jpg|png|webp)$/, `-${w}w.webp`));
    const exists = async (key: string) => (await storage.head(key)) !== null;

    it('gets its missing copies from the backfill, once; a broken file is logged once and skipped', async () => {
      const show = await createShow(t.database.db, { producerId: o.producerA });
      const old = keyOf(show.id, 'png');
      await storage.put(old, await pictureOf('png', 1000, 500), 'image/png');
      // Stopped after one copy (a crash): only the other two are made.
      const partial = keyOf(show.id, 'jpg');
      await storage.put(partial, await pictureOf('jpeg', 1000, 500), 'image/jpeg');
      const [kept480] = copyKeys(partial) as [string];
      const placeholder = Buffer.from('RIFF copia anterior WEBP');
      await storage.put(kept480, placeholder, 'image/webp');
      const broken = keyOf(show.id, 'jpg');
      await storage.put(broken, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), 'image/jpeg');

      // Until the backfill runs, the copy is missing: the SPA falls back to the original.
      const firstCopy = `${PUBLIC_URL}/storage/${copyKeys(old)[0]}`;
      expect((await read(firstCopy)).statusCode).toBe(404);

      const log = { warn: vi.fn() };
      const failedBefore = new Set<string>();
      const first = await makeMissingShowImageVariants({ storage, log, failedBefore });
      expect(first).toMatchObject({ made: 2, failed: 1, left: 0 });
      expect(log.warn).toHaveBeenCalledTimes(1);
      expect(log.warn.mock.calls[0]?.[0]).toMatchObject({ key: broken });
      for (const key of [...copyKeys(old), ...copyKeys(partial)]) {
        expect(await exists(key), key).toBe(true);
      }
      // The copy that was there is left as it was.
      expect((await storage.readStart(kept480, 64))?.equals(placeholder)).toBe(true);
      const served = await read(firstCopy);
      expect(served.statusCode).toBe(200);
      expect(await pictureSize(served.rawPayload)).toMatchObject({ width: 480, height: 240 });

      // Nothing more to do; the broken file is not tried (nor logged) again.
      const second = await makeMissingShowImageVariants({ storage, log, failedBefore });
      expect(second).toMatchObject({ made: 0, failed: 1 });
      expect(second.complete).toBe(second.originals - 1);
      expect(log.warn).toHaveBeenCalledTimes(1);
      for (const key of copyKeys(broken)) expect(await exists(key)).toBe(false);
    });

    it('stops making copies when its time is up and leaves the rest to the next run', async () => {
      // A storage of its own: only these two images need copies.
      const own = await mkdtemp(path.join(tmpdir(), 'taquilla-image-budget-'));
      try {
        const alone = createObjectStorage({
          config: testConfig({ DATABASE_URL: t.database.url, STORAGE_DIR: own, PUBLIC_URL }),
          clock: () => new Date(),
        });
        const showId = randomUUID();
        for (let i = 0; i < 2; i += 1) {
          await alone.put(keyOf(showId, 'png'), await pictureOf('png', 600, 300), 'image/png');
        }
        let tick = 0;
        // Each look at the clock moves it one step; the budget ends after the first image.
        const result = await makeMissingShowImageVariants({
          storage: alone,
          log: { warn: () => {} },
          budgetMs: 1.5,
          now: () => (tick += 1),
        });
        expect(result).toEqual({ originals: 2, complete: 0, made: 1, failed: 0, left: 1 });
        const next = await makeMissingShowImageVariants({
          storage: alone,
          log: { warn: () => {} },
        });
        expect(next).toEqual({ originals: 2, complete: 1, made: 1, failed: 0, left: 0 });
      } finally {
        await rm(own, { recursive: true, force: true });
      }
    });

    it('runs as a repeatable job on the sweeper queue', async () => {
      const show = await createShow(t.database.db, { producerId: o.producerA });
      const key = keyOf(show.id, 'png');
      await storage.put(key, await pictureOf('png', 800, 400), 'image/png');
      const result = await runJobOnce({
        db: t.database.db,
        queue: QUEUES.sweeper,
        name: SWEEPER_JOBS.variants,
        clock: () => new Date(),
        storage,
      });
      expect(result).toMatchObject({ made: 1 });
      for (const copy of copyKeys(key)) expect(await exists(copy), copy).toBe(true);
    });
  });
});
