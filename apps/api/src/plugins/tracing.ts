import { AsyncResource } from 'node:async_hooks';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorName, extractContext, tracer, tracingEnabled } from '../infra/tracing.ts';
import { redactRequestUrl } from '../logger.ts';

interface RequestTrace {
  span: Span;
  /** The request's async scope with the span active (re-entered after the body is read). */
  scope: AsyncResource;
}

const traces = new WeakMap<FastifyRequest, RequestTrace>();

/** Probes and scrapes every few seconds would bury the buyers' traces (as in /metrics, 0044). */
function untraced(route: string | undefined): boolean {
  return route === '/metrics' || (route?.startsWith('/health/') ?? false);
}

/** The path without its query, with its route's secrets removed (logger.ts, decision 0060). */
function safePath(request: FastifyRequest): string {
  return redactRequestUrl(request).split('?')[0] ?? '/';
}

function finish(request: FastifyRequest, statusCode: number | null): void {
  const found = traces.get(request);
  if (!found) return;
  traces.delete(request);
  const { span } = found;
  if (statusCode === null) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: 'aborted' });
  } else {
    span.setAttribute('http.response.status_code', statusCode);
    // A 4xx is the caller's doing, not a fault of the server (OpenTelemetry's HTTP rule).
    if (statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

/**
 * One SERVER span per HTTP request, named by its route pattern (`POST /cart/orders`,
 * never the raw URL), continuing the caller's `traceparent`, carrying the request id.
 * Registered right after the request-id hook, so services, database spans and the
 * jobs a request enqueues all run inside it (docs/decisions/0049-traces.md). With
 * traces off nothing is registered.
 */
export function registerTracing(app: FastifyInstance): void {
  if (!tracingEnabled()) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    if (untraced(route)) {
      done();
      return;
    }
    const parent = extractContext(request.headers as Record<string, unknown>);
    const span = tracer().startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'url.path': safePath(request),
          'url.scheme': request.protocol,
          'taquilla.request_id': request.id,
          ...(route ? { 'http.route': route } : {}),
        },
      },
      parent,
    );
    context.with(trace.setSpan(parent, span), () => {
      const scope = new AsyncResource('taquilla-trace');
      traces.set(request, { span, scope });
      scope.runInAsyncScope(done);
    });
  });
  // Body parsers may resume outside the scope: enter it again, as request-ids.ts does.
  app.addHook('preValidation', (request, _reply, done) => {
    const found = traces.get(request);
    if (found) found.scope.runInAsyncScope(done);
    else done();
  });
  app.addHook('onError', (request, _reply, error, done) => {
    traces.get(request)?.span.setAttribute('error.type', errorName(error));
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    finish(request, reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    finish(request, null);
    done();
  });
}
