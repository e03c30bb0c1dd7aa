import {
  context,
  diag,
  DiagLogLevel,
  INVALID_SPAN_CONTEXT,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { Attributes, Context, Span, TextMapGetter } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import type { Config } from '../config.ts';

/**
 * OpenTelemetry traces (docs/decisions/0049-traces.md). Off unless an OTLP endpoint
 * is configured: then no SDK is registered and every call below goes to the API's
 * no-op tracer (no span is recorded, nothing is injected into jobs).
 */
const SCOPE = 'taquilla';
const VERSION = '0.1.0';

/** The key of a job's data that carries the trace context of whoever enqueued it. */
export const TRACE_KEY = '_trace';

/** W3C trace context, as carried in a job's data. */
export interface TraceCarrier {
  traceparent: string;
  tracestate?: string;
}

export interface Tracing {
  /** Whether an SDK was started (an exporter is configured). */
  enabled: boolean;
  /** Ends the batch: exports the spans still buffered, then stops the exporter. */
  shutdown(): Promise<void>;
}

type TracingConfig = Pick<
  Config,
  | 'OTEL_TRACES_EXPORTER'
  | 'OTEL_EXPORTER_OTLP_ENDPOINT'
  | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'
  | 'OTEL_SERVICE_NAME'
  | 'OTEL_TRACES_SAMPLER_ARG'
  | 'OTEL_BSP_SCHEDULE_DELAY'
>;

let enabled = false;

/** Whether this process records spans (startTracing found an exporter). */
export function tracingEnabled(): boolean {
  return enabled;
}

/**
 * Where spans go: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as given, else
 * OTEL_EXPORTER_OTLP_ENDPOINT + `/v1/traces` (the OTLP/HTTP convention); null when
 * tracing is off (no endpoint, or OTEL_TRACES_EXPORTER=none).
 */
export function tracesUrl(config: TracingConfig): string | null {
  if (config.OTEL_TRACES_EXPORTER === 'none') return null;
  if (config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (!config.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  return `${config.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
}

/**
 * Registers the SDK (context manager, W3C propagator, tracer provider with a batch
 * exporter over OTLP/HTTP) when an endpoint is configured; otherwise does nothing.
 * Call once, first thing in server.ts and worker.ts.
 */
export function startTracing(config: TracingConfig, defaultServiceName: string): Tracing {
  const url = tracesUrl(config);
  if (!url) return { enabled: false, shutdown: async () => {} };
  // The SDK's own complaints (a collector down) once, as warnings on stderr; never a crash.
  diag.setLogger(
    {
      error: (msg) => console.error(`[otel] ${msg}`),
      warn: (msg) => console.error(`[otel] ${msg}`),
      info: () => {},
      debug: () => {},
      verbose: () => {},
    },
    DiagLogLevel.WARN,
  );
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: config.OTEL_SERVICE_NAME ?? defaultServiceName,
      [ATTR_SERVICE_VERSION]: VERSION,
    }),
    // A trace started elsewhere keeps its caller's decision; a new one is kept at the ratio.
    sampler: new ParentBasedSampler({
      root: new TraceIdRatioBasedSampler(config.OTEL_TRACES_SAMPLER_ARG),
    }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url }),
        scheduledDelayMillis: config.OTEL_BSP_SCHEDULE_DELAY,
      }),
    ],
  });
  trace.setGlobalTracerProvider(provider);
  enabled = true;
  return {
    enabled: true,
    shutdown: () => provider.shutdown().catch((err: unknown) => console.error('[otel]', err)),
  };
}

export function tracer() {
  return trace.getTracer(SCOPE, VERSION);
}

/**
 * Runs `fn` inside a new span (a child of the active one) and ends it, marking it an
 * error when `fn` throws. Off, it is `fn()` and nothing else.
 */
export async function withSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  if (!enabled) return fn(trace.wrapSpanContext(INVALID_SPAN_CONTEXT));
  return tracer().startActiveSpan(name, { attributes }, (span) => ended(span, () => fn(span)));
}

/** Runs `fn`, marks `span` an error when it throws, and ends it either way. */
async function ended<T>(span: Span, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: errorName(err) });
    throw err;
  } finally {
    span.end();
  }
}

/** An error's class or code (`CART_BUSY`), never its message: messages may quote input. */
export function errorName(err: unknown): string {
  const e = err as { code?: unknown; name?: unknown } | null;
  if (typeof e?.code === 'string') return e.code;
  return typeof e?.name === 'string' ? e.name : 'Error';
}

/** The active span's context to carry in a job's data; undefined when there is none. */
export function traceCarrier(): TraceCarrier | undefined {
  if (!enabled) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  if (!carrier.traceparent) return undefined;
  return carrier.tracestate
    ? { traceparent: carrier.traceparent, tracestate: carrier.tracestate }
    : { traceparent: carrier.traceparent };
}

const carrierGetter: TextMapGetter<Record<string, unknown>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    const value = carrier[key];
    return typeof value === 'string' ? value : undefined;
  },
};

/** A context from W3C headers or a job's carrier (an invalid one gives a root). */
export function extractContext(carrier: Record<string, unknown> | undefined): Context {
  return carrier ? propagation.extract(ROOT_CONTEXT, carrier, carrierGetter) : ROOT_CONTEXT;
}

interface TracedJob {
  id?: string | undefined;
  name?: string;
  queueName?: string;
  attemptsMade?: number;
  data: unknown;
}

/**
 * Runs a job's processor inside a CONSUMER span whose parent is the context its
 * enqueuer carried (TRACE_KEY), so the worker's work joins the request's trace, and
 * jobs it enqueues in turn join it too. A job without one starts a trace of its own.
 */
export function inJobSpan<R>(job: TracedJob, requestId: string | undefined, run: () => Promise<R>) {
  if (!enabled) return run();
  const data = job.data as Record<string, unknown> | null;
  const carried = data?.[TRACE_KEY];
  const parent = extractContext(
    carried && typeof carried === 'object' ? (carried as Record<string, unknown>) : undefined,
  );
  const queue = job.queueName ?? 'unknown';
  const attributes: Attributes = {
    'messaging.system': 'bullmq',
    'messaging.operation.type': 'process',
    'messaging.destination.name': queue,
    'messaging.bullmq.job.name': job.name ?? '',
    'messaging.bullmq.job.attempts_made': job.attemptsMade ?? 0,
  };
  if (job.id) attributes['messaging.message.id'] = job.id;
  if (requestId) attributes['taquilla.request_id'] = requestId;
  return tracer().startActiveSpan(
    `process ${queue}`,
    { kind: SpanKind.CONSUMER, attributes },
    parent,
    (span) => ended(span, run),
  );
}
