import { SHOW_STATUSES } from '@taquilla/contract';
import type { ShowStatus } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { Organisers } from '../../helpers/auth.ts';
import {
  VIDEO,
  createAccessCode,
  createWatchShow,
  giveTicket,
  playback,
  refusal,
  signedInViewer,
} from '../../helpers/watch.ts';
import type { Viewer } from '../../helpers/watch.ts';

// 001 §2, §8: the texts the player shows for each refusal.
const TEXT = {
  ACCESS_CODE_INVALID: 'Código Inválido',
  TICKET_REQUIRED:
    'Solicita tu boleto para poder ingresar. Si ya tienes tu boleto activado, por favor inicia sesión para continuar.',
  EVENT_NOT_STARTED:
    'Aún no es posible el ingreso al evento. Por favor, recarga la página 5 minutos antes del evento y vuelve a intentar.',
  EVENT_UNAVAILABLE: 'Este evento ya no está disponible',
  STREAM_INACTIVE: 'La transmisión de este evento no está activa',
  SHOW_NOT_FOUND: 'El evento que buscas no existe',
} as const;
type Outcome = 200 | keyof typeof TEXT;

/** What the playback call answers in each status, by mode (docs/decisions/0022-watch-access.md). */
const TICKET_STATUSES: Record<ShowStatus, Outcome> = {
  NEW: 'SHOW_NOT_FOUND',
  SOON: 'EVENT_NOT_STARTED',
  ACTIVE: 'EVENT_NOT_STARTED',
  STARTED: 200,
  LIVE: 200,
  TEST: 200,
  HIDDEN: 'STREAM_INACTIVE',
  REPLAY: 200,
  CLOSED: 'EVENT_UNAVAILABLE',
  CANCELLED: 'EVENT_UNAVAILABLE',
};
const CODE_STATUSES: Record<ShowStatus, Outcome> = {
  ...Object.fromEntries(SHOW_STATUSES.map((status) => [status, 200])),
  NEW: 'SHOW_NOT_FOUND',
  CLOSED: 'EVENT_UNAVAILABLE',
  CANCELLED: 'EVENT_UNAVAILABLE',
} as Record<ShowStatus, Outcome>;

/** The app's clock: expiries are judged against it, not against the test's wall clock. */
const NOW = new Date();

