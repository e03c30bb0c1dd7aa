import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/errors.ts';
import { createObjectStorage } from '../../../src/modules/storage/storage.ts';
import type { ObjectStorage } from '../../../src/modules/storage/storage.ts';
import { createUploadsService } from '../../../src/modules/uploads/uploads.service.ts';
import type { UploadsService } from '../../../src/modules/uploads/uploads.service.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { TEST_PASSWORD, login } from '../../helpers/auth.ts';
import { browser, buyer } from '../../helpers/checkout.ts';
import { createShow, createTicket, createUser } from '../../helpers/factories.ts';

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

const BUCKET = 'taquilla-proofs';
const PUBLIC_URL = 'http://localhost:3000';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
/** Another 1×1 PNG: what a buyer PUTs to the upload URL after ordering. */
const OTHER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const sessionId = () => `sess_${randomUUID().replaceAll('-', '')}`;

/**
 * The S3 driver against s3rver, a stand-in bucket on a random port. s3rver
 * does NOT verify SigV4 signatures (it only checks the access key id and the
 * expiry), so these tests prove the URLs' shape and the flow, not that S3
 * would accept the signature; forcePathStyle is on, as s3rver needs.
 */
describe('deposit proofs in an S3 bucket (presigned PUT, checked when an order names them)', () => {
  let server: S3rverInstance;
  let dir: string;
  let t: TestApp;
  let storage: ObjectStorage;
  let uploads: UploadsService;
  let showId: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'taquilla-s3rver-'));
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
        // s3rver's built-in account.
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    storage = createObjectStorage({ config: t.config, clock: () => new Date() });
    uploads = createUploadsService({
      db: t.database.db,
      storage,
      rateLimiter: { consume: async () => {} },
      config: t.config,
    });
    showId = (await createShow(t.database.db)).id;
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function uploadUrl(session: string, filename = 'deposito.png') {
    const res = await t.app.inject({
      method: 'GET',
      url: '/cart/orders/uploadUrl',
      query: { show_uid: showId, session_id: session, filename },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { signedUrl: string; link: string };
  }
  const putTo = (url: string, body: Buffer, contentType = 'image/png') =>
    fetch(url, { method: 'PUT', body, headers: { 'content-type': contentType } });
  const refusal = async (promise: Promise<unknown>) => {
    const err = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    return (err as AppError).code;
  };

  it('presigns a PUT to the bucket and links the object through this server', async () => {
    const session = sessionId();
    const { signedUrl, link } = await uploadUrl(session);
    const key = link.slice(`${PUBLIC_URL}/storage/`.length);
    expect(key).toMatch(new RegExp(`^proofs/${showId}/[0-9a-f]{16}/[0-9a-f-]{36}\\.png$`));
    const url = new URL(signedUrl);
    expect(url.pathname).toBe(`/${BUCKET}/${key}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');
    expect(signedUrl).not.toContain(session);

    const put = await putTo(signedUrl, PNG);
    expect(put.status, await put.text()).toBe(200);
    expect(await uploads.verifyProofLink(link, { showId, sessionId: session })).toEqual({
      key,
      size: PNG.length,
      contentType: 'image/png',
    });
    // The magic bytes come from a ranged read, not the whole object.
    expect((await storage.readStart(key, 4))?.equals(PNG.subarray(0, 4))).toBe(true);

    const read = await fetch(await storage.signedGetUrl(key, 60));
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('takes any bytes on PUT, as S3 does, and refuses a PDF when an order names it', async () => {
    const session = sessionId();
    const { signedUrl, link } = await uploadUrl(session);
    expect((await putTo(signedUrl, PDF)).status).toBe(200);
    expect(await refusal(uploads.verifyProofLink(link, { showId, sessionId: session }))).toBe(
      'UPLOAD_INVALID_TYPE',
    );
  });

  it('refuses a link whose object was never uploaded, or of another session', async () => {
    const session = sessionId();
    const { signedUrl, link } = await uploadUrl(session, 'foto.jpeg');
    expect(link).toMatch(/\.jpg$/);
    const owner = { showId, sessionId: session };
    expect(await refusal(uploads.verifyProofLink(link, owner))).toBe('PROOF_LINK_INVALID');
    expect(await storage.head(link.slice(`${PUBLIC_URL}/storage/`.length))).toBeNull();
    expect((await putTo(signedUrl, PNG, 'image/jpeg')).status).toBe(200);
    expect(await refusal(uploads.verifyProofLink(link, { showId, sessionId: sessionId() }))).toBe(
      'PROOF_LINK_INVALID',
    );
    expect(await uploads.verifyProofLink(link, owner)).toMatchObject({ contentType: 'image/png' });

    await storage.delete(link.slice(`${PUBLIC_URL}/storage/`.length));
    expect(await refusal(uploads.verifyProofLink(link, owner))).toBe('PROOF_LINK_INVALID');
  });

  it('copies the proof inside the bucket for its order: a later PUT changes nothing the organiser sees', async () => {
    const depositShow = (await createShow(t.database.db, { settings: { deposit: true } })).id;
    const ticket = await createTicket(t.database.db, depositShow, {
      paymentTypes: ['BANK_DEPOSIT'],
      capacity: 10,
    });
    const user = await createUser(t.database.db, { password: TEST_PASSWORD, roles: ['Admin'] });
    const admin = await login(t, user.email, TEST_PASSWORD, 'Admin');
    const b = browser(() => t);
    const line = [{ ticket_uid: ticket.id, show_uid: depositShow, quantity: 1 }];
    const upload = await b.send(
      'GET',
      `/cart/orders/uploadUrl?show_uid=${depositShow}&session_id=${b.sid}&filename=boleta.png`,
    );
    const { signedUrl, link } = upload.json() as { signedUrl: string; link: string };
    expect((await putTo(signedUrl, PNG)).status).toBe(200);
    const placed = await b.order(await b.hold(line), 'BANK_DEPOSIT', buyer({ file_info: link }));
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = (placed.json() as { _id: string })._id;
    const seenByOrganiser = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/admin/orders/${orderId}`,
        headers: admin.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const url = new URL((res.json() as { proof_url: string }).proof_url);
      expect(url.pathname).toMatch(new RegExp(`^/${BUCKET}/proofs/orders/[0-9a-f-]{36}\\.png$`));
      const read = await fetch(url);
      expect(read.status).toBe(200);
      expect(read.headers.get('content-type')).toBe('image/png');
      return Buffer.from(await read.arrayBuffer());
    };
    expect((await seenByOrganiser()).equals(PNG)).toBe(true);

    // The bucket takes the new file at the upload's key; the order's copy stays.
    expect((await putTo(signedUrl, OTHER_PNG)).status).toBe(200);
    const sourceKey = link.slice(`${PUBLIC_URL}/storage/`.length);
    expect((await storage.readStart(sourceKey, 64))?.equals(OTHER_PNG.subarray(0, 64))).toBe(true);
    expect((await seenByOrganiser()).equals(PNG)).toBe(true);

    // One order per upload, on this driver too.
    const again = await b.order(await b.hold(line), 'BANK_DEPOSIT', buyer({ file_info: link }));
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error).toBe('PROOF_ALREADY_USED');

    // A proof that fails its check leaves no copy behind, and no order.
    const copies = async () => {
      let n = 0;
      for await (const _ of storage.list('proofs/orders/')) n += 1;
      return n;
    };
    const copiesBefore = await copies();
    const pdf = (
      await b.send(
        'GET',
        `/cart/orders/uploadUrl?show_uid=${depositShow}&session_id=${b.sid}&filename=otra.png`,
      )
    ).json() as { signedUrl: string; link: string };
    expect((await putTo(pdf.signedUrl, PDF)).status).toBe(200);
    const refused = await b.order(
      await b.hold(line),
      'BANK_DEPOSIT',
      buyer({ file_info: pdf.link }),
    );
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error).toBe('UPLOAD_INVALID_TYPE');
    expect(await copies()).toBe(copiesBefore);

    // No presigned PUT for an order's copy.
    const claim = await t.database.db.proofClaim.findUniqueOrThrow({ where: { orderId } });
    await expect(
      storage.signedPutUrl(claim.orderKey, { contentType: 'image/png', expiresInSeconds: 60 }),
    ).rejects.toThrow(/write-once/);
  });

  it('serves no local storage routes: the browser talks to the bucket', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/storage/proofs/x.png', payload: PNG });
    expect(res.statusCode).toBe(404);
  });
});
