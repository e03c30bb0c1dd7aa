import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObjectStorage } from '../../src/modules/storage/storage.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createOrganisers } from '../helpers/auth.ts';
import type { Organisers } from '../helpers/auth.ts';
import { createShow } from '../helpers/factories.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** Files a browser would run if they were ever served as what they are. */
const HOSTILE: Record<string, Buffer> = {
  html: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body>'),
  svg: Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  ),
  // Leading spaces: a sniffer would still call it HTML.
  'html-after-spaces': Buffer.from('   \n<html><script>alert(1)</script></html>'),
};
/** A real PNG header followed by HTML: passes the magic bytes, must never render as HTML. */
const POLYGLOT = Buffer.concat([PNG, Buffer.from('<html><script>alert(1)</script></html>')]);

/**
 * Uploads are judged by their bytes, never by their name or declared type
 * (ARCHITECTURE §7, decision 0043), and served so that a browser cannot take
 * them for a page. Proofs in an S3 bucket are checked when an order names them:
 * uploads-s3.test.ts "takes any bytes on PUT, as S3 does, and refuses a PDF
 * when an order names it".
 */
describe('upload content checks', () => {
  let t: TestApp;
  let o: Organisers;
  let dir: string;
  let showId: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'taquilla-security-uploads-'));
    t = await createTestApp({ config: { STORAGE_DIR: dir } });
    o = await createOrganisers(t);
    showId = (await createShow(t.database.db, { producerId: o.producerA })).id;
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const storedFiles = async () =>
    (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;

  async function proofUrl(): Promise<{ signedUrl: string; link: string }> {
    const res = await t.app.inject({
      method: 'GET',
      url: '/cart/orders/uploadUrl',
      query: {
        show_uid: showId,
        session_id: `sess_${randomUUID().replaceAll('-', '')}`,
        filename: 'comprobante.png',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { signedUrl: string; link: string };
  }
  const putProof = (signedUrl: string, body: Buffer, type: string) => {
    const url = new URL(signedUrl);
    return t.app.inject({
      method: 'PUT',
      url: url.pathname + url.search,
      headers: { 'content-type': type },
      payload: body,
    });
  };
  const uploadImage = (body: Buffer, type: string) =>
    t.app.inject({
      method: 'POST',
      url: `/admin/shows/${showId}/images?field=poster_image`,
      headers: { ...o.producerUserA.headers, 'content-type': type },
      payload: body,
    });

  it('refuses HTML and SVG with a script named comprobante.png on the proof upload, storing nothing', async () => {
    const before = await storedFiles();
    for (const [name, body] of Object.entries(HOSTILE)) {
      for (const type of ['image/png', 'application/octet-stream']) {
        const { signedUrl } = await proofUrl();
        const res = await putProof(signedUrl, body, type);
        expect(res.statusCode, `${name} as ${type}`).toBe(422);
        expect(res.json()).toEqual({
          error: 'UPLOAD_INVALID_TYPE',
          message: 'El comprobante debe ser una imagen JPG o PNG',
        });
      }
    }
    // Declared as what it is, it never reaches the check.
    const { signedUrl } = await proofUrl();
    const svg = await putProof(signedUrl, HOSTILE.svg as Buffer, 'image/svg+xml');
    expect(svg.statusCode).toBe(422);
    expect(await storedFiles()).toBe(before);
  });

  it('serves a stored proof as the image its bytes say, with nosniff, so HTML after it never runs', async () => {
    const { signedUrl } = await proofUrl();
    expect((await putProof(signedUrl, POLYGLOT, 'image/png')).statusCode).toBe(200);
    // The organiser's signed GET of that key, as the order's detail hands it out.
    const key = decodeURIComponent(new URL(signedUrl).pathname.replace(/^\/storage\//, ''));
    const storage = createObjectStorage({ config: t.config, clock: () => new Date() });
    const read = await t.app.inject({
      method: 'GET',
      url: ((url) => url.pathname + url.search)(new URL(await storage.signedGetUrl(key, 60))),
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(read.headers['content-security-policy']).toBeUndefined();
  });

  it('refuses HTML and SVG with a script as a show image, whatever type is declared', async () => {
    const before = await storedFiles();
    for (const [name, body] of Object.entries(HOSTILE)) {
      for (const type of ['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream']) {
        const res = await uploadImage(body, type);
        expect(res.statusCode, `${name} as ${type}`).toBe(422);
        expect(res.json()).toEqual({
          error: 'SHOW_IMAGE_INVALID_TYPE',
          message: 'La imagen debe ser JPG, PNG o WebP',
        });
      }
    }
    const svg = await uploadImage(HOSTILE.svg as Buffer, 'image/svg+xml');
    expect(svg.statusCode).toBe(422);
    const html = await uploadImage(HOSTILE.html as Buffer, 'text/html');
    expect([415, 422]).toContain(html.statusCode);
    expect(await storedFiles()).toBe(before);
  });

  it('serves a show image that starts like a PNG as image/png with nosniff, so HTML after it never runs', async () => {
    const res = await uploadImage(POLYGLOT, 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    const read = await t.app.inject({ method: 'GET', url: new URL(res.json().url).pathname });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(read.headers['content-disposition']).toBe('inline');
    expect(read.headers['content-security-policy']).toBeUndefined();
  });

  it('caps JSON bodies at 1 MiB everywhere (413 in Spanish) while the upload routes take up to UPLOAD_MAX_BYTES', async () => {
    const json = await t.app.inject({
      method: 'PATCH',
      url: `/admin/shows/${showId}`,
      headers: { ...o.producerUserA.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ description: 'x'.repeat(1024 * 1024) }),
    });
    expect(json.statusCode).toBe(413);
    expect(json.json()).toEqual({
      error: 'PAYLOAD_TOO_LARGE',
      message: 'El contenido enviado es demasiado grande',
    });
    const image = await uploadImage(
      Buffer.concat([PNG, Buffer.alloc(1536 * 1024)]),
      'application/octet-stream',
    );
    expect(image.statusCode, image.body).toBe(201);
  });
});
