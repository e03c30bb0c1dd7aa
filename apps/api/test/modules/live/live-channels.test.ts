import { createHmac } from 'node:crypto';
import type { AdminLiveChannel } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { Organisers } from '../../helpers/auth.ts';
import { createShow } from '../../helpers/factories.ts';
import { callAs, fieldsOf } from '../../helpers/http.ts';

const NOW = new Date('2027-05-20T01:00:00.000Z');
const SECRET = 'secreto-de-prueba-para-los-avisos-de-video-en-vivo';
const unix = (date: Date) => String(Math.floor(date.getTime() / 1000));

/** What the shell line of decision 0024 sends: `sha256=` + HMAC of `${timestamp}.${body}`. */
function mediamtxCall(body: object, options: { at?: Date; secret?: string } = {}) {
  const payload = JSON.stringify(body);
  const timestamp = unix(options.at ?? NOW);
  const signature = createHmac('sha256', options.secret ?? SECRET)
    .update(`${timestamp}.${payload}`)
    .digest('hex');
  return {
    method: 'POST' as const,
    url: '/live/webhooks/mediamtx',
    headers: {
      'content-type': 'application/json',
      'x-taquilla-timestamp': timestamp,
      'x-taquilla-signature': `sha256=${signature}`,
    },
    payload,
  };
}

/** An Owncast stream webhook as Owncast sends it: Go's time in Guatemala, nanoseconds, no signature. */
function owncastBody(type: string, id: string, at = NOW) {
  const guatemala = new Date(at.getTime() - 6 * 3_600_000).toISOString().slice(0, -1);
  return {
    type,
    eventData: {
      id,
      name: 'Taquilla en vivo',
      streamTitle: 'Concierto de marimba',
      summary: '',
      timestamp: `${guatemala}123456-06:00`,
    },
  };
}

