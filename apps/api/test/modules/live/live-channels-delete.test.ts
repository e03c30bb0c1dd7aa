import type { AdminLiveChannel } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { LoggedIn, Organisers } from '../../helpers/auth.ts';
import { createShow } from '../../helpers/factories.ts';
import { callAs } from '../../helpers/http.ts';

describe('live channels: DELETE /admin/live/channels/{id}', () => {
  let t: TestApp;
  let o: Organisers;

  async function channelOf(who: LoggedIn, showId: string | null, name = 'Canal principal') {
    const res = await callAs(t, who, 'POST', '/admin/live/channels', { name, show_uid: showId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as AdminLiveChannel;
  }
  const remove = (who: LoggedIn | null, id: string) =>
    callAs(t, who, 'DELETE', `/admin/live/channels/${id}`);
  const exists = async (id: string) =>
    (await t.database.db.liveChannel.count({ where: { id } })) === 1;

  beforeAll(async () => {
    t = await createTestApp();
    o = await createOrganisers(t);
  });
  afterAll(() => t.close());

  it('removes the producer’s channel, audits it, and its public status is gone at once', async () => {
    const show = await createShow(t.database.db, { producerId: o.producerA, status: 'ACTIVE' });
    const channel = await channelOf(o.producerUserA, show.id);
    // Read once, so the public answer is in the cache that the delete must clear.
    expect((await callAs(t, null, 'GET', `/live/channels/${channel._id}.json`)).statusCode).toBe(
      200,
    );

    const res = await remove(o.producerUserA, channel._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: channel._id, name: 'Canal principal' });
    expect(await exists(channel._id)).toBe(false);
    const gone = await callAs(t, null, 'GET', `/live/channels/${channel._id}.json`);
    expect(gone.statusCode).toBe(404);
    const list = await callAs(t, o.producerUserA, 'GET', '/admin/live/channels');
    expect((list.json() as { items: AdminLiveChannel[] }).items.map((c) => c._id)).not.toContain(
      channel._id,
    );
    const audit = await t.database.db.auditLog.findFirst({
      where: { entityId: channel._id, action: 'live_channel.delete' },
    });
    expect(audit?.before).toMatchObject({ _id: channel._id, name: 'Canal principal' });
    expect(audit?.after).toBeNull();
  });

  it('answers 404 for another producer’s channel, and 404 again once it is gone', async () => {
    const show = await createShow(t.database.db, { producerId: o.producerA, status: 'ACTIVE' });
    const channel = await channelOf(o.producerUserA, show.id);
    const res = await remove(o.producerUserB, channel._id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'LIVE_CHANNEL_NOT_FOUND',
      message: 'El canal de transmisión no existe',
    });
    expect(await exists(channel._id)).toBe(true);
    expect((await remove(o.producerUserA, channel._id)).statusCode).toBe(200);
    expect((await remove(o.producerUserA, channel._id)).statusCode).toBe(404);
  });

  it('refuses, in Spanish, while its show is on the air, and removes it once the show is not', async () => {
    for (const status of ['LIVE', 'TEST', 'STARTED'] as const) {
      const show = await createShow(t.database.db, { producerId: o.producerA, status });
      const channel = await channelOf(o.producerUserA, show.id);
      const res = await remove(o.producerUserA, channel._id);
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toEqual({
        error: 'LIVE_CHANNEL_IN_USE',
        message:
          'El canal está en uso: su evento está en vivo, en prueba o empezado. Termina la transmisión antes de eliminarlo',
      });
      expect(await exists(channel._id)).toBe(true);
      await t.database.db.show.update({ where: { id: show.id }, data: { status: 'CLOSED' } });
      expect((await remove(o.producerUserA, channel._id)).statusCode).toBe(200);
    }
  });

  it('lets an admin remove any channel, one of no show included; a viewer is 403', async () => {
    const loose = await channelOf(o.admin, null, 'Canal suelto');
    expect((await remove(o.viewer, loose._id)).statusCode).toBe(403);
    expect((await remove(null, loose._id)).statusCode).toBe(401);
    expect((await remove(o.admin, loose._id)).statusCode).toBe(200);
    expect(await exists(loose._id)).toBe(false);
  });

  it('decides in the database when a show goes live during the delete: never a live show without its channel', async () => {
    const db = t.database.db;
    const show = await createShow(db, { producerId: o.producerA, status: 'ACTIVE' });
    const channel = await channelOf(o.producerUserA, show.id);
    // The status change holds the show's row lock (as PUT …/status and live events do)
    // while the delete arrives; the delete must read the status it commits.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const goLive = db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM shows WHERE id = ${show.id}::uuid FOR UPDATE`;
      await tx.show.update({ where: { id: show.id }, data: { status: 'LIVE' } });
      locked();
      await held;
    });
    await isLocked;
    const deleting = remove(o.producerUserA, channel._id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await goLive;
    const res = await deleting;
    expect(res.statusCode, res.body).toBe(409);
    expect(await exists(channel._id)).toBe(true);
  });
});
