import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { inJobSpan, TRACE_KEY, traceCarrier } from './tracing.ts';
import type { TraceCarrier } from './tracing.ts';

/**
 * The request id of the work in progress: an HTTP request on the API, or the
 * job a worker processes on behalf of one. Log lines written anywhere inside
 * it (a service's `app.log`, a worker's logger) carry it as `reqId`, the key
 * Fastify's request logger uses, so one grep follows a request from the API
 * through the queues (docs/decisions/0044-watching-it.md).
 */
interface RequestContext {
  reqId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Letters, digits and `._:-`, 1 to 128 of them: safe in a header, a log line and a job. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** An incoming X-Request-Id when it is well formed, else a fresh UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.reqId;
}

export function runWithRequestId<T>(reqId: string, fn: () => T): T {
  return storage.run({ reqId }, fn);
}

/**
 * What a job enqueued inside a request carries: its data, with `requestId` when there
 * is one, and with traces on, the active span's context under `_trace` (decision 0049).
 */
export function withRequestId<T extends object>(
  data: T,
): T & { requestId?: string; [TRACE_KEY]?: TraceCarrier } {
  const reqId = currentRequestId();
  const carrier = traceCarrier();
  const traced = carrier ? { ...data, [TRACE_KEY]: carrier } : data;
  return reqId ? { ...traced, requestId: reqId } : traced;
}

/**
 * A BullMQ processor that runs inside the request id its job carries, so the
 * worker's lines for that job (and jobs it enqueues in turn) carry it too; with
 * traces on, inside a span joined to the enqueuer's trace (infra/tracing.ts).
 */
export function inJobContext<J extends { data: unknown }, A extends unknown[], R>(
  processor: (job: J, ...rest: A) => Promise<R>,
): (job: J, ...rest: A) => Promise<R> {
  return (job, ...rest) => {
    const data = job.data as { requestId?: unknown } | null;
    const carried = typeof data?.requestId === 'string' ? data.requestId : undefined;
    const reqId = carried && REQUEST_ID.test(carried) ? carried : undefined;
    const run = () => inJobSpan(job, reqId, () => processor(job, ...rest));
    return reqId ? storage.run({ reqId }, run) : run();
  };
}

const CHINDINGS = pino.symbols.chindingsSym;

/**
 * pino's mixin: adds `reqId` to a line written inside a request or job,
 * unless the logger already binds one (Fastify's `request.log` does). The
 * check reads the logger's serialised bindings: no parsing per line.
 */
export function requestIdMixin(
  _merge: object,
  _level: number,
  logger?: object,
): Record<string, unknown> {
  const reqId = currentRequestId();
  if (!reqId) return {};
  const bindings = logger ? (logger as Record<symbol, unknown>)[CHINDINGS] : undefined;
  if (typeof bindings === 'string' && bindings.includes('"reqId":')) return {};
  return { reqId };
}
