import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import {
  GUATEMALA_IP,
  INDIA_IP,
  createAccessCode,
  createWatchShow,
  playback,
  refusal,
} from '../../helpers/watch.ts';

const PROXY = '10.0.0.5';
const BLOCKED = {
  status: 403,
  error: 'REGION_BLOCKED',
  message:
    'Este contenido esta restringido para tu región / This content is restricted for your region',
};

function geo(t: TestApp, forwardedFor?: string, remoteAddress = PROXY) {
  return t.app.inject({
    method: 'GET',
    url: '/geo',
    remoteAddress,
    ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
  });
}

describe('geolocation and blocked countries (001 §4 geographic restriction)', () => {
  let behindProxy: TestApp;
  let direct: TestApp;

  beforeAll(async () => {
    behindProxy = await createTestApp({ config: { TRUST_PROXY_HOPS: '1' } });
    direct = await createTestApp();
  });
  afterAll(async () => {
    await behindProxy.close();
    await direct.close();
  });

  describe('GET /geo', () => {
    it('locates the client a trusted proxy forwards, offline', async () => {
      const india = await geo(behindProxy, INDIA_IP);
      expect(india.statusCode, india.body).toBe(200);
      expect(india.headers['cache-control']).toBe('private, no-store');
      expect(india.json()).toMatchObject({
        country_code: 'IN',
        country_name: 'India',
        ip: INDIA_IP,
      });
      expect(typeof india.json().city).toBe('string');
      expect(await geo(behindProxy, GUATEMALA_IP).then((r) => r.json())).toMatchObject({
        country_code: 'GT',
        country_name: 'Guatemala',
        ip: GUATEMALA_IP,
      });
    });

    it('reads only as many forwarded hops as it trusts', async () => {
      // A client forging its own header in front of the proxy: the proxy appends the real one.
      const res = await geo(behindProxy, `${INDIA_IP}, ${GUATEMALA_IP}`);
      expect(res.json()).toMatchObject({ country_code: 'GT', ip: GUATEMALA_IP });
    });

    it('ignores a forwarded address when no proxy is trusted', async () => {
      const res = await geo(direct, INDIA_IP, GUATEMALA_IP);
      expect(res.json()).toMatchObject({ country_code: 'GT', ip: GUATEMALA_IP });
    });

    it('gives private and loopback addresses no country', async () => {
      for (const address of ['127.0.0.1', '192.168.1.20', '::1', '::ffff:10.1.2.3']) {
        const res = await geo(direct, undefined, address);
        expect(res.json(), address).toEqual({
          country_code: null,
          country_name: null,
          city: null,
          ip: address,
        });
      }
    });
  });

  describe('the playback call', () => {
    it('refuses a viewer forwarded from India by default, with the specification’s text', async () => {
      const show = await createWatchShow(behindProxy, { settings: { nologin: true } });
      await createAccessCode(behindProxy, show.id, { code: 'GEOCOD23' });
      const fromIndia = await playback(behindProxy, show.id, {
        code: 'GEOCOD23',
        forwardedFor: INDIA_IP,
      });
      expect(refusal(fromIndia)).toEqual(BLOCKED);
      expect(fromIndia.body.includes('cdn.taquilla.test')).toBe(false);
      const fromGuatemala = await playback(behindProxy, show.id, {
        code: 'GEOCOD23',
        forwardedFor: GUATEMALA_IP,
      });
      expect(fromGuatemala.statusCode, fromGuatemala.body).toBe(200);
    });

    it('refuses the region before judging the code', async () => {
      const show = await createWatchShow(behindProxy, { settings: { nologin: true } });
      const res = await playback(behindProxy, show.id, {
        code: 'CUALQUIERA',
        forwardedFor: INDIA_IP,
      });
      expect(refusal(res)).toEqual(BLOCKED);
    });

    it('follows the show’s own list: an empty one blocks nobody, another blocks its countries', async () => {
      const open = await createWatchShow(behindProxy, {
        settings: { nologin: true, blocked_countries: [] },
      });
      await createAccessCode(behindProxy, open.id, { code: 'ABIERT23' });
      expect(
        (await playback(behindProxy, open.id, { code: 'ABIERT23', forwardedFor: INDIA_IP }))
          .statusCode,
      ).toBe(200);
      const local = await createWatchShow(behindProxy, {
        settings: { nologin: true, blocked_countries: ['GT'] },
      });
      await createAccessCode(behindProxy, local.id, { code: 'LOCAL234' });
      expect(
        refusal(
          await playback(behindProxy, local.id, { code: 'LOCAL234', forwardedFor: GUATEMALA_IP }),
        ),
      ).toEqual(BLOCKED);
      expect(
        (await playback(behindProxy, local.id, { code: 'LOCAL234', forwardedFor: INDIA_IP }))
          .statusCode,
      ).toBe(200);
    });

    it('lets an organiser write the list, upper-case two-letter codes only', async () => {
      const { admin } = await createOrganisers(behindProxy);
      const show = await createWatchShow(behindProxy);
      const patch = (blocked: unknown) =>
        behindProxy.app.inject({
          method: 'PATCH',
          url: `/admin/shows/${show.id}`,
          headers: admin.headers,
          payload: { settings: { blocked_countries: blocked } },
        });
      const res = await patch(['IN', 'CN']);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().settings.blocked_countries).toEqual(['IN', 'CN']);
      expect((await patch(['india'])).statusCode).toBe(422);
    });
  });

  describe('the deployment’s default (BLOCKED_COUNTRIES)', () => {
    it('blocks the configured countries, and none with "-"', async () => {
      const none = await createTestApp({
        config: { TRUST_PROXY_HOPS: '1', BLOCKED_COUNTRIES: '-' },
      });
      const guatemala = await createTestApp({
        config: { TRUST_PROXY_HOPS: '1', BLOCKED_COUNTRIES: 'gt, cn' },
        database: none.database,
      });
      try {
        const show = await createWatchShow(none, { settings: { nologin: true } });
        await createAccessCode(none, show.id, { code: 'CONFIG23' });
        const call = (app: TestApp, ip: string) =>
          playback(app, show.id, { code: 'CONFIG23', forwardedFor: ip });
        expect((await call(none, INDIA_IP)).statusCode).toBe(200);
        expect((await call(guatemala, INDIA_IP)).statusCode).toBe(200);
        expect(refusal(await call(guatemala, GUATEMALA_IP))).toEqual(BLOCKED);
      } finally {
        await guatemala.close();
        await none.close();
      }
    });
  });
});
