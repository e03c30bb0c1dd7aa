import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app.ts';
import { createShow } from '../helpers/factories.ts';
import type { TestApp } from '../helpers/app.ts';
import { metricTypes, scrape, valueOf } from '../helpers/prometheus.ts';

const TOKEN = 'metricas-secretas-de-prueba-2026';

describe('GET /metrics: who may read it', () => {
  let open: TestApp;
  let guarded: TestApp;
  beforeAll(async () => {
    open = await createTestApp();
    guarded = await createTestApp({ config: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await guarded.close();
    await open.close();
  });

  const get = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('without METRICS_TOKEN answers loopback and private addresses in Prometheus format', async () => {
    for (const address of ['127.0.0.1', '::1', '10.4.0.7', '172.20.1.2', '::ffff:192.168.1.5']) {
      const res = await get(open, address);
      expect(res.statusCode, address).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('# TYPE process_cpu_user_seconds_total counter');
      expect(res.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    }
  });

  it('without METRICS_TOKEN refuses public addresses and anything that came through a proxy', async () => {
    for (const address of ['203.0.113.9', '8.8.8.8', '2001:db8::1', '172.32.0.1']) {
      const res = await get(open, address);
      expect(res.statusCode, address).toBe(403);
      expect(res.json()).toEqual({
        error: 'FORBIDDEN',
        message: 'No tienes permiso para realizar esta acción',
      });
    }
    // A proxy on the same machine forwards the Internet: its loopback address proves nothing.
    const proxied = await get(open, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' });
    expect(proxied.statusCode).toBe(403);
    const forwarded = await get(open, '10.0.0.2', { forwarded: 'for=203.0.113.9' });
    expect(forwarded.statusCode).toBe(403);
  });

  it('with METRICS_TOKEN answers the Bearer token from anywhere and nothing else', async () => {
    expect((await get(guarded, '127.0.0.1')).statusCode).toBe(401);
    const wrong = await get(guarded, '127.0.0.1', { authorization: `Bearer ${TOKEN}x` });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'UNAUTHORIZED' });
    const right = await get(guarded, '203.0.113.9', { authorization: `Bearer ${TOKEN}` });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('http_requests_total');
    // Not a session token: the auth hook never looked it up as one.
    expect(guarded.logs.join('')).not.toContain(TOKEN);
  });

  it('is never an SPA page (decision 0005)', async () => {
    const res = await get(open, '127.0.0.1', { accept: 'text/html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });
});

describe('GET /metrics: SPA pages beside the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'taquilla-spa-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Taquilla</title>');
    t = await createTestApp({ config: { WEB_DIST_DIR: dist } });
  });
  afterAll(() => t.close());

  it('counts page navigations as spa and API calls on the same path by their route', async () => {
    const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const id = randomUUID();
    const page = await t.app.inject({ method: 'GET', url: `/shows/${id}`, headers: html });
    expect(page.headers['content-type']).toContain('text/html');
    await t.app.inject({ method: 'GET', url: `/shows/${id}` });
    // An HTML answer on a path the SPA never takes keeps its own route.
    const docs = await t.app.inject({ method: 'GET', url: '/docs/', headers: html });
    expect(docs.headers['content-type']).toContain('text/html');

    const { samples } = await scrape(t);
    expect(valueOf(samples, 'http_requests_total', { route: 'spa', status_class: '2xx' })).toBe(1);
    // The direct call, and the page's own first call of it made in-process for its HTML
    // (decision 0072): work of that route, counted there.
    expect(
      valueOf(samples, 'http_requests_total', { route: '/shows/:id', status_class: '4xx' }),
    ).toBe(2);
    const docsRoutes = samples
      .filter((s) => s.name === 'http_requests_total' && s.labels.route?.startsWith('/docs'))
      .map((s) => s.value);
    expect(docsRoutes).toEqual([1]);
  });
});

describe('GET /metrics: HTTP rate, errors and latency per route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('labels requests by method, route pattern and status class, never by raw URL', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) {
      expect((await t.app.inject({ method: 'GET', url: `/shows/${id}` })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/shows' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/no-existe/abc' })).statusCode).toBe(404);

    const { text, samples } = await scrape(t);
    for (const id of ids) expect(text).not.toContain(id);
    expect(text).not.toContain('/no-existe');
    const missing = { method: 'GET', route: '/shows/:id', status_class: '4xx' };
    expect(valueOf(samples, 'http_requests_total', missing)).toBe(3);
    expect(valueOf(samples, 'http_request_duration_seconds_count', missing)).toBe(3);
    expect(
      valueOf(samples, 'http_request_duration_seconds_bucket', { ...missing, le: '+Inf' }),
    ).toBe(3);
    const list = { method: 'GET', route: '/shows', status_class: '2xx' };
    expect(valueOf(samples, 'http_requests_total', list)).toBe(1);
    expect(valueOf(samples, 'http_request_duration_seconds_sum', list)).toBeGreaterThan(0);
    expect(
      valueOf(samples, 'http_requests_total', { route: 'unmatched', status_class: '4xx' }),
    ).toBe(1);
    expect(metricTypes(text).get('http_request_duration_seconds')).toBe('histogram');
  });

  it('counts a server error in the 5xx class and a client error in the 4xx one', async () => {
    // Settings that break the response schema make the mapper throw (as errors-and-logs).
    const show = await createShow(t.database.db, { settings: { max_ticket_quantity: -3 } });
    expect((await t.app.inject({ method: 'GET', url: `/shows/${show.id}` })).statusCode).toBe(500);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(bad.statusCode).toBe(422);
    const { samples } = await scrape(t);
    const route = { method: 'GET', route: '/shows/:id' };
    expect(valueOf(samples, 'http_requests_total', { ...route, status_class: '5xx' })).toBe(1);
    const login = { method: 'POST', route: '/auth/login' };
    expect(valueOf(samples, 'http_requests_total', { ...login, status_class: '4xx' })).toBe(1);
  });

  it('leaves /metrics and the health probes out of the HTTP series', async () => {
    await t.app.inject({ method: 'GET', url: '/health/live' });
    await t.app.inject({ method: 'GET', url: '/health/ready' });
    await scrape(t);
    const { samples } = await scrape(t);
    const routes = new Set(samples.map((s) => s.labels.route).filter(Boolean));
    expect([...routes].filter((r) => r?.startsWith('/health') || r === '/metrics')).toEqual([]);
  });
});
