import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import {
  createAccessCode,
  createWatchShow,
  giveTicket,
  playback,
  refusal,
  signedInViewer,
} from '../../helpers/watch.ts';
import type { Viewer } from '../../helpers/watch.ts';

const NOW = new Date();
const INVALID = { status: 403, error: 'ACCESS_CODE_INVALID', message: 'Código Inválido' };

describe('POST /viewers/codes/validate (001 §4, §5, §7)', () => {
  let t: TestApp;
  let viewer: Viewer;
  let nologinId: string;

  function validate(
    body: Record<string, unknown>,
    options: { headers?: Record<string, string>; remoteAddress?: string } = {},
  ) {
    return t.app.inject({
      method: 'POST',
      url: '/viewers/codes/validate',
      payload: body,
      ...(options.headers ? { headers: options.headers } : {}),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    viewer = await signedInViewer(t);
    nologinId = (await createWatchShow(t, { settings: { nologin: true } })).id;
    await createAccessCode(t, nologinId, {
      code: 'VALIDO23',
      expiresOn: new Date(NOW.getTime() + 86_400_000),
    });
    await createAccessCode(t, nologinId, {
      code: 'VIEJO234',
      expiresOn: new Date(NOW.getTime() - 1),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a valid no-login code (typed in lower case) with the code as kept and its end', async () => {
    const res = await validate({ code: 'valido23', show_uid: nologinId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      valid: true,
      show_uid: nologinId,
      code: 'VALIDO23',
      mode: 'nologin',
      expires_on: new Date(NOW.getTime() + 86_400_000).toISOString(),
    });
  });

  it('answers an unknown, an expired or another show’s code with "Código Inválido"', async () => {
    const other = await createWatchShow(t, { settings: { nologin: true } });
    for (const [code, showId] of [
      ['NOEXISTE', nologinId],
      ['VIEJO234', nologinId],
      ['VALIDO23', other.id],
    ] as const) {
      expect(refusal(await validate({ code, show_uid: showId })), code).toEqual(INVALID);
    }
  });

  it('validates a code whatever the show’s status: the playback call judges the status', async () => {
    const show = await createWatchShow(t, { status: 'CLOSED', settings: { nologin: true } });
    await createAccessCode(t, show.id, { code: 'CERRADO2' });
    expect((await validate({ code: 'CERRADO2', show_uid: show.id })).statusCode).toBe(200);
    expect(refusal(await playback(t, show.id, { code: 'CERRADO2' })).error).toBe(
      'EVENT_UNAVAILABLE',
    );
  });

  it('takes a password show’s password, upper-cased as the player sends it', async () => {
    const show = await createWatchShow(t, { settings: { security: 'Quetzal-2027' } });
    const res = await validate({ code: 'QUETZAL-2027', show_uid: show.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mode: 'password', code: 'QUETZAL-2027', expires_on: null });
    expect(refusal(await validate({ code: 'Quetzal-2026', show_uid: show.id }))).toEqual(INVALID);
  });

  it('takes a free show’s user id as the code of that user only, in any case', async () => {
    const show = await createWatchShow(t, { paid: false });
    const own = await validate(
      { code: viewer.userId.toUpperCase(), show_uid: show.id },
      { headers: viewer.headers },
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ mode: 'free', code: viewer.userId });
    const someoneElse = await signedInViewer(t);
    expect(
      refusal(
        await validate(
          { code: viewer.userId, show_uid: show.id },
          { headers: someoneElse.headers },
        ),
      ),
    ).toEqual(INVALID);
    expect(refusal(await validate({ code: viewer.userId, show_uid: show.id }))).toEqual(INVALID);
  });

  it('takes a ticket’s code from its holder only', async () => {
    const show = await createWatchShow(t, { paid: true });
    await giveTicket(t, viewer, show.id, 'HOLD23');
    const res = await validate({ code: 'hold23', show_uid: show.id }, { headers: viewer.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mode: 'ticket', code: 'HOLD23' });
    expect(refusal(await validate({ code: 'HOLD23', show_uid: show.id }))).toEqual(INVALID);
  });

  it('answers 404 for an unknown show and 422 for a malformed body', async () => {
    expect(
      refusal(
        await validate({ code: 'VALIDO23', show_uid: '0196a0b4-0000-7000-8000-000000000000' }),
      ).error,
    ).toBe('SHOW_NOT_FOUND');
    for (const body of [
      { code: 'VALIDO23' },
      { code: '', show_uid: nologinId },
      { code: 'X'.repeat(65), show_uid: nologinId },
    ]) {
      expect(refusal(await validate(body)).status).toBe(422);
    }
  });

  it('stops an address that keeps trying wrong codes, on this call and on playback, not others', async () => {
    const prober = '198.51.100.77';
    for (let i = 0; i < 20; i += 1) {
      expect(
        (await validate({ code: `MAL${i}`, show_uid: nologinId }, { remoteAddress: prober }))
          .statusCode,
      ).toBe(403);
    }
    const blocked = await validate(
      { code: 'VALIDO23', show_uid: nologinId },
      { remoteAddress: prober },
    );
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const viaPlayback = await t.app.inject({
      method: 'GET',
      url: `/shows/${nologinId}/playback?code=VALIDO23`,
      remoteAddress: prober,
    });
    expect(viaPlayback.statusCode).toBe(429);
    const someoneElse = await validate(
      { code: 'VALIDO23', show_uid: nologinId },
      { remoteAddress: '198.51.100.78' },
    );
    expect(someoneElse.statusCode).toBe(200);
  });
});
