import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTicketCodes } from '../../../src/modules/etickets/etickets.service.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { TEST_PASSWORD, createOrganisers, login } from '../../helpers/auth.ts';
import type { LoggedIn, Organisers } from '../../helpers/auth.ts';
import { CARDS, browser, cardInfo } from '../../helpers/checkout.ts';
import { createShow, createTicket, createUser } from '../../helpers/factories.ts';

interface AdminCodeBody {
  code: string;
  checked_in_at: string | null;
  voided_at: string | null;
}

/**
 * Issue 20: cancelling or refunding an order voids its codes instead of deleting
 * them, so the door keeps who came in; a voided code admits and activates nothing.
 */
describe('cancel and refund void the codes, never delete them (decision 0029)', () => {
  let t: TestApp;
  let o: Organisers;
  let showId: string;
  let ticketId: string;
  let ip = 0;
  const app = () => t;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp();
    o = await createOrganisers(t);
    const show = await createShow(db(), { producerId: o.producerA, fullname: 'Noche de Marimba' });
    showId = show.id;
    ticketId = (await createTicket(db(), showId, { fullname: 'General', capacity: 50 })).id;
  });
  afterAll(async () => t?.close());

  const post = (who: LoggedIn, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: who.headers, ...(payload ? { payload } : {}) });
  const checkIn = (code: string) =>
    post(o.producerUserA, '/admin/checkin', { code, show_uid: showId });
  const attendance = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/admin/shows/${showId}/attendance`,
        headers: o.producerUserA.headers,
      })
    ).json() as {
      checked_in: number;
      total: number;
      recent: { code: string; checked_in_at: string; voided_at: string | null }[];
    };

  /** An approved card order of three places, its codes issued; the buyer's browser. */
  async function soldOrder() {
    const b = browser(app);
    const cartId = await b.hold([{ ticket_uid: ticketId, show_uid: showId, quantity: 3 }]);
    const res = await b.order(cartId, 'CREDIT_CARD', cardInfo(CARDS.visa));
    expect(res.statusCode, res.body).toBe(200);
    const orderId = (res.json() as { _id: string })._id;
    await issueTicketCodes(db(), orderId);
    const codes = await db().ticketCode.findMany({ where: { orderId }, orderBy: { code: 'asc' } });
    expect(codes).toHaveLength(3);
    return { b, orderId, codes: codes.map((c) => c.code) };
  }

  async function activate(code: string) {
    const user = await createUser(db(), { password: TEST_PASSWORD, withViewer: true });
    const session = await login(t, user.email, TEST_PASSWORD, 'Viewer');
    ip += 1;
    return t.app.inject({
      method: 'POST',
      url: `/viewers/viewers/${user.viewer?.id as string}/activate/${code}`,
      headers: session.headers,
      payload: { payment_type: 'CODE', tickets: [] },
      remoteAddress: `198.51.100.${ip}`,
    });
  }

  for (const [decision, status, said] of [
    ['cancel', 'CANCELLED', 'anulada'],
    ['refund', 'REFUND', 'reembolsada'],
  ] as const) {
    it(`${decision}: the admitted code keeps its admission time, every code is voided, the door and activation refuse them`, async () => {
      const before = await attendance();
      const { b, orderId, codes } = await soldOrder();
      const [admitted, unused, activated] = codes as [string, string, string];
      const door = await checkIn(admitted);
      expect(door.statusCode, door.body).toBe(200);
      const admittedAt = (door.json() as { checked_in_at: string }).checked_in_at;
      expect((await activate(activated)).statusCode).toBe(200);
      expect(await attendance()).toMatchObject({
        checked_in: before.checked_in + 1,
        total: before.total + 3,
      });

      const res = await post(o.admin, `/admin/orders/${orderId}/${decision}`, {
        reason: 'Evento suspendido',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status });

      // Kept, never deleted: three codes, each voided, the admission time as it was.
      const rows = await db().ticketCode.findMany({ where: { orderId }, orderBy: { code: 'asc' } });
      expect(rows.map((r) => r.code)).toEqual(codes);
      expect(rows.every((r) => r.voidedAt !== null)).toBe(true);
      expect(rows[0]?.checkedInAt?.toISOString()).toBe(admittedAt);
      expect(rows[2]?.activatedAt).not.toBeNull();
      // The organiser's order detail shows all three, when they were voided and who came in.
      const detail = (res.json() as { codes: AdminCodeBody[] }).codes;
      expect(detail.map((c) => c.code).sort()).toEqual(codes);
      const byCode = new Map(detail.map((c) => [c.code, c]));
      expect(byCode.get(admitted)).toMatchObject({ checked_in_at: admittedAt });
      expect(detail.every((c) => typeof c.voided_at === 'string')).toBe(true);
      const [audit] = await db().auditLog.findMany({
        where: { entityId: orderId, action: `order.${decision}` },
      });
      expect(audit?.after).toMatchObject({ revoked_codes: codes });
      // The buyer's order page lists no voided code as a ticket.
      const page = await b.send('GET', `/viewers/orders/${orderId}`);
      expect(page.statusCode, page.body).toBe(200);
      expect((page.json() as { codes: unknown[] }).codes).toEqual([]);

      // The door refuses each with the reason, and says when the admitted one had come in.
      const again = await checkIn(admitted);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        error: 'TICKET_CODE_VOIDED',
        message: expect.stringMatching(
          new RegExp(
            `^Código anulado: la orden fue ${said} \\(había ingresado a las \\d\\d:\\d\\d\\)$`,
          ),
        ),
      });
      const fresh = await checkIn(unused);
      expect(fresh.statusCode).toBe(409);
      expect(fresh.json()).toEqual({
        error: 'TICKET_CODE_VOIDED',
        message: `Código anulado: la orden fue ${said}`,
      });
      expect(
        (await db().ticketCode.findUniqueOrThrow({ where: { code: unused } })).checkedInAt,
      ).toBeNull();

      // Activation refuses a voided code with its reason.
      for (const code of [unused, admitted]) {
        const refused = await activate(code);
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({
          error: 'TICKET_CODE_VOIDED',
          message: 'Este código fue anulado: su orden fue anulada o reembolsada',
        });
      }
      // The show's count no longer counts the order's three codes; its recent list still
      // says who came in, marked voided.
      const after = await attendance();
      expect(after).toMatchObject({ checked_in: before.checked_in, total: before.total });
      expect(after.recent.find((entry) => entry.code === admitted)).toMatchObject({
        checked_in_at: admittedAt,
        voided_at: expect.any(String),
      });
    });
  }
});
