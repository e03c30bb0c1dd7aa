import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgConnectionFields } from '../../../src/infra/db.ts';
import { QUEUES, SWEEPER_JOBS } from '../../../src/infra/queues.ts';
import { createObjectStorage } from '../../../src/modules/storage/storage.ts';
import type { ObjectStorage } from '../../../src/modules/storage/storage.ts';
import { sweepUnreferencedUploads } from '../../../src/modules/uploads/uploads.sweep.ts';
import { testConfig } from '../../helpers/app.ts';
import { createTestDatabase } from '../../helpers/database.ts';
import type { TestDatabase } from '../../helpers/database.ts';
import { createShow, createTicket } from '../../helpers/factories.ts';
import { runJobOnce } from '../../helpers/jobs.ts';

/** s3rver ships no types; this is the part of it the test uses. */
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string; configs: string[] }[];
}) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

const PUBLIC_URL = 'http://localhost:3000';
const BUCKET = 'taquilla-sweep';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const DAY_AND_AN_HOUR = 25 * 3_600_000;

type Driver = 'local' | 's3';

/** A storage of the driver under test, on a folder (or an s3rver bucket) of its own. */
async function storageOf(driver: Driver, database: TestDatabase) {
  const dir = await mkdtemp(path.join(tmpdir(), `taquilla-sweep-${driver}-`));
  let server: S3rverInstance | null = null;
  let extra: Record<string, string> = { STORAGE_DIR: dir };
  if (driver === 's3') {
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = await server.run();
    extra = {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    };
  }
  const config = testConfig({ DATABASE_URL: database.url, PUBLIC_URL, ...extra });
  const storage = createObjectStorage({ config, clock: () => new Date() });
  expect(storage.driver).toBe(driver);
  return {
    storage,
    async close() {
      await server?.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const link = (key: string) => `${PUBLIC_URL}/storage/${key}`;
const image = (showId: string, field: string, ext = 'png') =>
  `public/shows/${showId}/${field}-${randomUUID()}.${ext}`;
const proof = (showId: string, ext = 'png') =>
  `proofs/${showId}/${randomBytes(8).toString('hex')}/${randomUUID()}.${ext}`;

describe.each<Driver>(['local', 's3'])('unreferenced uploads sweep (%s driver)', (driver) => {
  let database: TestDatabase;
  let storage: ObjectStorage;
  let closeStorage: () => Promise<void>;
  const db = () => database.db;
  const exists = async (key: string) => (await storage.head(key)) !== null;
  const sweep = (at: Date) => sweepUnreferencedUploads({ db: db(), storage, clock: () => at });

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ storage, close: closeStorage } = await storageOf(driver, database));
  }, 30_000);
  afterAll(async () => {
    await closeStorage?.();
    await database?.drop();
  });

  it('removes only what no row names and was written more than a day ago; never anything else', async () => {
    const show = await createShow(db());
    const key = {
      mainImage: image(show.id, 'main_image'),
      replaced: image(show.id, 'main_image'),
      landing: image(show.id, 'landing_image', 'webp'),
      download: image(show.id, 'landing_image', 'jpg'),
      ticketImage: image(show.id, 'poster_image'),
      ordered: proof(show.id),
      abandoned: proof(show.id, 'jpg'),
      // Decision 0065: the copy an order owns, and one whose order was never placed.
      orderCopy: `proofs/orders/${randomUUID()}.png`,
      orphanCopy: `proofs/orders/${randomUUID()}.jpg`,
      notAnUpload: `exports/${randomUUID()}.png`,
    };
    for (const k of Object.values(key)) await storage.put(k, PNG, 'image/png');
    await db().show.update({
      where: { id: show.id },
      data: {
        mainImage: link(key.mainImage),
        settings: {
          landing: {
            gallery: [{ image: link(key.landing), caption: 'Ensayo' }],
            // A download is named by its path on this site.
            downloads: [{ file: `/storage/${key.download}`, label: 'Fotos' }],
          },
        },
      },
    });
    await createTicket(db(), show.id, { ticketImage: link(key.ticketImage) });
    const depositOrder = (fileKey: string) =>
      db().order.create({
        data: {
          email: 'comprador@taquilla.test',
          paymentType: 'BANK_DEPOSIT',
          status: 'WAITING_CONFIRMATION',
          subtotal: 10_000,
          total: 10_000,
          // As checkout stores it (orders.buyer.ts storedBuyer): the key, not a link.
          paymentInfo: { firstname: 'Ana', file_key: fileKey },
        },
      });
    // Placed before decision 0065: the order names the upload itself.
    await depositOrder(key.ordered);
    // Since 0065: the order names its copy, and its claim does too.
    const copied = await depositOrder(key.orderCopy);
    await db().proofClaim.create({
      data: { sourceKey: proof(show.id), orderId: copied.id, orderKey: key.orderCopy },
    });

    // Everything was written just now: nothing goes, whatever names it.
    expect(await sweep(new Date())).toEqual({ scanned: 9, deleted: 0, referenced: 0, young: 9 });
    for (const k of Object.values(key)) expect(await exists(k), k).toBe(true);

    // A day later: the replaced image, the abandoned checkout's proof and the copy no
    // order owns go.
    const later = new Date(Date.now() + DAY_AND_AN_HOUR);
    expect(await sweep(later)).toEqual({ scanned: 9, deleted: 3, referenced: 6, young: 0 });
    expect(await exists(key.replaced)).toBe(false);
    expect(await exists(key.abandoned)).toBe(false);
    expect(await exists(key.orphanCopy)).toBe(false);
    for (const k of [
      key.mainImage,
      key.landing,
      key.download,
      key.ticketImage,
      key.ordered,
      key.orderCopy,
      key.notAnUpload,
    ]) {
      expect(await exists(k), k).toBe(true);
    }
    // Nothing more the second time.
    expect(await sweep(later)).toMatchObject({ deleted: 0, referenced: 6 });
  });

  it('keeps an old image that a save still in progress when the sweep starts names', async () => {
    const show = await createShow(db());
    const key = image(show.id, 'channel_image');
    await storage.put(key, PNG, 'image/png');
    // The organiser's save has written the link but not committed yet.
    const saving = new pg.Client(pgConnectionFields(database.url));
    await saving.connect();
    try {
      await saving.query('BEGIN');
      await saving.query(`UPDATE shows SET settings = $1::jsonb WHERE id = $2::uuid`, [
        JSON.stringify({ channel_image: link(key) }),
        show.id,
      ]);
      const sweeping = sweepUnreferencedUploads({
        db: db(),
        storage,
        clock: () => new Date(Date.now() + DAY_AND_AN_HOUR),
        // Longer than the test needs to see the wait and commit, on a busy machine.
        lockTimeoutMs: 10_000,
      });
      // The sweep's first read cannot see the save; its lock waits for it.
      await expect
        .poll(
          async () =>
            (
              await db().$queryRaw<{ n: number }[]>`
                SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND mode = 'ShareLock'`
            )[0]?.n,
          { timeout: 10_000 },
        )
        .toBe(1);
      await sleep(100);
      await saving.query('COMMIT');
      const result = await sweeping;
      expect(result).toMatchObject({ deleted: 0 });
      expect(await exists(key)).toBe(true);
    } finally {
      await saving.end();
    }
  });

  it('keeps an old image that a ticket save in progress names, and never holds up a checkout', async () => {
    const show = await createShow(db());
    const ticket = await createTicket(db(), show.id);
    const named = image(show.id, 'ticket_image');
    const unnamed = image(show.id, 'poster_image');
    for (const key of [named, unnamed]) await storage.put(key, PNG, 'image/png');
    // The organiser's ticket save (admin-tickets.repo.ts) has taken its shared lock and
    // written the link, but not committed yet.
    const saving = new pg.Client(pgConnectionFields(database.url));
    const checkout = new pg.Client(pgConnectionFields(database.url));
    await Promise.all([saving.connect(), checkout.connect()]);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let deleting = 0;
    // The sweep stays inside its locked batch until the test lets it go on.
    const gated: ObjectStorage = Object.assign(Object.create(storage) as ObjectStorage, {
      delete: async (key: string) => {
        deleting += 1;
        await released;
        return storage.delete(key);
      },
    });
    try {
      await saving.query('BEGIN');
      await saving.query(
        `SELECT pg_advisory_xact_lock_shared(hashtext('taquilla:upload-references'))`,
      );
      await saving.query(`UPDATE tickets SET ticket_image = $1 WHERE id = $2::uuid`, [
        link(named),
        ticket.id,
      ]);
      const sweeping = sweepUnreferencedUploads({
        db: db(),
        storage: gated,
        clock: () => new Date(Date.now() + DAY_AND_AN_HOUR),
        lockTimeoutMs: 10_000,
      });
      await expect
        .poll(
          async () =>
            (
              await db().$queryRaw<{ n: number }[]>`
                SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND locktype = 'advisory'`
            )[0]?.n,
          { timeout: 10_000 },
        )
        .toBe(1);
      await sleep(100);
      await saving.query('COMMIT');
      // Now the sweep holds its locks and deletes: a checkout's sale goes through at once.
      await expect.poll(() => deleting, { timeout: 10_000 }).toBe(1);
      await checkout.query(`SET lock_timeout = 2000`);
      await checkout.query(`UPDATE tickets SET sold = sold + 1 WHERE id = $1::uuid`, [ticket.id]);
      release();
      expect(await sweeping).toMatchObject({ deleted: 1 });
      expect(await exists(named)).toBe(true);
      expect(await exists(unnamed)).toBe(false);
    } finally {
      release();
      await Promise.all([saving.end(), checkout.end()]);
    }
  });

  it('runs as a repeatable job on the sweeper queue', async () => {
    const show = await createShow(db());
    const key = image(show.id, 'poster_image');
    await storage.put(key, PNG, 'image/png');
    const result = await runJobOnce({
      db: db(),
      queue: QUEUES.sweeper,
      name: SWEEPER_JOBS.uploads,
      clock: () => new Date(Date.now() + DAY_AND_AN_HOUR),
      storage,
    });
    expect(result).toMatchObject({ deleted: 1 });
    expect(await exists(key)).toBe(false);
  });

  it('removes a show image with its WebP copies, keeps one a row names by a copy, and removes copies left without their original', async () => {
    const show = await createShow(db());
    const copiesOf = (key: string) =>
      [480, 960, 1600].map((w) => key.replace(/\.(jpg|png|webp)$/, `-${w}w.webp`));
    const unnamed = image(show.id, 'main_image');
    const namedByCopy = image(show.id, 'landing_image', 'jpg');
    // A crash after the copies and before the original (decision 0071).
    const neverStored = image(show.id, 'poster_image');
    for (const key of [unnamed, namedByCopy]) await storage.put(key, PNG, 'image/png');
    for (const key of [unnamed, namedByCopy, neverStored].flatMap(copiesOf)) {
      await storage.put(key, PNG, 'image/webp');
    }
    // An organiser pasted a copy's address into the gallery.
    await db().show.update({
      where: { id: show.id },
      data: {
        settings: {
          landing: {
            gallery: [{ image: link(copiesOf(namedByCopy)[1] as string), alt: 'Ensayo' }],
          },
        },
      },
    });

    const later = new Date(Date.now() + DAY_AND_AN_HOUR);
    expect(await sweep(later)).toMatchObject({ deleted: 4 });
    for (const key of [unnamed, ...copiesOf(unnamed), ...copiesOf(neverStored)]) {
      expect(await exists(key), key).toBe(false);
    }
    for (const key of [namedByCopy, ...copiesOf(namedByCopy)]) {
      expect(await exists(key), key).toBe(true);
    }
  });
});
