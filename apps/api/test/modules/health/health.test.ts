import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis } from '../../../src/infra/redis.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says the process is alive', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('is ready when PostgreSQL and Redis answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { postgres: 'ok', redis: 'ok' } });
  });

  it('is not ready when Redis cannot be reached', async () => {
    // A port nothing listens on: the PING fails, the check reports 503.
    const deadRedis = createRedis('redis://127.0.0.1:1', {});
    deadRedis.on('error', () => {});
    const broken = await createTestApp({ redis: deadRedis });
    try {
      const res = await broken.app.inject({ method: 'GET', url: '/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: 'SERVICE_UNAVAILABLE',
        message: 'El servicio no está disponible en este momento',
      });
    } finally {
      await broken.close();
    }
  });
});
