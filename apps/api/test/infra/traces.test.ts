import { randomBytes, randomUUID } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';
import { runWithRequestId, withRequestId } from '../../src/infra/request-context.ts';
import { startTracing, tracesUrl, tracingEnabled, withSpan } from '../../src/infra/tracing.ts';
import type { TestApp } from '../helpers/app.ts';
import { browser, CARDS, cardInfo } from '../helpers/checkout.ts';
import { createShow, createTicket } from '../helpers/factories.ts';
import { startOtlpReceiver } from '../helpers/otlp-receiver.ts';
import type { OtlpReceiver, ReceivedSpan } from '../helpers/otlp-receiver.ts';
import { startStack } from '../helpers/stack-processes.ts';
import type { ApiProcess, Stack } from '../helpers/stack-processes.ts';

const SERVER = 2;
const CONSUMER = 5;
/** Processes, a queue and a collector on a loaded 2-core machine: room to wait. */
const STACK_TEST_MS = 150_000;

/** The span's ancestors among those received, nearest first. */
function ancestors(span: ReceivedSpan, all: ReceivedSpan[]): ReceivedSpan[] {
  const byId = new Map(all.map((s) => [s.spanId, s]));
  const chain: ReceivedSpan[] = [];
  let parent = span.parentSpanId ? byId.get(span.parentSpanId) : undefined;
  while (parent && chain.length < 50) {
    chain.push(parent);
    parent = parent.parentSpanId ? byId.get(parent.parentSpanId) : undefined;
  }
  return chain;
}

/**
 * Issue 13 "Watching it", decision 0049: OpenTelemetry traces from the bundled API and
 * worker (separate processes, built as the image builds them) to a real OTLP/HTTP
 * receiver, one trace from a checkout request through the queue to the worker's jobs.
 */
describe('traces across the API, the queue and the worker', () => {
  let receiver: OtlpReceiver;
  let stack: Stack;
  let api: ApiProcess;
  let t: TestApp;
  const app = () => t;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    stack = await startStack({
      apis: ['a'],
      env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_BSP_SCHEDULE_DELAY: '100',
        SHUTDOWN_DRAIN_SECONDS: '0',
        WORKER_SHUTDOWN_GRACE_SECONDS: '5',
      },
    });
    const first = stack.apis[0];
    if (!first) throw new Error('one API instance expected');
    api = first;
    t = stack.asTestApp(api);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    await receiver?.close();
  });

  it(
    'a request gets a server span named by its route, with its status and request id, no secrets',
    async () => {
      const sid = randomUUID();
      const requestId = `traces-${randomUUID()}`;
      const res = await fetch(`${api.url}/cart/${sid}?session_id=${sid}`, {
        headers: { 'x-request-id': requestId },
      });
      expect(res.status).toBe(200);
      const [span] = await receiver.waitFor(
        (s) => s.attributes['taquilla.request_id'] === requestId,
      );
      expect(span).toMatchObject({
        service: 'taquilla-api',
        name: 'GET /cart/:sessionID',
        kind: SERVER,
        parentSpanId: undefined,
        attributes: {
          'http.request.method': 'GET',
          'http.route': '/cart/:sessionID',
          'http.response.status_code': 200,
          'url.path': '/cart/[REDACTED]',
        },
      });
      // The browser's cart session is a bearer secret: it is in no export.
      expect(receiver.bodies.some((body) => body.includes(sid))).toBe(false);
    },
    STACK_TEST_MS,
  );

  it(
    "continues a caller's traceparent, and leaves the health probes out",
    async () => {
      const traceId = randomBytes(16).toString('hex');
      const parentId = randomBytes(8).toString('hex');
      const res = await fetch(`${api.url}/cart/${randomUUID()}`, {
        headers: { traceparent: `00-${traceId}-${parentId}-01` },
      });
      expect(res.status).toBe(200);
      const probe = await fetch(`${api.url}/health/ready`, {
        headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
      });
      expect(probe.status).toBe(200);
      const [span] = await receiver.waitFor((s) => s.traceId === traceId);
      expect(span).toMatchObject({ name: 'GET /cart/:sessionID', parentSpanId: parentId });
      // The probe came after and was answered; nothing of it in the same trace.
      expect(receiver.spans.filter((s) => s.traceId === traceId)).toHaveLength(1);
      expect(
        receiver.spans.some((s) => String(s.attributes['url.path']).startsWith('/health')),
      ).toBe(false);
    },
    STACK_TEST_MS,
  );

  it(
    'one trace from a card checkout through the tickets job to its e-mail, the request an ancestor of both',
    async () => {
      const db = stack.database.db;
      const show = await createShow(db);
      const ticket = await createTicket(db, show.id, { capacity: 5, price: 10_000 });
      const buyer = browser(app);
      const cartId = await buyer.hold([{ ticket_uid: ticket.id, show_uid: show.id, quantity: 1 }]);
      const res = await buyer.order(cartId, 'CREDIT_CARD', cardInfo(CARDS.visa));
      expect(res.statusCode, res.body).toBe(200);
      const requestId = res.headers['x-request-id'];
      expect(typeof requestId).toBe('string');

      const [request] = await receiver.waitFor(
        (s) => s.name === 'POST /cart/orders' && s.attributes['taquilla.request_id'] === requestId,
      );
      if (!request) throw new Error('request span');
      const inTrace = (name: string) => (s: ReceivedSpan) =>
        s.traceId === request.traceId && s.name === name;
      const [ticketsJob] = await receiver.waitFor(inTrace('process tickets'));
      const [mailJob] = await receiver.waitFor(inTrace('process mail'));
      const [placeOrder] = await receiver.waitFor(inTrace('checkout place_order'));
      if (!ticketsJob || !mailJob || !placeOrder) throw new Error('spans');

      expect(ticketsJob).toMatchObject({
        service: 'taquilla-worker',
        kind: CONSUMER,
        attributes: {
          'messaging.system': 'bullmq',
          'messaging.destination.name': 'tickets',
          'taquilla.request_id': requestId,
        },
      });
      expect(mailJob).toMatchObject({ service: 'taquilla-worker', kind: CONSUMER });
      const all = receiver.spans;
      expect(ancestors(ticketsJob, all).map((s) => s.spanId)).toContain(request.spanId);
      // The e-mail was enqueued by the tickets job: its span is the e-mail job's ancestor.
      const mailChain = ancestors(mailJob, all).map((s) => s.spanId);
      expect(mailChain).toContain(ticketsJob.spanId);
      expect(mailChain).toContain(request.spanId);
      expect(placeOrder.parentSpanId).toBe(request.spanId);
      expect(placeOrder.attributes['db.system.name']).toBe('postgresql');
      // The card's number and CVV reach no span.
      expect(receiver.bodies.some((body) => body.includes(CARDS.visa))).toBe(false);
    },
    STACK_TEST_MS,
  );

  it(
    'flushes the buffered spans on SIGTERM; with OTEL_TRACES_EXPORTER=none it sends nothing',
    async () => {
      // A batch that would wait ten minutes: only the shutdown can send it.
      const slow = { OTEL_BSP_SCHEDULE_DELAY: '600000' };
      const flushing = await stack.startApi('flushing', { ...slow, OTEL_SERVICE_NAME: 'flushing' });
      const off = await stack.startApi('off', {
        ...slow,
        OTEL_SERVICE_NAME: 'off',
        OTEL_TRACES_EXPORTER: 'none',
      });
      for (const proc of [flushing, off]) {
        const res = await fetch(`${proc.url}/cart/${randomUUID()}`);
        expect(res.status).toBe(200);
      }
      expect(receiver.spans.filter((s) => s.service === 'flushing')).toHaveLength(0);

      expect(await flushing.stop()).toEqual({ code: 0, signal: null });
      expect(await off.stop()).toEqual({ code: 0, signal: null });
      // The flush happened before the exit: the spans are here already.
      expect(receiver.spans.filter((s) => s.service === 'flushing').map((s) => s.name)).toEqual([
        'GET /cart/:sessionID',
      ]);
      expect(receiver.spans.filter((s) => s.service === 'off')).toHaveLength(0);
    },
    STACK_TEST_MS,
  );
});

