import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createShow } from '../helpers/factories.ts';

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const JSON_ACCEPT = { accept: 'application/json' };

/** `default-src 'self'; img-src …` → { 'default-src': ["'self'"], … } */
function directivesOf(policy: unknown): Record<string, string[]> {
  expect(typeof policy).toBe('string');
  return Object.fromEntries(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

function spaDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'taquilla-spa-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Taquilla</title>');
  return dist;
}

describe('security headers (decision 0043)', () => {
  let t: TestApp;
  let showId: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { WEB_DIST_DIR: spaDist() } });
    showId = (await createShow(t.database.db)).id;
  });
  afterAll(() => t.close());

  it('gives an SPA page the strict Content-Security-Policy and the other headers', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/shows/${showId}`, headers: HTML });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = directivesOf(page.headers['content-security-policy']);
    expect(csp).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", "'wasm-unsafe-eval'"],
      'style-src': ["'self'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'media-src': ["'self'", 'blob:', 'https:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'", 'ws://localhost', 'https:'],
      'frame-src': ["'self'", 'http://localhost:3000'],
      'worker-src': ["'self'", 'blob:'],
      'manifest-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'frame-ancestors': ["'self'"],
      'form-action': ["'self'"],
    });
    // Nothing inline, nothing evaluated, no wildcard for scripts.
    expect(String(page.headers['content-security-policy'])).not.toMatch(
      /'unsafe-inline'|'unsafe-eval'|script-src[^;]*(\*|https:)/,
    );
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    // spa.ts's per-page Referer rule wins over helmet's default.
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // PUBLIC_URL is http: no HSTS, no upgrade of requests.
    expect(page.headers['strict-transport-security']).toBeUndefined();
    expect(page.headers['x-powered-by']).toBeUndefined();
  });

  it('keeps the token pages’ Referer rule under the policy', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/password/reset/abcdefghijklmnop',
      headers: HTML,
    });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('gives a JSON answer the non-CSP headers only', async () => {
    for (const url of [`/shows/${showId}`, '/shows/no-existe', '/health/live']) {
      const res = await t.app.inject({ method: 'GET', url, headers: JSON_ACCEPT });
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.headers['content-security-policy'], url).toBeUndefined();
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('gives the API document’s page a policy it works under and lets no site frame it (decision 0066)', async () => {
    for (const url of ['/docs', '/docs/', '/docs/static/swagger-ui-bundle.js', '/docs/json']) {
      const res = await t.app.inject({ method: 'GET', url, headers: HTML });
      expect(res.statusCode, url).toBe(200);
      expect(directivesOf(res.headers['content-security-policy']), url).toEqual({
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      });
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
    // Its scripts are files of this site, and no inline one: 'self' is all they need.
    const page = await t.app.inject({ method: 'GET', url: '/docs/', headers: HTML });
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.body).not.toMatch(/<style/);
    // The document itself, for clients, stays a plain JSON answer.
    const document = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(document.headers['content-security-policy']).toBeUndefined();
  });

  it('lets other sites embed public show images, and nothing else', async () => {
    const image = await t.app.inject({ method: 'GET', url: '/storage/public/shows/x/y.png' });
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const proof = await t.app.inject({ method: 'GET', url: '/storage/proofs/x.png' });
    expect(proof.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('leaves the payment sandbox’s 3-D Secure page its own policy and lets the SPA frame it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/payments/sandbox/3ds/no-existe',
      headers: HTML,
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'",
    );
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('security headers behind https with the Stripe provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        WEB_DIST_DIR: spaDist(),
        PUBLIC_URL: 'https://entradas.example',
        TRUST_PROXY_HOPS: '1',
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_fake',
        CSP_MEDIA_ORIGINS: 'http://localhost:8888',
      },
    });
  });
  afterAll(() => t.close());

  const behindProxy = { 'x-forwarded-proto': 'https', host: 'entradas.example' };

  it('adds Stripe.js, its frames and the bank’s page, a wss socket, HSTS and upgraded requests', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { ...HTML, ...behindProxy },
    });
    const csp = directivesOf(page.headers['content-security-policy']);
    expect(csp['script-src']).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    expect(csp['frame-src']).toEqual(["'self'", 'https://entradas.example', 'https:']);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'wss://entradas.example',
      'https:',
      'http://localhost:8888',
    ]);
    expect(csp['media-src']).toContain('http://localhost:8888');
    expect(csp['upgrade-insecure-requests']).toEqual([]);
    expect(page.headers['strict-transport-security']).toBe('max-age=15552000');

    const json = await t.app.inject({
      method: 'GET',
      url: '/health/live',
      headers: behindProxy,
    });
    expect(json.headers['strict-transport-security']).toBe('max-age=15552000');
    expect(json.headers['content-security-policy']).toBeUndefined();

    const docs = await t.app.inject({ method: 'GET', url: '/docs/', headers: behindProxy });
    const docsPolicy = directivesOf(docs.headers['content-security-policy']);
    expect(docsPolicy['frame-ancestors']).toEqual(["'none'"]);
    expect(docsPolicy['upgrade-insecure-requests']).toEqual([]);
  });

  it('writes no Host that could break out of the policy into it', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { ...HTML, 'x-forwarded-proto': 'https', host: "evil; script-src 'unsafe-inline'" },
    });
    expect(page.headers['content-security-policy']).not.toContain('evil');
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
  });
});

describe('security settings', () => {
  const VALID = {
    DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/taquilla',
    REDIS_URL: 'redis://127.0.0.1:6379',
    ADMIN_EMAIL: 'admin@taquilla.local',
    ADMIN_PASSWORD: 'una-clave-larga',
  };

  it('defaults to no extra origins and 180 days of HSTS', () => {
    const config = parseConfig(VALID);
    expect(config.ALLOWED_ORIGINS).toEqual([]);
    expect(config.CSP_MEDIA_ORIGINS).toEqual([]);
    expect(config.HSTS_MAX_AGE_SECONDS).toBe(15_552_000);
  });

  it('takes origins as a browser spells them and refuses anything else, naming the variable', () => {
    expect(
      parseConfig({
        ...VALID,
        ALLOWED_ORIGINS: 'HTTPS://Boletos.example:443/, http://x.example:8080',
      }).ALLOWED_ORIGINS,
    ).toEqual(['https://boletos.example', 'http://x.example:8080']);
    for (const bad of ['https://a.example/ruta', 'boletos.example', 'ftp://a.example', '*']) {
      expect(() => parseConfig({ ...VALID, ALLOWED_ORIGINS: bad }), bad).toThrow(ConfigError);
      expect(() => parseConfig({ ...VALID, ALLOWED_ORIGINS: bad }), bad).toThrow(
        /ALLOWED_ORIGINS: usa orígenes/,
      );
      expect(() => parseConfig({ ...VALID, CSP_MEDIA_ORIGINS: bad }), bad).toThrow(
        /CSP_MEDIA_ORIGINS: usa orígenes/,
      );
    }
  });
});
