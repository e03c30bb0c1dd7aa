import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { LoggedIn, Organisers } from '../../helpers/auth.ts';
import type { World } from '../../helpers/authz-matrix.ts';
import { mixedOrder } from '../../helpers/authz-organiser-fixture.ts';
import type { MixedOrder } from '../../helpers/authz-organiser-fixture.ts';
import { callAs } from '../../helpers/http.ts';

/**
 * Decision 0062, beyond the matrix's rows (authz-rows-organiser.ts): an order
 * that mixed producers A and B before the rule. The door and the sales reports
 * work per line, so each producer still admits and counts its own line, and
 * never the other's.
 */
describe('organiser API: an order that mixed two producers', () => {
  let t: TestApp;
  let o: Organisers;
  let mixed: MixedOrder;

  const checkIn = (who: LoggedIn, code: string | undefined, showId: string) =>
    callAs(t, who, 'POST', '/admin/checkin', { code, show_uid: showId });
  const admitted = async (code: string | undefined) =>
    (await t.database.db.ticketCode.findUniqueOrThrow({ where: { code } })).checkedInAt;

  beforeAll(async () => {
    t = await createTestApp();
    o = await createOrganisers(t);
    mixed = await mixedOrder({ t, organisers: o } as World, 'card');
  });
  afterAll(() => t.close());

  it('lets a producer admit only its own line’s code, at its own door', async () => {
    expect(mixed.codeA).toBeTruthy();
    expect(mixed.codeB).toBeTruthy();
    // A at B's door: not A's show.
    const atOtherDoor = await checkIn(o.producerUserA, mixed.codeB, mixed.showB.id);
    expect(atOtherDoor.statusCode, atOtherDoor.body).toBe(404);
    // A at its own door with B's code: unknown, nothing of B's said.
    const atOwnDoor = await checkIn(o.producerUserA, mixed.codeB, mixed.showA.id);
    expect(atOwnDoor.statusCode, atOwnDoor.body).toBe(404);
    expect(atOwnDoor.json().error).toBe('TICKET_CODE_UNKNOWN');
    for (const body of [atOtherDoor.body, atOwnDoor.body]) {
      expect(body).not.toContain(mixed.showB.fullname);
      expect(body).not.toContain(`Mixta${mixed.tag}`);
    }
    expect(await admitted(mixed.codeB)).toBeNull();

    // Each producer's own line of it still gets in at its own door.
    const b = await checkIn(o.producerUserB, mixed.codeB, mixed.showB.id);
    expect(b.statusCode, b.body).toBe(200);
    expect(await admitted(mixed.codeB)).not.toBeNull();
    const a = await checkIn(o.producerUserA, mixed.codeA, mixed.showA.id);
    expect(a.statusCode, a.body).toBe(200);
    expect(a.body).not.toContain(mixed.showB.fullname);
  });

  it('counts only the report’s own show’s line in each producer’s sales report and CSV', async () => {
    for (const [who, own, other] of [
      [o.producerUserA, mixed.showA, mixed.showB],
      [o.producerUserB, mixed.showB, mixed.showA],
    ] as const) {
      const url = `/admin/reports/shows/${own.id}/sales`;
      const report = await callAs(t, who, 'GET', url);
      expect(report.statusCode, report.body).toBe(200);
      const csv = await callAs(t, who, 'GET', `${url}?format=csv`);
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.body).toContain(own.fullname);
      for (const body of [report.body, csv.body]) {
        expect(body).not.toContain(other.fullname);
        expect(body).not.toContain(`Mixta${mixed.tag}`);
        expect(body).not.toContain(mixed.email);
      }
      // The other producer's show is not the caller's: 404.
      const theirs = await callAs(t, who, 'GET', `/admin/reports/shows/${other.id}/sales`);
      expect(theirs.statusCode).toBe(404);
    }
  });

  it('lists it for an admin, who reads both lines', async () => {
    const list = await callAs(t, o.admin, 'GET', `/admin/orders?q=Mixta${mixed.tag}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((i: { _id: string }) => i._id)).toEqual([mixed.orderId]);
    const detail = await callAs(t, o.admin, 'GET', `/admin/orders/${mixed.orderId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.body).toContain(mixed.showA.fullname);
    expect(detail.body).toContain(mixed.showB.fullname);
  });
});