describe('traces off (the default)', () => {
  const base = {
    DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/taquilla',
    REDIS_URL: 'redis://127.0.0.1:6379',
    ADMIN_EMAIL: 'admin@taquilla.local',
    ADMIN_PASSWORD: 'una-clave-larga',
  };

  it('registers no SDK without an endpoint: no span records, no job carries a context', async () => {
    const config = parseConfig(base);
    expect(tracesUrl(config)).toBeNull();
    expect(startTracing(config, 'taquilla-api').enabled).toBe(false);
    expect(tracingEnabled()).toBe(false);
    const span = trace.getTracer('probe').startSpan('probe');
    expect(span.isRecording()).toBe(false);
    expect(span.spanContext().traceId).toBe('0'.repeat(32));
    span.end();
    const data = await withSpan('cart transaction', {}, async (inner) => {
      expect(inner.isRecording()).toBe(false);
      return runWithRequestId('req-1', () => withRequestId({ orderId: 'o-1' }));
    });
    expect(data).toEqual({ orderId: 'o-1', requestId: 'req-1' });
  });

  it('reads the standard variables: endpoint + /v1/traces, a traces URL as given, none, the ratio', () => {
    const on = parseConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' });
    expect(tracesUrl(on)).toBe('http://collector:4318/v1/traces');
    expect(on.OTEL_TRACES_SAMPLER_ARG).toBe(1);
    const direct = parseConfig({
      ...base,
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://tempo.example/otlp/v1/traces',
    });
    expect(tracesUrl(direct)).toBe('https://tempo.example/otlp/v1/traces');
    const none = parseConfig({
      ...base,
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_TRACES_EXPORTER: 'none',
    });
    expect(tracesUrl(none)).toBeNull();
    expect(parseConfig({ ...base, OTEL_TRACES_SAMPLER_ARG: '0.25' }).OTEL_TRACES_SAMPLER_ARG).toBe(
      0.25,
    );
    expect(() => parseConfig({ ...base, OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(
      /OTEL_TRACES_SAMPLER_ARG: debe ser un número entre 0 y 1/,
    );
    expect(() => parseConfig({ ...base, OTEL_TRACES_EXPORTER: 'jaeger' })).toThrow(
      /OTEL_TRACES_EXPORTER: usa otlp o none/,
    );
  });
});