describe('watch access by mode and status (GET /shows/{id}/playback)', () => {
  let t: TestApp;
  let people: Organisers;
  let viewer: Viewer;

  async function outcomesByStatus(showId: string, call: () => ReturnType<typeof playback>) {
    const seen: Partial<Record<ShowStatus, Outcome>> = {};
    for (const status of SHOW_STATUSES) {
      await t.database.db.show.update({ where: { id: showId }, data: { status } });
      const res = await call();
      if (res.statusCode === 200) {
        seen[status] = 200;
        continue;
      }
      const { error, message } = refusal(res);
      expect(message).toBe(TEXT[error as keyof typeof TEXT]);
      seen[status] = error as Outcome;
    }
    return seen;
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    people = await createOrganisers(t);
    viewer = await signedInViewer(t);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('no-login shows (a code from the show’s access codes)', () => {
    it('plays with a live code, typed in any case, and hands out the sources', async () => {
      const show = await createWatchShow(t, { paid: true, settings: { nologin: true } });
      await createAccessCode(t, show.id, { code: 'NOLOG234' });
      const res = await playback(t, show.id, { code: ' nolog234 ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        show_uid: show.id,
        mode: 'nologin',
        code: 'NOLOG234',
        video_url: VIDEO.main,
      });
    });

    it('refuses no code, a wrong one, an expired, a revoked and another show’s code', async () => {
      const show = await createWatchShow(t, { settings: { nologin: true } });
      const other = await createWatchShow(t, { settings: { nologin: true } });
      const past = new Date(NOW.getTime() - 60_000);
      await createAccessCode(t, show.id, { code: 'VENCID23', expiresOn: past });
      await createAccessCode(t, show.id, { code: 'REVOCA23', revokedAt: past });
      await createAccessCode(t, other.id, { code: 'DEOTRO23' });
      for (const code of [undefined, 'NOEXISTE', 'VENCID23', 'REVOCA23', 'DEOTRO23']) {
        const res = await playback(t, show.id, code === undefined ? {} : { code });
        expect(refusal(res), String(code)).toEqual({
          status: 403,
          error: 'ACCESS_CODE_INVALID',
          message: TEXT.ACCESS_CODE_INVALID,
        });
      }
    });

    it('plays in every status but NEW, CLOSED and CANCELLED', async () => {
      const show = await createWatchShow(t, { settings: { nologin: true } });
      await createAccessCode(t, show.id, { code: 'ESTADO23' });
      const seen = await outcomesByStatus(show.id, () =>
        playback(t, show.id, { code: 'ESTADO23' }),
      );
      expect(seen).toEqual(CODE_STATUSES);
    });
  });

  describe('password shows (settings.security)', () => {
    it('plays with the password in any case or with one of its access codes, not with a wrong one', async () => {
      const show = await createWatchShow(t, { settings: { security: 'Marimba2027' } });
      await createAccessCode(t, show.id, { code: 'CLAVE234' });
      const byPassword = await playback(t, show.id, { code: 'MARIMBA2027' });
      expect(byPassword.statusCode, byPassword.body).toBe(200);
      expect(byPassword.json()).toMatchObject({ mode: 'password', code: 'MARIMBA2027' });
      expect((await playback(t, show.id, { code: 'CLAVE234' })).statusCode).toBe(200);
      expect(refusal(await playback(t, show.id, { code: 'Marimba2026' })).error).toBe(
        'ACCESS_CODE_INVALID',
      );
    });

    it('follows the code shows’ statuses', async () => {
      const show = await createWatchShow(t, { settings: { security: 'clave' } });
      const seen = await outcomesByStatus(show.id, () => playback(t, show.id, { code: 'CLAVE' }));
      expect(seen).toEqual(CODE_STATUSES);
    });
  });

  describe('free shows (paid false, no registration)', () => {
    it('asks an anonymous visitor to sign in, and a dead session to sign in again', async () => {
      const show = await createWatchShow(t, { paid: false });
      expect(refusal(await playback(t, show.id))).toMatchObject({
        status: 401,
        error: 'UNAUTHORIZED',
      });
      const gone = await signedInViewer(t);
      await t.app.inject({
        method: 'PUT',
        url: `/auth/sessions/${gone.sessionId}/logout`,
        headers: gone.headers,
      });
      expect(refusal(await playback(t, show.id, { headers: gone.headers }))).toMatchObject({
        status: 440,
        error: 'SESSION_EXPIRED',
      });
    });

    it('lets any signed-in user in with the user id as code', async () => {
      const show = await createWatchShow(t, { paid: false });
      const res = await playback(t, show.id, { headers: viewer.headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ mode: 'free', code: viewer.userId, expires_on: null });
    });

    it('plays STARTED, LIVE, TEST and REPLAY only', async () => {
      const show = await createWatchShow(t, { paid: false });
      const seen = await outcomesByStatus(show.id, () =>
        playback(t, show.id, { headers: viewer.cookieHeaders }),
      );
      expect(seen).toEqual(TICKET_STATUSES);
    });
  });

  describe('paid and registration shows (an activated ticket)', () => {
    it('refuses anyone without a ticket with the specification’s text, signed in or not', async () => {
      const show = await createWatchShow(t, { paid: true });
      for (const headers of [{}, viewer.headers]) {
        expect(refusal(await playback(t, show.id, { headers }))).toEqual({
          status: 403,
          error: 'TICKET_REQUIRED',
          message: TEXT.TICKET_REQUIRED,
        });
      }
    });

    it('plays for the ticket’s holder with the ticket’s code, whatever code the URL carries', async () => {
      const show = await createWatchShow(t, { paid: true });
      await giveTicket(t, viewer, show.id, 'TKT234');
      const res = await playback(t, show.id, { headers: viewer.headers, code: 'OTRO' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ mode: 'ticket', code: 'TKT234', expires_on: null });
      const stranger = await signedInViewer(t);
      expect(
        refusal(await playback(t, show.id, { headers: stranger.headers, code: 'TKT234' })).error,
      ).toBe('TICKET_REQUIRED');
    });

    it('treats a registration show like a paid one, and a ticket past expires_on as none', async () => {
      const show = await createWatchShow(t, { paid: false, settings: { registration: true } });
      await giveTicket(t, viewer, show.id, 'REG234', new Date(NOW.getTime() - 1000));
      expect(refusal(await playback(t, show.id, { headers: viewer.headers })).error).toBe(
        'TICKET_REQUIRED',
      );
      await t.database.db.viewerShow.updateMany({
        where: { showId: show.id },
        data: { expiresOn: new Date(NOW.getTime() + 3_600_000) },
      });
      const res = await playback(t, show.id, { headers: viewer.headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ mode: 'ticket', code: 'REG234' });
    });

    it('plays STARTED, LIVE, TEST and REPLAY only', async () => {
      const show = await createWatchShow(t, { paid: true });
      await giveTicket(t, viewer, show.id, 'STA234');
      const seen = await outcomesByStatus(show.id, () =>
        playback(t, show.id, { headers: viewer.headers }),
      );
      expect(seen).toEqual(TICKET_STATUSES);
    });
  });

  describe('organisers', () => {
    it('let the show’s producer and an admin check the stream in any status, even a draft', async () => {
      const show = await createWatchShow(t, { producerId: people.producerA, status: 'NEW' });
      for (const who of [people.producerUserA, people.admin]) {
        const res = await playback(t, show.id, { headers: who.headers });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ mode: 'organiser', code: who.userId });
      }
      expect(
        refusal(await playback(t, show.id, { headers: people.producerUserB.headers })).error,
      ).toBe('SHOW_NOT_FOUND');
    });

    it('give another producer the show’s ordinary rules', async () => {
      const show = await createWatchShow(t, { producerId: people.producerA, paid: true });
      expect(
        refusal(await playback(t, show.id, { headers: people.producerUserB.headers })).error,
      ).toBe('TICKET_REQUIRED');
    });
  });

  it('answers 404 for an unknown show and finds one by its vanity path', async () => {
    expect(refusal(await playback(t, '0196a0b4-0000-7000-8000-000000000000')).error).toBe(
      'SHOW_NOT_FOUND',
    );
    await createWatchShow(t, { paid: false, path: 'concierto-gratis' });
    const res = await playback(t, 'concierto-gratis', { headers: viewer.headers });
    expect(res.statusCode, res.body).toBe(200);
  });
});
