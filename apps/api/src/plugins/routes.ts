import { sessionUseOf } from '@taquilla/contract';
import type { EndpointDefinition, ErrorCode } from '@taquilla/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { openApiOperation } from './openapi.ts';
import { PreEncoded, sendPreEncoded } from './pre-encoded.ts';

type Input<E extends EndpointDefinition> = {
  params: E['params'] extends z.ZodType ? z.output<E['params']> : undefined;
  query: E['query'] extends z.ZodType ? z.output<E['query']> : undefined;
  body: E['body'] extends z.ZodType ? z.output<E['body']> : undefined;
};

/**
 * An answer already serialized (from the catalogue cache): sent as is, so a
 * cache hit costs no serialization. Its shape is the endpoint's response
 * schema by construction (the cached value went through the same service).
 */
export class PreSerialized {
  constructor(readonly json: string) {}
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by registerEndpoint: the route does not use `request.auth`. */
    public?: boolean;
    /** Set by @fastify/static on the routes that serve files. */
    file?: string;
    /** Set by registerEndpoint: what an invalid path parameter answers (contract `paramNotFound`). */
    paramNotFound?: Readonly<Record<string, ErrorCode>>;
  }
}

/** An answer with one of the endpoint's `otherResponses` statuses. */
export class WithStatus {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/**
 * An answer that is not JSON (a CSV download of an endpoint that also answers
 * JSON): sent as is with its content type and headers, with the endpoint's
 * success status.
 */
export class RawBody {
  constructor(
    readonly contentType: string,
    readonly body: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

export type Handler<E extends EndpointDefinition> = (
  input: Input<E>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<z.input<E['response']> | PreSerialized | PreEncoded | WithStatus | RawBody>;

/**
 * Registers a route from its contract entry: the schemas validate the input
 * (422 on failure) and document it in /openapi.json. The handler gets the
 * parsed input and calls one service function.
 */
export function registerEndpoint<E extends EndpointDefinition & { operationId: string }>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
): void {
  const session = sessionUseOf(endpoint);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: {
      // A route that never reads the caller's session (catalogue reads, health):
      // the auth hook skips its query, keeping the hottest paths free of it even
      // for logged-in browsers that send the cookie.
      public: session === 'none',
      ...(endpoint.paramNotFound ? { paramNotFound: endpoint.paramNotFound } : {}),
    },
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...openApiOperation(endpoint, session),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { [endpoint.status]: endpoint.response, ...endpoint.otherResponses },
    },
    handler: async (request, reply) => {
      const input = {
        params: request.params,
        query: request.query,
        body: request.body,
      } as Input<E>;
      const result = await handler(input, request, reply);
      if (result instanceof WithStatus) {
        if (!endpoint.otherResponses?.[result.status]) {
          throw new Error(`${endpoint.operationId}: ${result.status} is not declared`);
        }
        return reply.status(result.status).send(result.body);
      }
      if (result instanceof RawBody) {
        return reply
          .status(endpoint.status)
          .headers(result.headers)
          .type(result.contentType)
          .send(result.body);
      }
      if (result instanceof PreEncoded) {
        return sendPreEncoded(request, reply.status(endpoint.status), result);
      }
      if (result instanceof PreSerialized) {
        return reply
          .status(endpoint.status)
          .type('application/json; charset=utf-8')
          .send(result.json);
      }
      return reply.status(endpoint.status).send(result);
    },
  });
}
