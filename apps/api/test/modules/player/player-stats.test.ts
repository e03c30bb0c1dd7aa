import { PLAYER_STATS_RATE_LIMIT } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { TEST_PASSWORD, login } from '../../helpers/auth.ts';
import type { LoggedIn } from '../../helpers/auth.ts';
import { createShow, createUser, createViewerShow } from '../../helpers/factories.ts';
import { fieldsOf } from '../../helpers/http.ts';

const FORGED = '0190a0a0-0000-7000-8000-00000000dead';

describe('player analytics: POST /stats/shows/{id}/player (001 §3)', () => {
  let t: TestApp;
  let showId: string;
  let viewer: LoggedIn & { viewerId: string; viewerShowId: string };

  const report = (body: object, options: { headers?: Record<string, string>; ip?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/stats/shows/${showId}/player`,
      headers: options.headers ?? {},
      remoteAddress: options.ip ?? '127.0.0.1',
      payload: body,
    });
  const rowsOf = (ip: string) =>
    t.database.db.playerEvent.findMany({ where: { showId, ip }, orderBy: { createdAt: 'asc' } });

  beforeAll(async () => {
    t = await createTestApp();
    showId = (await createShow(t.database.db, { status: 'LIVE', venue: 'Online' })).id;
    const user = await createUser(t.database.db, { password: TEST_PASSWORD, withViewer: true });
    const viewerId = user.viewer?.id as string;
    const access = await createViewerShow(t.database.db, { showId, viewerId });
    viewer = {
      ...(await login(t, user.email, TEST_PASSWORD, 'Viewer')),
      viewerId,
      viewerShowId: access.id,
    };
  });
  afterAll(() => t.close());

  it('stores the event with the session’s identity, never the one the client sends', async () => {
    const res = await report(
      {
        show_uid: FORGED,
        session_uid: 'sesion-del-cliente',
        user_uid: FORGED,
        viewer_uid: FORGED,
        viewer_show_uid: FORGED,
        device: 'Mozilla/5.0 (iPhone)',
        location: { country_code: 'gt', country_name: 'Guatemala', city: 'Antigua', ip: '8.8.8.8' },
        type: 'player',
        action: 'ready',
        code: 'AB3K9ZQ2',
      },
      { headers: viewer.headers, ip: '10.0.0.1' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await rowsOf('10.0.0.1');
    expect(res.json()).toEqual({ _id: row?.id });
    expect(row).toMatchObject({
      showId,
      sessionUid: viewer.sessionId,
      userId: viewer.userId,
      viewerId: viewer.viewerId,
      viewerShowId: viewer.viewerShowId,
      device: 'Mozilla/5.0 (iPhone)',
      countryCode: 'GT',
      countryName: 'Guatemala',
      city: 'Antigua',
      ip: '10.0.0.1',
      type: 'player',
      action: 'ready',
      code: 'AB3K9ZQ2',
    });
  });

  it('keeps an anonymous player’s browser session, with the user agent as its device', async () => {
    const res = await report(
      { action: 'loaded', user_uid: FORGED },
      {
        headers: { cookie: 'sessionID=navegador-anonimo-123456', 'user-agent': 'Prueba/1.0' },
        ip: '10.0.0.2',
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await rowsOf('10.0.0.2')).toMatchObject([
      {
        sessionUid: 'navegador-anonimo-123456',
        userId: null,
        viewerId: null,
        viewerShowId: null,
        device: 'Prueba/1.0',
        action: 'loaded',
        type: 'player',
      },
    ]);
  });

  it('refuses bad input with 422 naming the fields, and unknown or draft shows with 404', async () => {
    const bad = await report(
      { action: 'play', type: 'video', location: { country_code: 'GTM' } },
      { ip: '10.0.0.3' },
    );
    expect(bad.statusCode).toBe(422);
    expect(fieldsOf(bad.json()).sort()).toEqual(['action', 'location.country_code', 'type']);
    expect(bad.json()).toMatchObject({
      fields: expect.arrayContaining([
        { field: 'action', message: 'La acción es ready, loaded o mobilechat' },
      ]),
    });
    const draft = await createShow(t.database.db, { status: 'NEW' });
    for (const id of [draft.id, FORGED, 'x']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/stats/shows/${id}/player`,
        remoteAddress: '10.0.0.3',
        payload: { action: 'ready' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'SHOW_NOT_FOUND' });
    }
    expect(await rowsOf('10.0.0.3')).toEqual([]);
  });

  it('limits each client, by address or by user, and not the others', async () => {
    const { limit } = PLAYER_STATS_RATE_LIMIT;
    const answers = await Promise.all(
      Array.from({ length: limit + 3 }, () => report({ action: 'ready' }, { ip: '10.0.0.4' })),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    const refused = answers.find((res) => res.statusCode === 429);
    expect(refused?.json()).toMatchObject({ error: 'RATE_LIMITED' });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rowsOf('10.0.0.4')).toHaveLength(limit);
    // Another address, and a signed-in user on the busy address, still report.
    expect((await report({ action: 'ready' }, { ip: '10.0.0.5' })).statusCode).toBe(201);
    const user = await report({ action: 'ready' }, { headers: viewer.headers, ip: '10.0.0.4' });
    expect(user.statusCode).toBe(201);
  });
});
