import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { Organisers } from '../../helpers/auth.ts';
import { createShow } from '../../helpers/factories.ts';

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

const BUCKET = 'taquilla-images';
const PUBLIC_URL = 'http://localhost:3000';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Show images with the S3 driver (s3rver, a stand-in bucket): the API stores the bytes
 * it checked in the bucket and serves them back publicly, the bucket itself private.
 */
describe('show images in an S3 bucket', () => {
  let server: S3rverInstance;
  let dir: string;
  let t: TestApp;
  let o: Organisers;
  let showId: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'taquilla-s3rver-images-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = await server.run();
    t = await createTestApp({
      config: {
        PUBLIC_URL,
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    o = await createOrganisers(t);
    showId = (await createShow(t.database.db, { producerId: o.producerA })).id;
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores a checked image in the bucket and serves it to anyone through the API', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin/shows/${showId}/images?field=channel_image`,
      headers: { ...o.producerUserA.headers, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json() as { url: string };
    expect(url.startsWith(`${PUBLIC_URL}/storage/public/shows/${showId}/channel_image-`)).toBe(
      true,
    );

    const read = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(PNG)).toBe(true);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['content-length']).toBe(String(PNG.length));
    // Its WebP copies went to the bucket too, before the answer (decision 0071).
    const { variants } = res.json() as { variants: { url: string }[] };
    expect(variants).toHaveLength(3);
    for (const copy of variants) {
      const served = await t.app.inject({ method: 'GET', url: new URL(copy.url).pathname });
      expect(served.statusCode, copy.url).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    }

    const missing = new URL(url).pathname.replace(
      /-[0-9a-f-]{36}\./,
      '-00000000-0000-4000-8000-000000000000.',
    );
    expect((await t.app.inject({ method: 'GET', url: missing })).statusCode).toBe(404);
  });

  it('refuses other bytes before they reach the bucket', async () => {
    const bucketFiles = async () =>
      (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile())
        .length;
    const before = await bucketFiles();
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin/shows/${showId}/images?field=poster_image`,
      headers: { ...o.producerUserA.headers, 'content-type': 'image/png' },
      payload: Buffer.from('%PDF-1.4 no es una imagen'),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('SHOW_IMAGE_INVALID_TYPE');
    expect(await bucketFiles()).toBe(before);
  });
});
