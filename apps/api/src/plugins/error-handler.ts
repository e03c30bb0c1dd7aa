import type { Socket } from 'node:net';
import { ERRORS } from '@taquilla/contract';
import type { ErrorCode, ErrorResponse, FieldIssue } from '@taquilla/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isAppError } from '../errors.ts';
import { isDatabaseBusy, isDatabaseUnavailable } from '../infra/db-unavailable.ts';
import { redactRequestUrl } from '../logger.ts';

/** A request that met PostgreSQL down: the client may try again in a few seconds. */
const DATABASE_RETRY_AFTER_SECONDS = 5;
const DATABASE_UNAVAILABLE_MESSAGE =
  'El servicio no está disponible en este momento. Vuelve a intentarlo en unos segundos.';
/** Every database connection busy past the wait: the client may try again at once. */
const DATABASE_BUSY_RETRY_AFTER_SECONDS = 2;
const DATABASE_BUSY_MESSAGE =
  'Hay mucha demanda en este momento. Vuelve a intentarlo en unos segundos.';

function body(
  code: ErrorCode,
  fields?: FieldIssue[],
  message?: string,
  responseCode?: string,
  showUid?: string,
  checkedInAt?: string,
): ErrorResponse {
  const answer: ErrorResponse = { error: code, message: message ?? ERRORS[code].message };
  if (fields && fields.length > 0) answer.fields = fields;
  if (responseCode !== undefined) answer.response_code = responseCode;
  if (showUid !== undefined) answer.show_uid = showUid;
  if (checkedInAt !== undefined) answer.checked_in_at = checkedInAt;
  return answer;
}

function send(
  reply: FastifyReply,
  code: ErrorCode,
  fields?: FieldIssue[],
  message?: string,
  responseCode?: string,
  showUid?: string,
  checkedInAt?: string,
) {
  return reply
    .status(ERRORS[code].status)
    .type('application/json; charset=utf-8')
    .send(body(code, fields, message, responseCode, showUid, checkedInAt));
}

/** `/status` in the query → `status`; `/items/0/quantity` → `items.0.quantity`. */
function fieldName(instancePath: string, params: unknown): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (path) return path;
  const missing = (params as { issue?: { path?: unknown[] } } | undefined)?.issue?.path;
  return Array.isArray(missing) && missing.length > 0 ? missing.join('.') : '(raíz)';
}

const INVALID_JSON: FieldIssue[] = [{ field: '(cuerpo)', message: 'JSON inválido' }];

/** Fastify's own request errors, by code, in the house shape. */
const FRAMEWORK_CODES: Readonly<Record<string, ErrorCode>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_BAD_URL: 'BAD_REQUEST',
  FST_ERR_MAX_PARAM_LENGTH: 'NOT_FOUND',
};

/** Any other client error a plugin raises, by its HTTP status. */
function codeForStatus(status: number): ErrorCode | undefined {
  if (status === 404) return 'NOT_FOUND';
  if (status === 408) return 'REQUEST_TIMEOUT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 416) return 'RANGE_NOT_SATISFIABLE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 431) return 'HEADERS_TOO_LARGE';
  if (status >= 400 && status < 500) return 'BAD_REQUEST';
  return undefined;
}

/**
 * A path parameter that cannot name anything (a 300-character show id) is an
 * unknown id: the route's own not-found answer, not a 422 (contract `paramNotFound`).
 */
function paramNotFound(request: FastifyRequest, fields: FieldIssue[]): ErrorCode | undefined {
  const codes = request.routeOptions.config.paramNotFound;
  if (!codes) return undefined;
  for (const { field } of fields) {
    const code = codes[field.split('.')[0] ?? ''];
    if (code) return code;
  }
  return undefined;
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (isAppError(error)) {
    if (error.status >= 500) request.log.error({ err: error }, error.message);
    if (error.options.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(error.options.retryAfterSeconds))));
    }
    const { fields, responseCode, showUid, checkedInAt } = error.options;
    return send(reply, error.code, fields, error.message, responseCode, showUid, checkedInAt);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = error.validation.map((issue) => ({
      field: fieldName(issue.instancePath, issue.params),
      message: issue.message ?? 'Valor inválido',
    }));
    const notFound = error.validationContext === 'params' && paramNotFound(request, fields);
    return notFound ? send(reply, notFound) : send(reply, 'VALIDATION_ERROR', fields);
  }
  // Malformed JSON (including a body that tries to set __proto__) is invalid input.
  if (
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
  ) {
    return send(reply, 'VALIDATION_ERROR', INVALID_JSON);
  }
  const code =
    FRAMEWORK_CODES[error.code] ??
    (typeof error.statusCode === 'number' ? codeForStatus(error.statusCode) : undefined);
  if (code) {
    request.log.debug({ code: error.code, url: redactRequestUrl(request) }, 'request refused');
    return send(reply, code);
  }
  // PostgreSQL down or restarting: a quick 503 the client may retry, not a 500 (0048).
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return send(reply, 'SERVICE_UNAVAILABLE', undefined, DATABASE_UNAVAILABLE_MESSAGE);
  }
  if (isDatabaseBusy(error)) {
    request.log.warn({ err: error }, 'database busy');
    reply.header('retry-after', String(DATABASE_BUSY_RETRY_AFTER_SECONDS));
    return send(reply, 'SERVICE_UNAVAILABLE', undefined, DATABASE_BUSY_MESSAGE);
  }
  request.log.error({ err: error }, 'unhandled error');
  return send(reply, 'INTERNAL_ERROR');
}

/**
 * A request the HTTP parser refuses (malformed, headers too large, too slow)
 * never reaches Fastify's request cycle: it is answered on the socket, in the
 * same `{ error, message }` shape, and the connection is closed.
 */
function handleClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 'REQUEST_TIMEOUT'
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 'HEADERS_TOO_LARGE'
        : 'BAD_REQUEST';
  const payload = JSON.stringify(body(code));
  const status = ERRORS[code].status;
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${code}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
    );
  }
  socket.destroy(error);
}

/**
 * Fastify options so that nothing the framework raises before a route runs
 * escapes the house shape: bad URL encodings, router limits and the HTTP
 * parser's own refusals. Path parameters are not capped by the router (the
 * cap guards against regex parameters, which the gateway has none of):
 * Node's header limit bounds a URL, and each route's schema judges its ids.
 */
export const frameworkErrorOptions = {
  maxParamLength: 16 * 1024,
  frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
    handleError(error, request, reply),
  clientErrorHandler: handleClientError,
};

/**
 * One error handler for the whole gateway: every failure answers
 * `{ error, message }` with the status of the contract's error table, 422
 * lists the failing fields, and a 500 says nothing about internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) => {
    request.log.debug({ url: redactRequestUrl(request) }, 'route not found');
    return send(reply, 'NOT_FOUND');
  });
}
