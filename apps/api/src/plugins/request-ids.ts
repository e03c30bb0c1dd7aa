import { AsyncResource } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestIdFrom, runWithRequestId } from '../infra/request-context.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Fastify's `genReqId`: the caller's X-Request-Id when well formed, else a fresh UUID. */
export function genReqId(req: IncomingMessage): string {
  return requestIdFrom(req.headers[REQUEST_ID_HEADER]);
}

const scopes = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Every answer carries its request id (X-Request-Id), and everything done
 * for the request runs inside it: lines a service logs through `app.log` and
 * jobs it enqueues carry it (infra/request-context.ts). Registered first, so
 * later hooks and the handler run inside. preValidation, the first hook after
 * the body is read, enters the request's scope again, as @fastify/request-context
 * does, should a body parser resume outside it (test/request-ids.test.ts sends a
 * body over a real socket).
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    runWithRequestId(request.id, () => {
      const scope = new AsyncResource('taquilla-request');
      scopes.set(request, scope);
      scope.runInAsyncScope(done);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
}