describe('live channels: GET /live/channels/{id}.json and the organiser API', () => {
  let t: TestApp;
  let o: Organisers;
  let channel: AdminLiveChannel;

  const channelJson = (id: string) => callAs(t, null, 'GET', `/live/channels/${id}.json`);

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, config: { LIVE_WEBHOOK_SECRET: SECRET } });
    o = await createOrganisers(t);
    const show = await createShow(t.database.db, { producerId: o.producerA, status: 'ACTIVE' });
    const res = await callAs(t, o.producerUserA, 'POST', '/admin/live/channels', {
      name: 'Escenario principal',
      show_uid: show.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    channel = res.json() as AdminLiveChannel;
  });
  afterAll(() => t.close());

  it('starts idle, with the MediaMTX path and the signed Owncast URL to configure', async () => {
    expect(channel).toMatchObject({
      name: 'Escenario principal',
      status: 'idle',
      current_event: null,
      webhooks: { mediamtx_path: `live/${channel._id}` },
    });
    const signature = createHmac('sha256', SECRET).update(`owncast:${channel._id}`).digest('hex');
    expect(channel.webhooks.owncast_url).toBe(
      `http://localhost:3000/live/webhooks/owncast?channel=${channel._id}&signature=${signature}`,
    );
    const res = await channelJson(channel._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'idle', current_event: null });
    expect(res.headers['cache-control']).toBe('public, max-age=5');
  });

  it('is set by its organiser, audited, and read at once by the players', async () => {
    const put = (who: typeof o.admin, body: object) =>
      callAs(t, who, 'PUT', `/admin/live/channels/${channel._id}`, body);
    const res = await put(o.producerUserA, { status: 'active', current_event: 'concierto-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await channelJson(channel._id)).json()).toEqual({
      status: 'active',
      current_event: 'concierto-1',
    });
    const audit = await t.database.db.auditLog.findFirstOrThrow({
      where: { entityId: channel._id, action: 'live_channel.status' },
    });
    expect(audit).toMatchObject({ actorUserId: o.producerUserA.userId });
    expect(audit.after).toMatchObject({ status: 'active', current_event: 'concierto-1' });

    // Another producer's channel does not exist for it; a viewer may not ask.
    expect((await put(o.producerUserB, { status: 'idle' })).statusCode).toBe(404);
    expect((await put(o.viewer, { status: 'idle' })).statusCode).toBe(403);
    const list = await callAs(t, o.producerUserB, 'GET', '/admin/live/channels');
    expect(list.json()).toEqual({ items: [] });
    const bad = await put(o.producerUserA, { status: 'idle', current_event: 'algo' });
    expect(bad.statusCode).toBe(422);
    expect(fieldsOf(bad.json())).toEqual(['current_event']);
    expect((await put(o.admin, { status: 'idle' })).json()).toMatchObject({
      status: 'idle',
      current_event: null,
    });
  });

  it('belongs to a show of the producer that creates it', async () => {
    const other = await createShow(t.database.db, { producerId: o.producerB });
    for (const body of [{ name: 'Sin evento' }, { name: 'Ajeno', show_uid: other.id }]) {
      const res = await callAs(t, o.producerUserA, 'POST', '/admin/live/channels', body);
      expect(res.statusCode).toBe(422);
      expect(fieldsOf(res.json())).toEqual(['show_uid']);
    }
    const admins = await callAs(t, o.admin, 'POST', '/admin/live/channels', { name: 'Estudio' });
    expect(admins.json()).toMatchObject({ show_uid: null, status: 'idle' });
  });

  it('answers 404 in Spanish for an unknown channel', async () => {
    for (const id of ['0190a0a0-0000-7000-8000-000000000000', 'canal']) {
      const res = await channelJson(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: 'LIVE_CHANNEL_NOT_FOUND',
        message: 'El canal de transmisión no existe',
      });
    }
  });

  describe('MediaMTX webhook (runOnReady / runOnNotReady)', () => {
    const path = () => `live/${channel._id}`;

    it('turns the channel active on ready and idle on not_ready', async () => {
      const ready = await t.app.inject(mediamtxCall({ event: 'ready', path: path() }));
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.json()).toEqual({
        received: true,
        channel: { status: 'active', current_event: path() },
      });
      expect((await channelJson(channel._id)).json()).toEqual({
        status: 'active',
        current_event: path(),
      });
      const audit = await t.database.db.auditLog.findFirstOrThrow({
        where: { entityId: channel._id, action: 'live_channel.webhook.mediamtx' },
      });
      expect(audit).toMatchObject({ actorUserId: null, after: { status: 'active' } });

      const later = new Date(NOW.getTime() + 1000);
      const gone = await t.app.inject(
        mediamtxCall({ event: 'not_ready', path: path() }, { at: later }),
      );
      expect(gone.json()).toMatchObject({ channel: { status: 'idle', current_event: null } });
    });

    it('refuses a forged or unsigned call with 401 and changes nothing', async () => {
      const before = (await channelJson(channel._id)).json();
      const forged = mediamtxCall({ event: 'ready', path: path() }, { secret: 'otro-secreto' });
      const tampered = mediamtxCall({ event: 'not_ready', path: path() });
      tampered.payload = JSON.stringify({ event: 'ready', path: path() });
      const unsigned = {
        ...mediamtxCall({ event: 'ready', path: path() }),
        headers: { 'content-type': 'application/json' },
      };
      for (const call of [forged, tampered, unsigned]) {
        const res = await t.app.inject(call);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          error: 'WEBHOOK_SIGNATURE_INVALID',
          message: 'La firma del aviso no es válida',
        });
      }
      expect((await channelJson(channel._id)).json()).toEqual(before);
    });

    it('refuses a replayed call, and one signed too long ago or ahead', async () => {
      const at = new Date(NOW.getTime() + 2000);
      const call = mediamtxCall({ event: 'ready', path: path() }, { at });
      expect((await t.app.inject(call)).statusCode).toBe(200);
      const again = await t.app.inject(call);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        error: 'WEBHOOK_REPLAYED',
        message: 'Este aviso ya fue recibido o llegó fuera de tiempo',
      });
      for (const offset of [-301_000, 301_000]) {
        const stale = mediamtxCall(
          { event: 'not_ready', path: path() },
          { at: new Date(NOW.getTime() + offset) },
        );
        expect((await t.app.inject(stale)).statusCode).toBe(409);
      }
      expect((await channelJson(channel._id)).json()).toMatchObject({ status: 'active' });
    });

    it('answers 404 for a path that names no channel and 422 for a bad body', async () => {
      const unknown = await t.app.inject(
        mediamtxCall({ event: 'ready', path: 'live/0190a0a0-0000-7000-8000-000000000000' }),
      );
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ error: 'LIVE_CHANNEL_NOT_FOUND' });
      const bad = await t.app.inject(mediamtxCall({ event: 'encendido', path: path() }));
      expect(bad.statusCode).toBe(422);
      expect(fieldsOf(bad.json())).toEqual(['event']);
    });
  });

  describe('Owncast webhook (a signed URL)', () => {
    const owncast = (body: object, url = channel.webhooks.owncast_url as string) =>
      t.app.inject({
        method: 'POST',
        url: url.replace('http://localhost:3000', ''),
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });

    it('follows STREAM_STARTED and STREAM_STOPPED and ignores other events', async () => {
      const started = await owncast(owncastBody('STREAM_STARTED', 'aB3dE9x'));
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json()).toEqual({
        received: true,
        channel: { status: 'active', current_event: 'Concierto de marimba' },
      });
      const chat = await owncast({ type: 'CHAT', eventData: { body: 'hola' } });
      expect(chat.json()).toEqual({ received: true, channel: null });
      const stopped = await owncast(owncastBody('STREAM_STOPPED', 'aB3dE9y'));
      expect(stopped.json()).toMatchObject({ channel: { status: 'idle', current_event: null } });
    });

    it('refuses a URL whose signature is not the channel’s, and a replayed or stale event', async () => {
      const forged = (channel.webhooks.owncast_url as string).replace(
        /signature=\w+/,
        `signature=${'0'.repeat(64)}`,
      );
      expect((await owncast(owncastBody('STREAM_STARTED', 'x1'), forged)).statusCode).toBe(401);
      const otherChannel = (channel.webhooks.owncast_url as string).replace(
        channel._id,
        '0190a0a0-0000-7000-8000-000000000000',
      );
      expect((await owncast(owncastBody('STREAM_STARTED', 'x2'), otherChannel)).statusCode).toBe(
        401,
      );
      expect((await owncast(owncastBody('STREAM_STARTED', 'x3'))).statusCode).toBe(200);
      expect((await owncast(owncastBody('STREAM_STARTED', 'x3'))).statusCode).toBe(409);
      const stale = owncastBody('STREAM_STOPPED', 'x4', new Date(NOW.getTime() - 600_000));
      expect((await owncast(stale)).statusCode).toBe(409);
      expect((await channelJson(channel._id)).json()).toMatchObject({ status: 'active' });
    });
  });
});

describe('live channel webhooks without LIVE_WEBHOOK_SECRET', () => {
  it('are not served at all', async () => {
    const t = await createTestApp({ now: NOW });
    try {
      const res = await t.app.inject(mediamtxCall({ event: 'ready', path: 'live/x' }));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'NOT_FOUND' });
    } finally {
      await t.close();
    }
  });
});
