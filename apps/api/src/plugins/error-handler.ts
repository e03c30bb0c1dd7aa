import { ERRORS } from '@taquilla/contract';
import type { ErrorCode, ErrorResponse, FieldIssue } from '@taquilla/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isAppError } from '../errors.ts';

function send(reply: FastifyReply, code: ErrorCode, fields?: FieldIssue[], message?: string) {
  const body: ErrorResponse = { error: code, message: message ?? ERRORS[code].message };
  if (fields && fields.length > 0) body.fields = fields;
  return reply.status(ERRORS[code].status).type('application/json').send(body);
}

/** `/status` in the query → `status`; `/items/0/quantity` → `items.0.quantity`. */
function fieldName(instancePath: string, params: unknown): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (path) return path;
  const missing = (params as { issue?: { path?: unknown[] } } | undefined)?.issue?.path;
  return Array.isArray(missing) && missing.length > 0 ? missing.join('.') : '(raíz)';
}

/**
 * One error handler for the whole gateway: every failure answers
 * `{ error, message }` with the status of the contract's error table, 422
 * lists the failing fields, and a 500 says nothing about internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      if (error.options.retryAfterSeconds !== undefined) {
        reply.header(
          'retry-after',
          String(Math.max(1, Math.ceil(error.options.retryAfterSeconds))),
        );
      }
      return send(reply, error.code, error.options.fields, error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => ({
        field: fieldName(issue.instancePath, issue.params),
        message: issue.message ?? 'Valor inválido',
      }));
      return send(reply, 'VALIDATION_ERROR', fields);
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(reply, 'PAYLOAD_TOO_LARGE');
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
    ) {
      return send(reply, 'VALIDATION_ERROR', [{ field: '(cuerpo)', message: 'JSON inválido' }]);
    }
    if (error.statusCode === 429) return send(reply, 'RATE_LIMITED');
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 'INTERNAL_ERROR');
  });

  app.setNotFoundHandler((request, reply) => {
    request.log.debug({ url: request.url }, 'route not found');
    return send(reply, 'NOT_FOUND');
  });
}
