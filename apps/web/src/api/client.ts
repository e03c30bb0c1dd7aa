import { endpointUrl, errorResponseSchema, ERRORS, pageDataKey } from '@taquilla/contract';
import type { EndpointDefinition, FieldIssue, QueryValue } from '@taquilla/contract';
import { env } from '../config/env';
import { es } from '../i18n/es';
import { takePageAnswer } from './page-data';

/*
 * The types of a call are read from the contract's zod schemas through their Standard
 * Schema typing (`~standard.types`), which every zod schema carries: the same input and
 * output types as `z.input` / `z.infer`, without the web app depending on zod itself.
 */
type SchemaTypes<S> = S extends { '~standard': { types?: infer T } } ? NonNullable<T> : never;
type SchemaInput<S> = SchemaTypes<S> extends { input: infer I } ? I : never;
type SchemaOutput<S> = SchemaTypes<S> extends { output: infer O } ? O : never;

/** What a successful call of the endpoint answers, after the contract's parsing. */
export type EndpointOutput<E extends EndpointDefinition> = SchemaOutput<E['response']>;

/** `params` and `body` are required exactly when the endpoint declares them. */
export type ApiCallInput<E extends EndpointDefinition> = (E extends { params: infer P }
  ? { params: SchemaInput<P> }
  : { params?: never }) &
  (E extends { query: infer Q } ? { query?: SchemaInput<Q> } : { query?: never }) &
  (E extends { body: infer B } ? { body: SchemaInput<B> } : { body?: never }) & {
    signal?: AbortSignal;
  };

/** Codes the client itself produces; every other code comes from the gateway's body. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'INVALID_RESPONSE';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    /** The whole error body, for answers that carry more (`response_code`, `payment_response`). */
    readonly body: unknown = undefined,
    readonly fields: readonly FieldIssue[] = [],
  ) {
    super(message);
  }
}

export function buildUrl(
  path: string,
  params: Record<string, string | number> = {},
  query: Record<string, QueryValue> = {},
  baseUrl = env.apiBaseUrl,
): string {
  return `${baseUrl}${endpointUrl(path, params, query)}`;
}

function fallbackError(status: number): { error: string; message: string } {
  if (status === 404) return { error: 'NOT_FOUND', message: ERRORS.NOT_FOUND.message };
  if (status === 503) {
    return { error: 'SERVICE_UNAVAILABLE', message: ERRORS.SERVICE_UNAVAILABLE.message };
  }
  if (status >= 500) return { error: 'INTERNAL_ERROR', message: ERRORS.INTERNAL_ERROR.message };
  return { error: `HTTP_${status}`, message: es.errors.unexpected };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readJson(response);
  const parsed = errorResponseSchema.safeParse(body);
  if (parsed.success) {
    const { error, message, fields } = parsed.data;
    return new ApiError(response.status, error, message, body, fields ?? []);
  }
  const { error, message } = fallbackError(response.status);
  return new ApiError(response.status, error, message, body);
}

/**
 * Calls one gateway endpoint declared in the contract, from any of its tables
 * (`endpoints.listShows`, `authEndpoints.login`, `accountEndpoints.createUser`…).
 * Always asks for JSON: the server answers `text/html` requests with the SPA, on
 * the same paths. Sends the session cookie (`sid`, httpOnly) with every call.
 */
export async function apiCall<E extends EndpointDefinition>(
  endpoint: E,
  input: ApiCallInput<E> = {} as ApiCallInput<E>,
): Promise<EndpointOutput<E>> {
  const { params, query, body, signal } = input as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    signal?: AbortSignal;
  };
  // The page's HTML may hold this GET's answer, made by the server for this browser
  // (decision 0072): used once, parsed like a network answer; a retry fetches.
  if (endpoint.method === 'GET' && body === undefined && !signal?.aborted) {
    const embedded = takePageAnswer(pageDataKey('GET', endpointUrl(endpoint.path, params, query)));
    const parsed = embedded && endpoint.response.safeParse(embedded.body);
    if (parsed?.success) return parsed.data as EndpointOutput<E>;
  }

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(endpoint.path, params, query), {
      method: endpoint.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal,
    });
  } catch (cause) {
    // An abort is the caller's decision, not a failure to report.
    if (signal?.aborted) throw cause;
    throw new ApiError(0, 'NETWORK_ERROR' satisfies ClientErrorCode, es.errors.network);
  }

  if (!response.ok) throw await toApiError(response);

  const parsed = endpoint.response.safeParse(await readJson(response));
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      'INVALID_RESPONSE' satisfies ClientErrorCode,
      es.errors.invalidResponse,
    );
  }
  return parsed.data as EndpointOutput<E>;
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
