import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { LoggedIn, Organisers } from '../../helpers/auth.ts';
import { createShow } from '../../helpers/factories.ts';
import { callAs, fieldsOf } from '../../helpers/http.ts';
import { pictureOf } from '../../helpers/images.ts';

const PUBLIC_URL = 'http://localhost:3000';
const MAX_BYTES = 4096;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

const URL_SHAPE = (showId: string, field: string, ext: string) =>
  new RegExp(`^${PUBLIC_URL}/storage/public/shows/${showId}/${field}-[0-9a-f-]{36}\\.${ext}$`);

describe('show images (POST /admin/shows/{id}/images, GET /storage/public/*)', () => {
  let t: TestApp;
  let o: Organisers;
  let dir: string;
  let showId: string;

  const upload = (
    who: LoggedIn | null,
    id: string,
    body: Buffer,
    { field = 'main_image', type = 'image/png' }: { field?: string; type?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/admin/shows/${id}/images?field=${field}`,
      headers: { ...(who ? who.headers : {}), 'content-type': type },
      payload: body,
    });
  const storedFiles = async () =>
    (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const readPublic = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'taquilla-show-images-'));
    t = await createTestApp({
      config: { STORAGE_DIR: dir, PUBLIC_URL, UPLOAD_MAX_BYTES: String(MAX_BYTES) },
    });
    o = await createOrganisers(t);
    showId = (await createShow(t.database.db, { producerId: o.producerA })).id;
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores a PNG, serves it to anyone with long caching, and audits the upload', async () => {
    const res = await upload(o.producerUserA, showId, PNG);
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json() as { field: string; url: string; content_type: string; size: number };
    expect(image).toMatchObject({
      field: 'main_image',
      content_type: 'image/png',
      size: PNG.length,
    });
    expect(image.url).toMatch(URL_SHAPE(showId, 'main_image', 'png'));

    const read = await readPublic(image.url);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(PNG)).toBe(true);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(read.headers['x-content-type-options']).toBe('nosniff');

    const audit = await t.database.db.auditLog.findMany({
      where: { entityId: showId, action: 'show.image_upload' },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toEqual(image);

    // The console then writes the URL into the show.
    const patched = await callAs(t, o.producerUserA, 'PATCH', `/admin/shows/${showId}`, {
      main_image: image.url,
      settings: { channel_image: image.url },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      main_image: image.url,
      settings: { channel_image: image.url },
    });
  });

  it('takes JPG and WebP by their bytes, whatever type the browser declared', async () => {
    const WEBP = await pictureOf('webp', 16, 9);
    const jpg = await upload(o.producerUserA, showId, await pictureOf('jpeg', 16, 9), {
      field: 'poster_image',
      type: 'application/octet-stream',
    });
    expect(jpg.statusCode, jpg.body).toBe(201);
    expect(jpg.json()).toMatchObject({ content_type: 'image/jpeg' });
    expect(jpg.json().url).toMatch(URL_SHAPE(showId, 'poster_image', 'jpg'));

    const webp = await upload(o.producerUserA, showId, WEBP, {
      field: 'channel_image_mobile',
      type: 'image/png',
    });
    expect(webp.statusCode, webp.body).toBe(201);
    expect(webp.json()).toMatchObject({ content_type: 'image/webp', size: WEBP.length });
    const read = await readPublic(webp.json().url);
    expect(read.headers['content-type']).toBe('image/webp');
  });

  it('refuses anything that is not a JPG, PNG or WebP by content, storing nothing', async () => {
    const before = (await storedFiles()).length;
    for (const [body, type] of [
      [PDF, 'image/png'],
      [PDF, 'application/pdf'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'],
      [Buffer.from('RIFF\0\0\0\0WAVEfmt '), 'image/webp'],
      [Buffer.alloc(0), 'image/png'],
      // The first bytes of a JPG, then no picture: decoding it for its copies fails.
      [Buffer.concat([JPG_START, PDF]), 'image/jpeg'],
    ] as const) {
      const res = await upload(o.producerUserA, showId, body, { type });
      expect(res.statusCode, `${type}: ${res.body}`).toBe(422);
      expect(res.json()).toEqual({
        error: 'SHOW_IMAGE_INVALID_TYPE',
        message: 'La imagen debe ser JPG, PNG o WebP',
      });
    }
    const json = await callAs(
      t,
      o.producerUserA,
      'POST',
      `/admin/shows/${showId}/images?field=main_image`,
      {
        image: 'data:image/png;base64,AAAA',
      },
    );
    expect(json.statusCode).toBe(422);
    expect(json.json().error).toBe('SHOW_IMAGE_INVALID_TYPE');
    expect((await storedFiles()).length).toBe(before);
  });

  it('refuses a file over the size limit with the limit in the message, storing nothing', async () => {
    const before = (await storedFiles()).length;
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_BYTES + 1 - PNG.length)]);
    const res = await upload(o.producerUserA, showId, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: 'UPLOAD_TOO_LARGE',
      message: 'El archivo es demasiado grande: el máximo es 4 KB',
    });
    const exact = await upload(o.producerUserA, showId, big.subarray(0, MAX_BYTES));
    expect(exact.statusCode, exact.body).toBe(201);
    // The original and its three WebP copies (decision 0071).
    expect((await storedFiles()).length).toBe(before + 4);
  });

  it('answers 404 for another producer’s show, 403 to a viewer, 401 anonymously; admins may upload', async () => {
    const before = (await storedFiles()).length;
    const other = await upload(o.producerUserB, showId, PNG);
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe('SHOW_NOT_FOUND');
    const viewer = await upload(o.viewer, showId, PNG);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().error).toBe('FORBIDDEN');
    // The guard runs before the body is read: a viewer's oversized file is a 403, not a 413.
    const viewerBig = await upload(o.viewer, showId, Buffer.alloc(MAX_BYTES * 2));
    expect(viewerBig.statusCode).toBe(403);
    expect((await upload(null, showId, PNG)).statusCode).toBe(401);
    const unknown = await upload(o.producerUserA, '00000000-0000-4000-8000-000000000000', PNG);
    expect(unknown.statusCode).toBe(404);
    expect((await upload(o.producerUserA, 'no-es-un-id', PNG)).statusCode).toBe(404);
    expect((await storedFiles()).length).toBe(before);

    const admin = await upload(o.admin, showId, PNG, { field: 'playlist_image' });
    expect(admin.statusCode, admin.body).toBe(201);
  });

  it('names the field when it is missing or unknown', async () => {
    const res = await upload(o.producerUserA, showId, PNG, { field: 'logo' });
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res.json())).toEqual(['field']);
  });

  it('serves only keys shaped like show images, and 404 for a missing one', async () => {
    const missing = `/storage/public/shows/${showId}/main_image-00000000-0000-4000-8000-000000000000.png`;
    expect((await t.app.inject({ method: 'GET', url: missing })).statusCode).toBe(404);
    for (const url of [
      '/storage/public/proofs/x.png',
      `/storage/public/shows/${showId}/main_image.svg`,
      `/storage/public/shows/${showId}/../../proofs/a.png`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
