import type { EndpointDefinition } from '@taquilla/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

type Input<E extends EndpointDefinition> = {
  params: E['params'] extends z.ZodType ? z.output<E['params']> : undefined;
  query: E['query'] extends z.ZodType ? z.output<E['query']> : undefined;
  body: E['body'] extends z.ZodType ? z.output<E['body']> : undefined;
};

export type Handler<E extends EndpointDefinition> = (
  input: Input<E>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<z.input<E['response']>>;

/**
 * Registers a route from its contract entry: the schemas validate the input
 * (422 on failure) and document it in /openapi.json. The handler gets the
 * parsed input and calls one service function.
 */
export function registerEndpoint<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { [endpoint.status]: endpoint.response },
    },
    handler: async (request, reply) => {
      const input = {
        params: request.params,
        query: request.query,
        body: request.body,
      } as Input<E>;
      const result = await handler(input, request, reply);
      return reply.status(endpoint.status).send(result);
    },
  });
}
