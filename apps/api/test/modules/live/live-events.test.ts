import type { AdminShowEventResult, ShowEvent, ShowLiveState } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveEventsService } from '../../../src/modules/live/live-events.service.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { Organisers } from '../../helpers/auth.ts';
import { createShow } from '../../helpers/factories.ts';
import { callAs } from '../../helpers/http.ts';
import { connectRealtime } from '../../helpers/realtime-client.ts';

const NOW = new Date('2027-05-20T01:00:00.000Z');

describe('live control: POST /admin/shows/{id}/events (001 §4)', () => {
  let a: TestApp;
  let b: TestApp;
  let o: Organisers;

  /** A show of producer A (the one logged in as producerUserA). */
  const showOfA = (overrides: Parameters<typeof createShow>[1] = {}) =>
    createShow(a.database.db, { producerId: o.producerA, venue: 'Online', ...overrides });
  const send = (showId: string, body: object, who = o.producerUserA) =>
    callAs(a, who, 'POST', `/admin/shows/${showId}/events`, body);
  const current = async (t: TestApp, showId: string) => {
    const res = await callAs(t, null, 'GET', `/shows/${showId}/events/current`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ShowLiveState).event;
  };
  const statusOf = async (showId: string) =>
    (await a.database.db.show.findUniqueOrThrow({ where: { id: showId } })).status;
  const auditActions = async (showId: string) =>
    (
      await a.database.db.auditLog.findMany({
        where: { entityType: 'show', entityId: showId },
        orderBy: { createdAt: 'asc' },
      })
    ).map((row) => row.action);

  /** A player's socket on instance b, subscribed to the show's events. */
  async function playerOf(showId: string) {
    const channel = `show-events/${showId}`;
    const player = await connectRealtime(b);
    expect(await player.subscribe(channel)).toEqual({ type: 'subscribed', channel });
    return player;
  }

  beforeAll(async () => {
    a = await createTestApp({ now: NOW });
    b = await createTestApp({ now: NOW, database: a.database });
    await b.app.listen({ host: '127.0.0.1', port: 0 });
    o = await createOrganisers(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('delivers start to a player on another instance, puts the show LIVE and tells late players', async () => {
    const show = await showOfA({ status: 'ACTIVE' });
    const player = await playerOf(show.id);

    const res = await send(show.id, { status: 'start' });
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json() as AdminShowEventResult;
    const event: ShowEvent = {
      event: 'statusChange',
      data: { type: 'status', status: 'start', created_at: NOW.toISOString() },
    };
    expect(result).toEqual({ show_uid: show.id, show_status: 'LIVE', event, published: true });

    const heard = await player.next((m) => m.type === 'message');
    expect(heard).toEqual({ type: 'message', channel: `show-events/${show.id}`, data: event });
    expect(await statusOf(show.id)).toBe('LIVE');
    await expect.poll(() => current(b, show.id)).toEqual(event);
    expect((await auditActions(show.id)).sort()).toEqual(['show.live_event', 'show.status']);
    player.close();
  });

  it('keeps a curtain as the current state through issues, and replaces it at the end', async () => {
    const show = await showOfA({ status: 'LIVE' });
    const player = await playerOf(show.id);
    const curtain = {
      type: 'static',
      message1: 'Regresamos en 10 minutos',
      message2: 'Intermedio',
    };

    expect((await send(show.id, { status: 'curtain', metadata: curtain })).statusCode).toBe(201);
    expect((await send(show.id, { status: 'issues' })).statusCode).toBe(201);
    // Players hear issues (and ignore it); one that joins now still sees the curtain.
    await player.next((m) => m.type === 'message' && JSON.stringify(m).includes('"issues"'));
    expect(await current(a, show.id)).toEqual({
      event: 'statusChange',
      data: { type: 'status', status: 'curtain', metadata: curtain, created_at: NOW.toISOString() },
    });

    const ended = await send(show.id, { status: 'end' });
    expect(ended.json()).toMatchObject({ show_status: 'CLOSED', published: true });
    expect(await current(a, show.id)).toEqual({
      event: 'statusChange',
      data: { type: 'status', status: 'end', created_at: NOW.toISOString() },
    });
    const statuses = player.inbox
      .filter((m) => m.type === 'message')
      .map((m) => (m.data as ShowEvent).data.status);
    await player.next((m) => m.type === 'message' && JSON.stringify(m).includes('"end"'));
    expect(new Set([...statuses, 'end'])).toEqual(new Set(['curtain', 'issues', 'end']));
    expect(await statusOf(show.id)).toBe('CLOSED');
    player.close();
  });

  it('plays a looping video curtain from this site or another, and leaves a VOD show on demand', async () => {
    const show = await showOfA({ status: 'LIVE', settings: { vod: true } });
    const metadata = {
      type: 'video',
      video_url: '/media/demo/taquilla-demo.m3u8',
      media_type: 'application/x-mpegURL',
    };
    const res = await send(show.id, { status: 'curtain', metadata });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as AdminShowEventResult).event.data.metadata).toEqual(metadata);
    expect((await send(show.id, { status: 'end' })).json()).toMatchObject({
      show_status: 'REPLAY',
    });
    // A rehearsal stays a rehearsal.
    const rehearsal = await showOfA({ status: 'TEST' });
    expect((await send(rehearsal.id, { status: 'start' })).json()).toMatchObject({
      show_status: 'TEST',
    });
    expect((await send(rehearsal.id, { status: 'end' })).json()).toMatchObject({
      show_status: 'TEST',
    });
  });

  it('refuses drafts, closed and cancelled shows with 409 and stores nothing', async () => {
    for (const status of ['NEW', 'CLOSED', 'CANCELLED'] as const) {
      const show = await showOfA({ status });
      const res = await send(show.id, { status: 'start' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: 'LIVE_EVENT_NOT_ALLOWED',
        message:
          'Un evento en borrador, terminado o cancelado no admite control en vivo: cambia su estado primero',
      });
      expect(await statusOf(show.id)).toBe(status);
      expect(await a.database.db.showLiveState.count({ where: { showId: show.id } })).toBe(0);
    }
  });

  it('lets only organisers send, a producer only for its own shows', async () => {
    const show = await showOfA({ status: 'LIVE' });
    expect((await send(show.id, { status: 'start' }, null as never)).statusCode).toBe(401);
    const viewer = await send(show.id, { status: 'start' }, o.viewer);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toMatchObject({ error: 'FORBIDDEN' });
    const other = await send(show.id, { status: 'start' }, o.producerUserB);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({
      error: 'SHOW_NOT_FOUND',
      message: 'El evento que buscas no existe',
    });
    expect((await send('no-es-un-id', { status: 'start' })).statusCode).toBe(404);
    expect(await auditActions(show.id)).toEqual([]);
    expect((await send(show.id, { status: 'restart' }, o.admin)).statusCode).toBe(201);
  });

  it('refuses bad input with 422 and Spanish messages naming the field', async () => {
    const show = await showOfA({ status: 'LIVE' });
    const cases: [object, string, string][] = [
      [{ status: 'pausa' }, 'status', 'El evento es start, restart, issues, curtain o end'],
      [
        { status: 'curtain' },
        'metadata',
        'El telón necesita un mensaje (type static) o un video (type video)',
      ],
      [
        { status: 'start', metadata: { type: 'static', message1: 'Hola' } },
        'metadata',
        'Solo el telón (curtain) lleva metadata',
      ],
      [
        { status: 'curtain', metadata: { type: 'static', message1: '  ' } },
        'metadata.message1',
        'Escribe el mensaje principal del telón',
      ],
      [
        { status: 'curtain', metadata: { type: 'video', video_url: 'javascript:alert(1)' } },
        'metadata.video_url',
        'Usa una dirección http(s) o una ruta del sitio que empiece con /',
      ],
      [
        { status: 'curtain', metadata: { type: 'gif', video_url: '/a.gif' } },
        'metadata.type',
        'El telón es «static» (un mensaje) o «video» (un video en bucle)',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await send(show.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      const answer = res.json() as { error: string; fields: { field: string; message: string }[] };
      expect(answer.error).toBe('VALIDATION_ERROR');
      expect(answer.fields).toContainEqual({ field, message });
    }
    const unknown = await send(show.id, { status: 'start', volumen: 11 });
    expect(unknown.statusCode).toBe(422);
    expect(JSON.stringify(unknown.json())).toContain('volumen');
    expect(await a.database.db.showLiveState.count({ where: { showId: show.id } })).toBe(0);
  });

  it('answers null before the first event and 404 for drafts and unknown shows', async () => {
    const show = await showOfA({ status: 'SOON' });
    expect(await current(a, show.id)).toBeNull();
    const draft = await showOfA({ status: 'NEW' });
    for (const id of [draft.id, '0190a0a0-0000-7000-8000-000000000000', 'festival']) {
      const res = await callAs(a, null, 'GET', `/shows/${id}/events/current`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'SHOW_NOT_FOUND' });
    }
  });

  it('keeps the event and says so when the realtime fan-out fails', async () => {
    const show = await showOfA({ status: 'ACTIVE' });
    const warnings: string[] = [];
    const events = createLiveEventsService({
      db: a.database.db,
      clock: () => NOW,
      cache: a.app.catalogueCache,
      log: { warn: (_o, message) => warnings.push(message) },
      publish: async () => {
        throw new Error('redis down');
      },
    });
    const actor = {
      userId: o.producerUserA.userId,
      role: 'Producer' as const,
      producerId: o.producerA,
    };
    const result = await events.send({ actor, ip: null }, show.id, { status: 'start' });
    expect(result).toMatchObject({ show_status: 'LIVE', published: false });
    expect(warnings).toEqual(['live event stored but not published']);
    expect((await current(a, show.id))?.data.status).toBe('start');
  });
});
