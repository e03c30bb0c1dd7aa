import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createShow } from '../helpers/factories.ts';

const ASSET = 'index-C0ffee12.js';
const PLAIN_ONLY = 'chunk-Beef3456.js';
const SCRIPT = Buffer.from(`export const greeting = ${JSON.stringify('¡Hola! '.repeat(400))};\n`);

describe('SPA and gateway on one port', () => {
  let t: TestApp;
  let showId: string;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'taquilla-spa-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Taquilla</title><div id="root"></div>',
    );
    // A hashed asset with the build's compressed copies beside it (compress-dist.mjs).
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', ASSET), SCRIPT);
    writeFileSync(path.join(dist, 'assets', `${ASSET}.br`), brotliCompressSync(SCRIPT));
    writeFileSync(path.join(dist, 'assets', `${ASSET}.gz`), gzipSync(SCRIPT));
    // One without copies (a build that made none, or a file too small for them).
    writeFileSync(path.join(dist, 'assets', PLAIN_ONLY), SCRIPT);
    // The build's manifest, for the first-view check only (decision 0070).
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{"index.html":{}}');
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
    expect(page.body).toContain('<div id="root"></div>');
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

  it("never serves the build's .vite folder (its manifest and module lists)", async () => {
    for (const accept of ['application/json', '*/*']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/.vite/manifest.json',
        headers: { accept },
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('index.html');
    }
  });

  it('never answers the docs, health or OpenAPI with the SPA', async () => {
    const health = await t.app.inject({
      method: 'GET',
      url: '/health/live',
      headers: { accept: 'text/html' },
    });
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it("serves the build's brotli or gzip copy of an asset by Accept-Encoding, cached for good", async () => {
    const get = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/assets/${ASSET}`,
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });

    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(br.rawPayload).equals(SCRIPT)).toBe(true);

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(SCRIPT)).toBe(true);

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(SCRIPT)).toBe(true);

    // No copy beside it: the plain file, whatever the client accepts.
    const fallback = await t.app.inject({
      method: 'GET',
      url: `/assets/${PLAIN_ONLY}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(fallback.statusCode).toBe(200);
    expect(fallback.headers['content-encoding']).toBeUndefined();
    expect(fallback.rawPayload.equals(SCRIPT)).toBe(true);
  });
});
