import { paymentConfigSchema } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../src/config.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';

const PUBLISHABLE_KEY = 'pk_test_51TaquillaPruebaPublica';
const SECRET_KEY = 'sk_test_51TaquillaPruebaSecreta';

const readConfig = (t: TestApp, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/payments/config', headers });

describe('the card form’s settings (GET /payments/config)', () => {
  describe('with the sandbox (the default provider)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t.close();
    });

    it('says sandbox with no key, to anyone, whatever cookie comes', async () => {
      const anonymous = await readConfig(t);
      expect(anonymous.statusCode, anonymous.body).toBe(200);
      expect(anonymous.json()).toEqual({ provider: 'sandbox', publishable_key: null });
      const withCookies = await readConfig(t, { cookie: 'sid=desconocida; sessionID=x' });
      expect(withCookies.statusCode).toBe(200);
      expect(withCookies.json()).toEqual(anonymous.json());
    });

    it('is documented in the OpenAPI document as a public call answering PaymentConfig', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
        paths: Record<string, Record<string, Record<string, unknown>>>;
      };
      const operation = doc.paths['/payments/config']?.get;
      expect(operation?.operationId).toBe('getPaymentConfig');
      expect(operation?.security).toEqual([]);
      expect(JSON.stringify(operation?.responses)).toContain('#/components/schemas/PaymentConfig');
    });
  });

  describe('with Stripe', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        config: {
          PAYMENT_PROVIDER: 'stripe',
          STRIPE_SECRET_KEY: SECRET_KEY,
          STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
        },
      });
    });
    afterAll(async () => {
      await t.close();
    });

    it('answers the publishable key, and nothing of the secret one', async () => {
      const res = await readConfig(t);
      expect(res.statusCode, res.body).toBe(200);
      expect(paymentConfigSchema.parse(res.json())).toEqual({
        provider: 'stripe',
        publishable_key: PUBLISHABLE_KEY,
      });
      expect(res.body).not.toContain('sk_test');
    });

    it('lists no sandbox test cards', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/payments/sandbox/cards' });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('with Stripe but no publishable key', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        config: { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: SECRET_KEY },
      });
    });
    afterAll(async () => {
      await t.close();
    });

    it('starts, warns, and tells the SPA there is no key (its card form is then unavailable)', async () => {
      const res = await readConfig(t);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ provider: 'stripe', publishable_key: null });
      expect(t.logs.join('')).toContain('without STRIPE_PUBLISHABLE_KEY');
    });
  });

  it('refuses to start with a secret key where the publishable one goes', () => {
    const env = {
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/taquilla',
      REDIS_URL: 'redis://127.0.0.1:6379',
      ADMIN_EMAIL: 'admin@taquilla.local',
      ADMIN_PASSWORD: 'una-clave-larga',
      PAYMENT_PROVIDER: 'stripe',
    };
    expect(() => parseConfig({ ...env, STRIPE_PUBLISHABLE_KEY: SECRET_KEY })).toThrow(ConfigError);
    expect(() => parseConfig({ ...env, STRIPE_PUBLISHABLE_KEY: SECRET_KEY })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: debe ser una clave publicable/,
    );
    expect(parseConfig({ ...env, STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY })).toMatchObject({
      STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    });
  });
});
