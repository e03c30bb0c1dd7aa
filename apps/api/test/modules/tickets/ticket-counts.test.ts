import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TICKET_COUNTS_WINDOW_MS,
  createTicketCounts,
} from '../../../src/modules/tickets/ticket-counts.ts';
import { releaseExpiredHolds } from '../../../src/modules/inventory/inventory.expiry.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createShow, createTicket } from '../../helpers/factories.ts';
import { connectRealtime } from '../../helpers/realtime-client.ts';
import type { RealtimeClient } from '../../helpers/realtime-client.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const DAY = 86_400_000;

type Counts = { ticket_uid: string; real_available: number }[];

/** The `tickets` messages a client heard on `show-seats/{showId}`, oldest first. */
function countsHeard(client: RealtimeClient, showId: string): Counts[] {
  return client.inbox.flatMap((m) => {
    if (m.type !== 'message' || m.channel !== `show-seats/${showId}`) return [];
    const data = m.data as { event?: string; show_uid?: string; tickets?: Counts };
    return data.event === 'tickets' && data.show_uid === showId ? [data.tickets ?? []] : [];
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('live ticket counts on show-seats/{showId} (decision 0079)', () => {
  let t: TestApp;
  let client: RealtimeClient;

  const add = (sid: string, ticketId: string, showId: string, quantity: number) =>
    t.app.inject({
      method: 'POST',
      url: `/cart/${sid}/items`,
      payload: { items: [{ ticket_uid: ticketId, show_uid: showId, quantity }] },
    });

  /** Waits until `count` tickets messages were heard on the show's channel. */
  async function heard(showId: string, count: number): Promise<Counts[]> {
    await client.next(() => countsHeard(client, showId).length >= count);
    return countsHeard(client, showId);
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    client = await connectRealtime(t);
  });
  afterAll(async () => {
    client.close();
    await t.close();
  });

  it('sends the count after a counted hold and after its release, as the counts read says', async () => {
    const show = await createShow(t.database.db, { showDate: new Date(NOW.getTime() + DAY) });
    const ticket = await createTicket(t.database.db, show.id, { capacity: 10 });
    expect(await client.subscribe(`show-seats/${show.id}`)).toMatchObject({ type: 'subscribed' });
    const sid = randomUUID();

    const held = await add(sid, ticket.id, show.id, 3);
    expect(held.statusCode, held.body).toBe(200);
    expect(await heard(show.id, 1)).toEqual([[{ ticket_uid: ticket.id, real_available: 7 }]]);
    const counts = await t.app.inject({ method: 'GET', url: `/shows/${show.id}/tickets/counts` });
    expect(counts.json()).toEqual({ tickets: [{ ticket_uid: ticket.id, real_available: 7 }] });

    const lineId = (held.json() as { items: { _id: string }[] }).items[0]?._id;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/cart/${sid}/items`,
      payload: { items: [lineId] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await heard(show.id, 2))[1]).toEqual([{ ticket_uid: ticket.id, real_available: 10 }]);
  });

  it("names a counted hold's show when a reset or an expiry gives it back (decision 0080)", async () => {
    const show = await createShow(t.database.db, { showDate: new Date(NOW.getTime() + DAY) });
    const ticket = await createTicket(t.database.db, show.id, { capacity: 10 });
    expect(await client.subscribe(`show-seats/${show.id}`)).toMatchObject({ type: 'subscribed' });

    const sid = randomUUID();
    expect((await add(sid, ticket.id, show.id, 2)).statusCode).toBe(200);
    expect(await heard(show.id, 1)).toEqual([[{ ticket_uid: ticket.id, real_available: 8 }]]);
    const reset = await t.app.inject({ method: 'DELETE', url: `/cart/${sid}/` });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await heard(show.id, 2))[1]).toEqual([{ ticket_uid: ticket.id, real_available: 10 }]);

    // The worker announces what the expiry names; the expiry must name the show.
    expect((await add(randomUUID(), ticket.id, show.id, 4)).statusCode).toBe(200);
    const swept = await releaseExpiredHolds(t.database.db, new Date(NOW.getTime() + 11 * 60_000));
    expect(swept.shows).toContain(show.id);
  });

  it('coalesces a rush: many holds on one show make one message per window, the last one right', async () => {
    const show = await createShow(t.database.db, { showDate: new Date(NOW.getTime() + DAY) });
    const ticket = await createTicket(t.database.db, show.id, { capacity: 50 });
    await client.subscribe(`show-seats/${show.id}`);

    const started = Date.now();
    const holds = await Promise.all(
      Array.from({ length: 12 }, () => add(randomUUID(), ticket.id, show.id, 1)),
    );
    const windows = Math.ceil((Date.now() - started) / TICKET_COUNTS_WINDOW_MS) + 1;
    expect(holds.map((h) => h.statusCode)).toEqual(Array(12).fill(200));
    await heard(show.id, 1);
    // Longer than a window past the last touch: any message still due has come.
    await sleep(600);
    const messages = countsHeard(client, show.id);
    // One per window the holds spanned (a loaded machine may stretch them over a few).
    expect(messages.length).toBeLessThanOrEqual(Math.min(windows, 4));
    expect(messages.at(-1)).toEqual([{ ticket_uid: ticket.id, real_available: 38 }]);
  });

  it('sends a date its own count and the parent the best of its dates', async () => {
    const db = t.database.db;
    const parent = await createShow(db, {
      showDate: new Date(NOW.getTime() + DAY),
      settings: { has_show_dates: true },
    });
    const date = (offset: number) =>
      createShow(db, {
        showDate: new Date(NOW.getTime() + offset * DAY),
        parentShowId: parent.id,
        settings: { is_show_date: true },
      });
    const [viernes, sabado] = [await date(2), await date(3)];
    const platea = await createTicket(db, parent.id, {
      capacity: 5,
      showDates: {
        create: [
          { showId: viernes.id, label: 'Viernes' },
          { showId: sabado.id, label: 'Sábado' },
        ],
      },
    });
    await client.subscribe(`show-seats/${viernes.id}`);
    await client.subscribe(`show-seats/${parent.id}`);

    const first = await add(randomUUID(), platea.id, viernes.id, 2);
    expect(first.statusCode, first.body).toBe(200);
    expect(await heard(viernes.id, 1)).toEqual([[{ ticket_uid: platea.id, real_available: 3 }]]);
    // Saturday still has all 5.
    expect(await heard(parent.id, 1)).toEqual([[{ ticket_uid: platea.id, real_available: 5 }]]);
    const counts = await t.app.inject({
      method: 'GET',
      url: `/shows/${viernes.id}/tickets/counts`,
    });
    expect(counts.json()).toEqual({ tickets: [{ ticket_uid: platea.id, real_available: 3 }] });
    const list = await t.app.inject({ method: 'GET', url: `/shows/${viernes.id}/tickets` });
    expect((list.json() as { items: { real_available: number }[] }).items[0]?.real_available).toBe(
      3,
    );
  });

  it('answers 404 for a draft and never throws when Redis refuses, saying so in the log', async () => {
    const draft = await createShow(t.database.db, { status: 'NEW' });
    const answer = await t.app.inject({ method: 'GET', url: `/shows/${draft.id}/tickets/counts` });
    expect(answer.statusCode).toBe(404);

    const show = await createShow(t.database.db, { showDate: new Date(NOW.getTime() + DAY) });
    await createTicket(t.database.db, show.id);
    const warnings: string[] = [];
    const broken = {
      pipeline: () => ({
        publish() {},
        exec: () => Promise.reject(new Error('Redis no responde')),
      }),
    } as unknown as Redis;
    const counts = createTicketCounts({
      db: t.database.db,
      redis: broken,
      namespace: 'prueba',
      clock: () => NOW,
      log: { warn: (_o, message) => warnings.push(message) },
      windowMs: 10,
    });
    expect(() => counts.touched(show.id)).not.toThrow();
    await sleep(300);
    await counts.close();
    expect(warnings).toEqual(['ticket counts not sent']);
  });

  it('stops its window on close: nothing is read or sent after it', async () => {
    const show = await createShow(t.database.db, { showDate: new Date(NOW.getTime() + DAY) });
    await createTicket(t.database.db, show.id);
    const published: string[] = [];
    const redis = {
      pipeline: () => ({
        publish: (channel: string) => published.push(channel),
        exec: () => Promise.resolve([]),
      }),
    } as unknown as Redis;
    const counts = createTicketCounts({
      db: t.database.db,
      redis,
      namespace: 'prueba',
      clock: () => NOW,
      log: { warn: () => {} },
      windowMs: 50,
    });
    counts.touched(show.id);
    counts.touched(show.id);
    await counts.close();
    counts.touched(show.id);
    await sleep(150);
    expect(published).toEqual([]);
  });
});
