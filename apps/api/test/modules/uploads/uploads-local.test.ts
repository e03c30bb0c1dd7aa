import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/errors.ts';
import { createObjectStorage } from '../../../src/modules/storage/storage.ts';
import { uploadTooLarge } from '../../../src/modules/storage/storage.content.ts';
import {
  createUploadsService,
  proofSessionHash,
} from '../../../src/modules/uploads/uploads.service.ts';
import type { UploadsService } from '../../../src/modules/uploads/uploads.service.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createShow } from '../../helpers/factories.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const PUBLIC_URL = 'http://localhost:3000';
/** A 1×1 PNG and a 1×1 JPEG, whole and valid. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEAYABgAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/APsp/9k=',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const MAX_BYTES = 4096;
const TTL_SECONDS = 600;

const sessionId = () => `sess_${randomUUID().replaceAll('-', '')}`;
/** The path and query of a URL this server signed, for `inject`. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

describe('deposit proofs on the local disk (GET /cart/orders/uploadUrl, PUT /storage/*)', () => {
  let t: TestApp;
  let dir: string;
  let uploads: UploadsService;
  let showId: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'taquilla-storage-'));
    t = await createTestApp({
      now: NOW,
      config: {
        STORAGE_DIR: dir,
        PUBLIC_URL,
        UPLOAD_MAX_BYTES: String(MAX_BYTES),
        UPLOAD_URL_TTL_SECONDS: String(TTL_SECONDS),
      },
    });
    // The service the app built, rebuilt from the same config: same folder, same secret.
    const storage = createObjectStorage({ config: t.config, clock: () => NOW });
    uploads = createUploadsService({
      db: t.database.db,
      storage,
      rateLimiter: { consume: async () => {} },
      config: t.config,
    });
    showId = (await createShow(t.database.db)).id;
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const askUrl = (
    query: { show_uid?: string; session_id?: string; filename?: string },
    ip = '127.0.0.1',
  ) =>
    t.app.inject({
      method: 'GET',
      url: '/cart/orders/uploadUrl',
      query: query as Record<string, string>,
      remoteAddress: ip,
    });
  async function uploadUrl(session: string, filename = 'comprobante.png', show = showId) {
    const res = await askUrl({ show_uid: show, session_id: session, filename });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { signedUrl: string; link: string };
  }
  const put = (url: string, body: Buffer, contentType = 'image/png') =>
    t.app.inject({
      method: 'PUT',
      url: pathOf(url),
      payload: body,
      headers: { 'content-type': contentType },
    });
  const storedFiles = async () =>
    (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const refusal = async (promise: Promise<unknown>) => {
    const err = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    return (err as AppError).code;
  };

  it('hands out a signed URL and a link that name the show and a hash of the session, never the session', async () => {
    const session = sessionId();
    const { signedUrl, link } = await uploadUrl(session);
    const folder = `${PUBLIC_URL}/storage/proofs/${showId}/${proofSessionHash(session)}/`;
    expect(link).toMatch(new RegExp(`^${folder}[0-9a-f-]{36}\\.png$`));
    expect(signedUrl.startsWith(`${link}?expires=`)).toBe(true);
    expect(signedUrl).toContain('&sig=');
    expect(signedUrl + link).not.toContain(session);
    const jpeg = await uploadUrl(session, 'FOTO DEL DEPÓSITO.JPEG');
    expect(jpeg.link).toMatch(/\.jpg$/);
  });

  it('stores a PNG and a JPG PUT to their signed URLs, and an order may then reference them', async () => {
    const session = sessionId();
    const png = await uploadUrl(session, 'deposito.png');
    const stored = await put(png.signedUrl, PNG);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    const jpg = await uploadUrl(session, 'deposito.jpg');
    expect((await put(jpg.signedUrl, JPG, 'image/jpeg')).statusCode).toBe(200);

    const owner = { showId, sessionId: session };
    const verifiedPng = await uploads.verifyProofLink(png.link, owner);
    expect(verifiedPng).toEqual({
      key: png.link.slice(`${PUBLIC_URL}/storage/`.length),
      size: PNG.length,
      contentType: 'image/png',
    });
    expect(await uploads.verifyProofLink(jpg.link, owner)).toMatchObject({
      size: JPG.length,
      contentType: 'image/jpeg',
    });

    // Organisers read a proof through a signed GET URL only.
    const storage = createObjectStorage({ config: t.config, clock: () => NOW });
    const read = await t.app.inject({
      method: 'GET',
      url: pathOf(await storage.signedGetUrl(verifiedPng.key, 60)),
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(read.rawPayload.equals(PNG)).toBe(true);
    const unsigned = await t.app.inject({ method: 'GET', url: pathOf(png.link) });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json()).toMatchObject({ error: 'UPLOAD_URL_INVALID' });
    // A PUT URL does not read, and a GET URL does not write.
    expect((await t.app.inject({ method: 'GET', url: pathOf(png.signedUrl) })).statusCode).toBe(
      403,
    );
  });

  it('refuses a PDF renamed .png by its content, and stores nothing', async () => {
    const before = (await storedFiles()).length;
    const { signedUrl, link } = await uploadUrl(sessionId(), 'comprobante.png');
    const res = await put(signedUrl, PDF);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'UPLOAD_INVALID_TYPE',
      message: 'El comprobante debe ser una imagen JPG o PNG',
    });
    const other = await put(signedUrl, PNG, 'text/plain');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: 'UPLOAD_INVALID_TYPE' });
    expect((await storedFiles()).length).toBe(before);
    expect(link).toBeTruthy();
  });

  it('refuses a file past UPLOAD_MAX_BYTES with 413 naming the limit, and stores nothing', async () => {
    const before = (await storedFiles()).length;
    const { signedUrl } = await uploadUrl(sessionId());
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_BYTES)]);
    const res = await put(signedUrl, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: 'UPLOAD_TOO_LARGE',
      message: 'El archivo es demasiado grande: el máximo es 4 KB',
    });
    expect((await storedFiles()).length).toBe(before);
    expect(uploadTooLarge(5 * 1024 * 1024).message).toBe(
      'El archivo es demasiado grande: el máximo es 5 MB',
    );
  });

  it('refuses a tampered or expired signature with 403 before reading the file', async () => {
    const { signedUrl } = await uploadUrl(sessionId());
    const url = new URL(signedUrl);
    const sig = url.searchParams.get('sig') ?? '';
    url.searchParams.set('sig', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1));
    const tampered = await put(url.toString(), PNG);
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json()).toEqual({
      error: 'UPLOAD_URL_INVALID',
      message: 'El enlace de carga no es válido o ya expiró',
    });
    const later = new URL(signedUrl);
    later.searchParams.set('expires', String(Number(later.searchParams.get('expires')) + 3600));
    expect((await put(later.toString(), PNG)).statusCode).toBe(403);
    const otherKey = signedUrl.replace(/\/[0-9a-f-]{36}\.png/, `/${randomUUID()}.png`);
    expect((await put(otherKey, PNG)).statusCode).toBe(403);

    t.setNow(new Date(NOW.getTime() + (TTL_SECONDS + 1) * 1000));
    try {
      const expired = await put(signedUrl, PNG);
      expect(expired.statusCode).toBe(403);
      expect(expired.json()).toMatchObject({ error: 'UPLOAD_URL_INVALID' });
    } finally {
      t.setNow(NOW);
    }
    expect((await put(signedUrl, PNG)).statusCode).toBe(200);
  });

  it('accepts as proof only a link issued here, for this show and this session, of a stored file', async () => {
    const session = sessionId();
    const { signedUrl, link } = await uploadUrl(session);
    const owner = { showId, sessionId: session };
    expect(await refusal(uploads.verifyProofLink(link, owner))).toBe('PROOF_LINK_INVALID');
    expect((await put(signedUrl, PNG)).statusCode).toBe(200);

    const otherShow = (await createShow(t.database.db)).id;
    const name = link.split('/').pop() ?? '';
    const cases = [
      link.replace(PUBLIC_URL, 'https://otro-sitio.example'),
      `https://s3.amazonaws.com/bucket/proofs/${showId}/${proofSessionHash(session)}/${name}`,
      `${link}?x=1`,
      link.replace(/[0-9a-f-]{36}\.png$/, `../${proofSessionHash(sessionId())}/${name}`),
    ];
    for (const other of cases) {
      expect(await refusal(uploads.verifyProofLink(other, owner))).toBe('PROOF_LINK_INVALID');
    }
    expect(
      await refusal(uploads.verifyProofLink(link, { showId: otherShow, sessionId: session })),
    ).toBe('PROOF_LINK_INVALID');
    expect(await refusal(uploads.verifyProofLink(link, { showId, sessionId: sessionId() }))).toBe(
      'PROOF_LINK_INVALID',
    );
    expect(await uploads.verifyProofLink(link, owner)).toMatchObject({ contentType: 'image/png' });
  });

  it('answers a bad file name, session id or show with {error, message}', async () => {
    const session = sessionId();
    const pdf = await askUrl({ show_uid: showId, session_id: session, filename: 'deposito.pdf' });
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json()).toMatchObject({
      error: 'VALIDATION_ERROR',
      message: 'Los datos enviados no son válidos',
      fields: [
        {
          field: 'filename',
          message: 'El comprobante debe ser una imagen JPG o PNG (.jpg, .jpeg o .png)',
        },
      ],
    });
    const shortSession = await askUrl({ show_uid: showId, session_id: 'abc', filename: 'a.png' });
    expect(shortSession.statusCode).toBe(422);
    expect(shortSession.json().fields).toEqual([expect.objectContaining({ field: 'session_id' })]);
    for (const show of [randomUUID(), 'no-es-un-uuid']) {
      const unknown = await askUrl({ show_uid: show, session_id: session, filename: 'a.png' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({
        error: 'SHOW_NOT_FOUND',
        message: 'El evento que buscas no existe',
      });
    }
  });

  it('limits upload URLs to 30 per address in ten minutes (429 with Retry-After)', async () => {
    const ip = '203.0.113.77';
    const query = { show_uid: showId, session_id: sessionId(), filename: 'a.png' };
    for (let i = 0; i < 30; i += 1) {
      expect((await askUrl(query, ip)).statusCode).toBe(200);
    }
    const limited = await askUrl(query, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await askUrl(query, '203.0.113.78')).statusCode).toBe(200);
  });

  it('keeps the rest of the gateway JSON-only: an image body elsewhere is refused with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/cart/promo-codes/validate',
      payload: PNG,
      headers: { 'content-type': 'image/png' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('documents the upload URL call in /openapi.json and keeps the raw storage routes out', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    expect(doc.paths['/cart/orders/uploadUrl']?.get?.operationId).toBe('getProofUploadUrl');
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/storage'))).toEqual([]);
  });
});
