import { createHmac, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObjectStorage, storageSigningSecret } from '../../../src/modules/storage/storage.ts';
import type { ObjectStorage } from '../../../src/modules/storage/storage.ts';
import { sweepUnreferencedUploads } from '../../../src/modules/uploads/uploads.sweep.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { TEST_PASSWORD, login } from '../../helpers/auth.ts';
import type { LoggedIn } from '../../helpers/auth.ts';
import { browser, buyer } from '../../helpers/checkout.ts';
import { createShow, createTicket, createUser } from '../../helpers/factories.ts';

/** Two different 1×1 PNGs: the proof the buyer ordered with, and what they PUT later. */
const FIRST = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const SECOND = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PUBLIC_URL = 'http://localhost:3000';
const DAY_AND_AN_HOUR = 25 * 3_600_000;

type Browser = ReturnType<typeof browser>;

/**
 * Decision 0065: a deposit order keeps a copy of its proof at a key no signed URL can
 * target, and one upload serves one order (the primary key of proof_claims).
 */
describe('deposit proofs: the order keeps its own copy, one order per upload', () => {
  let t: TestApp;
  let dir: string;
  let storage: ObjectStorage;
  let admin: LoggedIn;
  let showId: string;
  let ticketId: string;
  const app = () => t;
  const db = () => t.database.db;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'taquilla-proofs-'));
    t = await createTestApp({ config: { STORAGE_DIR: dir, PUBLIC_URL } });
    storage = createObjectStorage({ config: t.config, clock: () => new Date() });
    showId = (await createShow(db(), { settings: { deposit: true } })).id;
    ticketId = (await createTicket(db(), showId, { paymentTypes: ['BANK_DEPOSIT'], capacity: 50 }))
      .id;
    const user = await createUser(db(), { password: TEST_PASSWORD, roles: ['Admin'] });
    admin = await login(t, user.email, TEST_PASSWORD, 'Admin');
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const line = (quantity = 1) => [{ ticket_uid: ticketId, show_uid: showId, quantity }];
  const keyOf = (link: string) => link.slice(`${PUBLIC_URL}/storage/`.length);

  async function uploadUrl(b: Browser) {
    const res = await b.send(
      'GET',
      `/cart/orders/uploadUrl?show_uid=${showId}&session_id=${b.sid}&filename=boleta.png`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { signedUrl: string; link: string };
  }
  async function putTo(signedUrl: string, body: Buffer) {
    const url = new URL(signedUrl);
    return t.app.inject({
      method: 'PUT',
      url: url.pathname + url.search,
      payload: body,
      headers: { 'content-type': 'image/png' },
    });
  }
  async function uploaded(b: Browser, body = FIRST) {
    const upload = await uploadUrl(b);
    const put = await putTo(upload.signedUrl, body);
    expect(put.statusCode, put.body).toBe(200);
    return upload;
  }
  const deposit = (b: Browser, cartId: string, link: string) =>
    b.order(cartId, 'BANK_DEPOSIT', buyer({ file_info: link }));

  /** The proof as the organiser's console reads it: the detail's signed URL, then its bytes. */
  async function proofSeenByOrganiser(orderId: string): Promise<Buffer> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin/orders/${orderId}`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const proof = new URL((res.json() as { proof_url: string }).proof_url);
    const image = await t.app.inject({ method: 'GET', url: proof.pathname + proof.search });
    expect(image.statusCode).toBe(200);
    return image.rawPayload;
  }

  /** The order copies stored, by key. */
  async function orderCopies(): Promise<string[]> {
    const names = await readdir(path.join(dir, 'proofs', 'orders')).catch(() => [] as string[]);
    return names.filter((n) => !n.endsWith('.partial')).map((n) => `proofs/orders/${n}`);
  }

  /**
   * Two open carts of one browser at once, each holding one place. The API keeps one
   * open cart per browser; the first is set aside while the second is made, so both
   * can race to order with the same proof.
   */
  async function twoOpenCarts(b: Browser): Promise<[string, string]> {
    const first = await b.hold(line());
    await db().cart.update({ where: { id: first }, data: { status: 'EXPIRED' } });
    const second = await b.hold(line());
    await db().cart.update({ where: { id: first }, data: { status: 'OPEN' } });
    expect(second).not.toBe(first);
    return [first, second];
  }

  const sold = async () => (await db().ticket.findUniqueOrThrow({ where: { id: ticketId } })).sold;

  it('shows the organiser the proof the order was placed with, whatever is PUT to its upload URL later', async () => {
    const b = browser(app);
    const cartId = await b.hold(line());
    const { signedUrl, link } = await uploaded(b, FIRST);
    const res = await deposit(b, cartId, link);
    expect(res.statusCode, res.body).toBe(200);
    const orderId = (res.json() as { _id: string })._id;

    // The order names its own copy, and its claim ties the upload to it.
    const order = await db().order.findUniqueOrThrow({ where: { id: orderId } });
    const copyKey = (order.paymentInfo as { file_key: string }).file_key;
    expect(copyKey).toMatch(/^proofs\/orders\/[0-9a-f-]{36}\.png$/);
    expect(await db().proofClaim.findUniqueOrThrow({ where: { orderId } })).toMatchObject({
      sourceKey: keyOf(link),
      orderKey: copyKey,
    });
    expect((await proofSeenByOrganiser(orderId)).equals(FIRST)).toBe(true);

    // The signed URL still takes a file (until it expires), but only the upload changes.
    const swap = await putTo(signedUrl, SECOND);
    expect(swap.statusCode, swap.body).toBe(200);
    expect((await storage.readStart(keyOf(link), SECOND.length))?.equals(SECOND)).toBe(true);
    expect((await proofSeenByOrganiser(orderId)).equals(FIRST)).toBe(true);
  });

  it('refuses a second order naming the same upload with 409 PROOF_ALREADY_USED, writing nothing', async () => {
    const b = browser(app);
    const first = await b.hold(line());
    const { link } = await uploaded(b);
    expect((await deposit(b, first, link)).statusCode).toBe(200);

    const second = await b.hold(line(2));
    const soldBefore = await sold();
    const claimsBefore = await db().proofClaim.count();
    const copiesBefore = await orderCopies();
    const res = await deposit(b, second, link);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      error: 'PROOF_ALREADY_USED',
      message: 'Este comprobante ya fue usado en otra orden. Sube el comprobante de esta compra.',
    });
    // No order, the places still held by the cart, no claim, and its copy gone.
    expect(await db().order.count({ where: { cartId: second } })).toBe(0);
    const cart = await db().cart.findUniqueOrThrow({
      where: { id: second },
      include: { items: true },
    });
    expect(cart.status).toBe('OPEN');
    expect(cart.items.map((i) => i.quantity)).toEqual([2]);
    expect(await sold()).toBe(soldBefore);
    expect(await db().proofClaim.count()).toBe(claimsBefore);
    expect(await orderCopies()).toEqual(copiesBefore);

    // A proof of its own places it.
    const own = await uploaded(b, SECOND);
    const placed = await deposit(b, second, own.link);
    expect(placed.statusCode, placed.body).toBe(200);
  });

  it('places one of two orders racing with the same upload; the other answers 409 and keeps its cart', async () => {
    const b = browser(app);
    const carts = await twoOpenCarts(b);
    const { link } = await uploaded(b);
    const copiesBefore = (await orderCopies()).length;
    const soldBefore = await sold();

    const answers = await Promise.all(carts.map((cartId) => deposit(b, cartId, link)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.findIndex((a) => a.statusCode === 409);
    expect(answers[loser]?.json().error).toBe('PROOF_ALREADY_USED');
    const losingCart = carts[loser] as string;
    expect(await db().order.count({ where: { cartId: losingCart } })).toBe(0);
    expect((await db().cart.findUniqueOrThrow({ where: { id: losingCart } })).status).toBe('OPEN');
    expect(await db().proofClaim.count({ where: { sourceKey: keyOf(link) } })).toBe(1);
    expect(await sold()).toBe(soldBefore + 1);
    expect(await orderCopies()).toHaveLength(copiesBefore + 1);
  });

  it('control: without the primary key on the upload, both racing orders are placed', async () => {
    await db().$executeRawUnsafe('ALTER TABLE proof_claims DROP CONSTRAINT proof_claims_pkey');
    const b = browser(app);
    try {
      const carts = await twoOpenCarts(b);
      const { link } = await uploaded(b);
      const answers = await Promise.all(carts.map((cartId) => deposit(b, cartId, link)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    } finally {
      await db().order.deleteMany({ where: { cart: { sessionKey: b.sid } } });
      await db().$executeRawUnsafe(
        'ALTER TABLE proof_claims ADD CONSTRAINT proof_claims_pkey PRIMARY KEY (source_key)',
      );
    }
  });

  it('never signs an upload URL for an order’s copy, nor honours a PUT to one', async () => {
    const b = browser(app);
    const cartId = await b.hold(line());
    const { link } = await uploaded(b);
    const res = await deposit(b, cartId, link);
    expect(res.statusCode, res.body).toBe(200);
    const orderId = (res.json() as { _id: string })._id;
    const copyKey = (await db().proofClaim.findUniqueOrThrow({ where: { orderId } })).orderKey;

    await expect(
      storage.signedPutUrl(copyKey, { contentType: 'image/png', expiresInSeconds: 60 }),
    ).rejects.toThrow(/write-once/);
    await expect(
      storage.signedPutUrl(`proofs/orders/${randomUUID()}.png`, {
        contentType: 'image/png',
        expiresInSeconds: 60,
      }),
    ).rejects.toThrow(/write-once/);
    // Even a PUT signed with the server's own secret is refused for such a key.
    const expires = Math.floor(Date.now() / 1000) + 60;
    const sig = createHmac('sha256', storageSigningSecret(t.config))
      .update(`PUT\n${copyKey}\n${expires}`)
      .digest('base64url');
    const forged = await t.app.inject({
      method: 'PUT',
      url: `/storage/${copyKey}?expires=${expires}&sig=${sig}`,
      payload: SECOND,
      headers: { 'content-type': 'image/png' },
    });
    expect(forged.statusCode, forged.body).toBe(403);
    expect(forged.json().error).toBe('UPLOAD_URL_INVALID');
    expect((await proofSeenByOrganiser(orderId)).equals(FIRST)).toBe(true);
  });

  it('keeps an order’s copy through the unreferenced-upload sweep; the upload itself goes a day later', async () => {
    const b = browser(app);
    const cartId = await b.hold(line());
    const { link } = await uploaded(b);
    const res = await deposit(b, cartId, link);
    expect(res.statusCode, res.body).toBe(200);
    const orderId = (res.json() as { _id: string })._id;
    const copyKey = (await db().proofClaim.findUniqueOrThrow({ where: { orderId } })).orderKey;
    // A copy whose order was never placed (the process died between the two).
    const orphan = `proofs/orders/${randomUUID()}.png`;
    await storage.put(orphan, FIRST, 'image/png');

    await sweepUnreferencedUploads({
      db: db(),
      storage,
      clock: () => new Date(Date.now() + DAY_AND_AN_HOUR),
    });
    expect(await storage.head(copyKey)).not.toBeNull();
    expect(await storage.head(keyOf(link))).toBeNull();
    expect(await storage.head(orphan)).toBeNull();
    expect((await proofSeenByOrganiser(orderId)).equals(FIRST)).toBe(true);
  });
});
