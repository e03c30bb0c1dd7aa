import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/app.ts';
import type { TestApp } from './helpers/app.ts';
import { createShow } from './helpers/factories.ts';

describe('SPA and gateway on one port', () => {
  let t: TestApp;
  let showId: string;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'taquilla-spa-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Taquilla</title>');
    t = await createTestApp({ config: { WEB_DIST_DIR: dist } });
    showId = (await createShow(t.database.db)).id;
  });
  afterAll(() => t.close());

  it('gives a browser navigation the SPA and an API call the JSON, on the same path', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `/shows/${showId}`,
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Taquilla</title>');
    expect(String(page.headers.vary)).toContain('Accept');

    const api = await t.app.inject({
      method: 'GET',
      url: `/shows/${showId}`,
      headers: { accept: 'application/json' },
    });
    expect(api.headers['content-type']).toContain('application/json');
    expect((api.json() as { _id: string })._id).toBe(showId);
  });

  it('keeps reset and verification tokens out of the Referer', async () => {
    for (const url of ['/password/reset/abcdefghijklmnop', '/email/verify/abcdefghijklmnop']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(home.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('never answers the docs, health or OpenAPI with the SPA', async () => {
    const health = await t.app.inject({
      method: 'GET',
      url: '/health/live',
      headers: { accept: 'text/html' },
    });
    expect(health.json()).toEqual({ status: 'ok' });
  });
});
