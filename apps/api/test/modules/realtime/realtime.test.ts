import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createShow, createVenueMap } from '../../helpers/factories.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { connectRealtime } from '../../helpers/realtime-client.ts';

describe('realtime channels', () => {
  let a: TestApp;
  let b: TestApp;
  let showId: string;
  let draftId: string;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ database: a.database });
    await Promise.all([
      a.app.listen({ host: '127.0.0.1', port: 0 }),
      b.app.listen({ host: '127.0.0.1', port: 0 }),
    ]);
    showId = (await createShow(a.database.db, { status: 'LIVE' })).id;
    draftId = (await createShow(a.database.db, { status: 'NEW' })).id;
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('delivers a show event published on one API instance to a viewer on another', async () => {
    const viewer = await connectRealtime(b);
    viewer.send({ action: 'subscribe', channel: `show-events/${showId}` });
    await viewer.next((m) => m.type === 'subscribed');

    const event = { event: 'statusChange', data: { type: 'status', status: 'start' } };
    await a.app.realtime.publish(`show-events/${showId}`, event);

    const received = await viewer.next((m) => m.type === 'message');
    expect(received).toEqual({ type: 'message', channel: `show-events/${showId}`, data: event });
    viewer.close();
  });

  it('tells a map open on another instance of a seat held and released, and refuses drafts', async () => {
    const { sections } = await createVenueMap(a.database.db, showId, [{ rows: 1, cols: 1 }]);
    const section = sections[0];
    const seat = section?.seats[0];
    if (!section || !seat) throw new Error('map fixture');
    const map = await connectRealtime(b);
    map.send({ action: 'subscribe', channel: `show-seats/${showId}` });
    await map.next((m) => m.type === 'subscribed');
    map.send({ action: 'subscribe', channel: `show-seats/${draftId}` });
    expect(await map.next((m) => m.type === 'error')).toMatchObject({
      error: 'CHANNEL_UNKNOWN',
      channel: `show-seats/${draftId}`,
    });

    const sid = randomUUID();
    const held = await a.app.inject({
      method: 'POST',
      url: `/cart/${sid}/items`,
      payload: {
        items: [{ ticket_uid: section.ticket.id, show_uid: showId, quantity: 1, seat: seat.id }],
      },
    });
    expect(held.statusCode, held.body).toBe(200);
    const change = (kind: string) => ({
      type: 'message',
      channel: `show-seats/${showId}`,
      data: {
        event: 'seats',
        show_uid: showId,
        changes: [{ seat_uid: seat.id, section_uid: section.section.id, change: kind }],
      },
    });
    // Seat news only: the ticket counts on the same channel are ticket-counts.test.ts's.
    const isSeats = (m: { type: string }) =>
      m.type === 'message' && JSON.stringify(m).includes('"seats"');
    expect(await map.next(isSeats)).toEqual(change('held'));
    await a.app.inject({ method: 'DELETE', url: `/cart/${sid}/` });
    await map.next((m) => isSeats(m) && JSON.stringify(m).includes('released'));
    expect(map.inbox.filter(isSeats)).toEqual([change('held'), change('released')]);
    map.close();
  });

  it('stops delivering after unsubscribe and forgets closed sockets', async () => {
    const viewer = await connectRealtime(b);
    const channel = `show-events/${showId}`;
    viewer.send({ action: 'subscribe', channel });
    await viewer.next((m) => m.type === 'subscribed');
    expect(b.app.realtime.subscriberCount(channel)).toBe(1);
    viewer.send({ action: 'unsubscribe', channel });
    await viewer.next((m) => m.type === 'unsubscribed');
    expect(b.app.realtime.subscriberCount(channel)).toBe(0);

    await a.app.realtime.publish(channel, { n: 1 });
    viewer.send({ action: 'ping' });
    await viewer.next((m) => m.type === 'pong');
    expect(viewer.inbox.some((m) => m.type === 'message')).toBe(false);
    viewer.close();
  });

  it('refuses channels the caller may not hear, with Spanish messages', async () => {
    const client = await connectRealtime(b);
    client.send({ action: 'subscribe', channel: `show-events/${draftId}` });
    client.send({ action: 'subscribe', channel: `chats-${showId}` });
    client.send({ action: 'subscribe', channel: 'algo/raro' });
    client.send('esto no es JSON');
    for (const channel of [`show-events/${draftId}`, `chats-${showId}`, 'algo/raro', undefined]) {
      await client.next((m) => m.type === 'error' && m.channel === channel);
    }
    const errors = client.inbox.filter((m) => m.type === 'error');
    expect(errors).toEqual(
      expect.arrayContaining([
        {
          type: 'error',
          error: 'CHANNEL_UNKNOWN',
          message: 'Canal desconocido',
          channel: `show-events/${draftId}`,
        },
        {
          type: 'error',
          error: 'CHANNEL_FORBIDDEN',
          message: 'No tienes acceso a este canal',
          channel: `chats-${showId}`,
        },
        {
          type: 'error',
          error: 'CHANNEL_UNKNOWN',
          message: 'Canal desconocido',
          channel: 'algo/raro',
        },
        { type: 'error', error: 'INVALID_MESSAGE', message: 'Mensaje inválido' },
      ]),
    );
    expect(client.inbox.some((m) => m.type === 'subscribed')).toBe(false);
    client.close();
  });
});
