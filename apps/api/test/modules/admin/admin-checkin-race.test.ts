import { CHECKIN_ATTEMPTS_PER_MINUTE } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { TEST_PASSWORD, createOrganisers, login } from '../../helpers/auth.ts';
import type { Organisers } from '../../helpers/auth.ts';
import { sellCodes } from '../../helpers/checkin.ts';
import { createShow, createTicket, createUser } from '../../helpers/factories.ts';
import { callAs } from '../../helpers/http.ts';

describe('door check-in: two phones at once, and the attempts a session may make', () => {
  let t: TestApp;
  let o: Organisers;
  let base: string;
  let showId: string;
  let codes: string[];

  beforeAll(async () => {
    t = await createTestApp();
    o = await createOrganisers(t);
    const db = t.database.db;
    showId = (await createShow(db, { producerId: o.producerA })).id;
    const ticket = await createTicket(db, showId);
    codes = (await sellCodes(db, { ticket, showId, quantity: 2 })).codes;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    base = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('admits a code once when ten phones scan it at the same moment', async () => {
    const code = codes[0] as string;
    const answers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const res = await fetch(`${base}/admin/checkin`, {
          method: 'POST',
          headers: { ...o.producerUserA.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ code, show_uid: showId }),
        });
        return { status: res.status, body: (await res.json()) as { error?: string } };
      }),
    );

    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
    const refusals = answers.filter((a) => a.status === 409).map((a) => a.body.error);
    expect(new Set(refusals)).toEqual(new Set(['TICKET_ALREADY_CHECKED_IN']));
    const row = await t.database.db.ticketCode.findUniqueOrThrow({ where: { code } });
    expect(row.checkedInAt).not.toBeNull();
    const audits = await t.database.db.auditLog.count({
      where: { action: 'ticket.checkin', entityId: row.id },
    });
    expect(audits).toBe(1);
    const count = await callAs(t, o.producerUserA, 'GET', `/admin/shows/${showId}/attendance`);
    expect(count.json()).toMatchObject({ checked_in: 1, total: 2 });
  });

  it('answers 429 with Retry-After past the attempts of a minute, per session', async () => {
    const user = await createUser(t.database.db, {
      password: TEST_PASSWORD,
      roles: ['Producer'],
      producerId: o.producerA,
    });
    const door = await login(t, user.email, TEST_PASSWORD, 'Producer');
    const guess = { code: 'ZZZZZZ', show_uid: showId };
    for (let attempt = 1; attempt <= CHECKIN_ATTEMPTS_PER_MINUTE; attempt += 1) {
      const res = await callAs(t, door, 'POST', '/admin/checkin', guess);
      expect(res.statusCode).toBe(404);
    }

    const blocked = await callAs(t, door, 'POST', '/admin/checkin', {
      code: codes[1],
      show_uid: showId,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: 'RATE_LIMITED' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const row = await t.database.db.ticketCode.findUniqueOrThrow({ where: { code: codes[1] } });
    expect(row.checkedInAt).toBeNull();
    // Another session of the same producer still works the door.
    const other = await callAs(t, o.producerUserA, 'POST', '/admin/checkin', {
      code: codes[1],
      show_uid: showId,
    });
    expect(other.statusCode, other.body).toBe(200);
  });
});
