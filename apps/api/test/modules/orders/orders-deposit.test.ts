import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { browser, buyer } from '../../helpers/checkout.ts';
import { createShow, createTicket } from '../../helpers/factories.ts';

/** The smallest PNG there is: a 1×1 transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('checkout by bank deposit: the proof must be one this server took, and an image', () => {
  let t: TestApp;
  let dir: string;
  let showId: string;
  let ticketId: string;
  const app = () => t;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'taquilla-deposit-'));
    t = await createTestApp({ config: { STORAGE_DIR: dir } });
    showId = (await createShow(t.database.db, { settings: { deposit: true } })).id;
    ticketId = (
      await createTicket(t.database.db, showId, { paymentTypes: ['BANK_DEPOSIT'], capacity: 20 })
    ).id;
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function uploaded(b: ReturnType<typeof browser>, body: Buffer, filename = 'deposito.png') {
    const res = await b.send(
      'GET',
      `/cart/orders/uploadUrl?show_uid=${showId}&session_id=${b.sid}&filename=${filename}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { signedUrl, link } = res.json() as { signedUrl: string; link: string };
    const url = new URL(signedUrl);
    const put = await t.app.inject({
      method: 'PUT',
      url: url.pathname + url.search,
      payload: body,
      headers: { 'content-type': 'image/png' },
    });
    return { link, put };
  }

  it('places a deposit order waiting for confirmation, its places sold meanwhile', async () => {
    const b = browser(app);
    const cartId = await b.hold([{ ticket_uid: ticketId, show_uid: showId, quantity: 3 }]);
    const { link, put } = await uploaded(b, PNG);
    expect(put.statusCode, put.body).toBe(200);
    const res = await b.order(
      cartId,
      'BANK_DEPOSIT',
      buyer({ file_info: link, reference: 'BI-778812' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'WAITING_CONFIRMATION',
      payment_type: 'BANK_DEPOSIT',
    });
    expect((res.json() as { payment_info: { reference: string } }).payment_info.reference).toBe(
      'BI-778812',
    );
    expect((await t.database.db.ticket.findUniqueOrThrow({ where: { id: ticketId } })).sold).toBe(
      3,
    );
  });

  it('refuses a missing proof, a PDF renamed .png and a link this server did not issue, writing nothing', async () => {
    const b = browser(app);
    const cartId = await b.hold([{ ticket_uid: ticketId, show_uid: showId, quantity: 1 }]);
    const missing = await b.order(cartId, 'BANK_DEPOSIT', buyer());
    expect(missing.statusCode).toBe(422);
    expect(JSON.stringify(missing.json())).toContain('payment_info.file_info');

    const pdf = await uploaded(b, PDF);
    expect(pdf.put.statusCode).toBe(422);
    const unreadable = await b.order(cartId, 'BANK_DEPOSIT', buyer({ file_info: pdf.link }));
    expect(unreadable.statusCode).toBe(422);
    expect(unreadable.json().error).toBe('PROOF_LINK_INVALID');

    const foreign = await b.order(
      cartId,
      'BANK_DEPOSIT',
      buyer({ file_info: 'https://otro-sitio.example/storage/proofs/x/comprobante.png' }),
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error).toBe('PROOF_LINK_INVALID');

    // Another browser's proof is not this buyer's.
    const other = browser(app);
    const theirs = await uploaded(other, PNG);
    const stolen = await b.order(cartId, 'BANK_DEPOSIT', buyer({ file_info: theirs.link }));
    expect(stolen.statusCode).toBe(422);
    expect(await t.database.db.order.count({ where: { cartId } })).toBe(0);
    expect((await b.cart()).items).toHaveLength(1);
  });
});
