import { ERRORS, endpointUrl, pageDataKey } from '@taquilla/contract/plain';
import type { EndpointDefinition, FieldIssue } from '@taquilla/contract';
import type { EndpointOfRoute, EndpointRoute, QueryValue } from '@taquilla/contract/plain';
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

/**
 * What a successful call answers: the output type of the endpoint's response schema, for an
 * endpoint of the contract or its route (`@taquilla/contract/plain`, decision 0070).
 */
export type EndpointOutput<E> = SchemaOutput<EndpointOf<E>['response']>;

type EndpointOf<E> = E extends EndpointDefinition ? E : EndpointOfRoute<E>;

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

type ErrorBody = { error: string; message: string; fields?: FieldIssue[] };

function isFieldIssue(value: unknown): value is FieldIssue {
  const issue = value as Partial<FieldIssue> | null;
  return typeof issue?.field === 'string' && typeof issue.message === 'string';
}

/**
 * The gateway's `{ error, message, fields? }`, told apart from anything else a failed
 * request may carry (a proxy's HTML page, an empty body) by its fields' types.
 */
export function asErrorBody(body: unknown): ErrorBody | null {
  const candidate = body as Partial<ErrorBody> | null;
  if (typeof candidate?.error !== 'string' || typeof candidate.message !== 'string') return null;
  const { fields } = candidate;
  if (fields !== undefined && !(Array.isArray(fields) && fields.every(isFieldIssue))) return null;
  return candidate as ErrorBody;
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readJson(response);
  const parsed = asErrorBody(body);
  if (parsed)
    return new ApiError(response.status, parsed.error, parsed.message, body, parsed.fields ?? []);
  const { error, message } = fallbackError(response.status);
  return new ApiError(response.status, error, message, body);
}

/**
 * In development and in the tests only: whether the answer is what the endpoint's schema
 * outputs. The contract's schemas (and zod) load here on demand and never reach the
 * production bundle, where `import.meta.env.DEV` is false (decision 0070).
 */
async function fitsContract(route: EndpointRoute, body: unknown): Promise<boolean> {
  const { isEndpointAnswer } = await import('./endpoint-answer');
  return isEndpointAnswer(route, body);
}

/**
 * Calls one gateway endpoint through its route, from any of the contract's route tables
 * (`endpoints.listShows`, `authEndpoints.login`, `accountEndpoints.createUser`… of
 * `@taquilla/contract/plain`). Always asks for JSON: the server answers `text/html`
 * requests with the SPA, on the same paths. Sends the session cookie (`sid`, httpOnly)
 * with every call.
 *
 * The answer is read as sent, not parsed again (decision 0070): the gateway sends every
 * answer through the endpoint's response schema (or builds it with a mapper typed by
 * it), so its JSON already is the schema's output; parsing it here would only put zod and
 * every schema into each page's first download. An answer that is not JSON at all (a
 * proxy's page) is INVALID_RESPONSE; so is, in development and the tests, one that the
 * schema would not output.
 */
export async function apiCall<E extends EndpointDefinition>(
  endpoint: EndpointRoute<E>,
  input: ApiCallInput<E> = {} as ApiCallInput<E>,
): Promise<EndpointOutput<E>> {
  const { params, query, body, signal } = input as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    signal?: AbortSignal;
  };
  // The page's HTML may hold this GET's answer, made by the server for this browser
  // (decision 0072): used once, read like a network answer (checked against the
  // contract in development and the tests); a retry fetches, and so does an answer
  // that does not fit.
  if (endpoint.method === 'GET' && body === undefined && !signal?.aborted) {
    const embedded = takePageAnswer(pageDataKey('GET', endpointUrl(endpoint.path, params, query)));
    if (embedded) {
      try {
        return await answerOf(endpoint, 200, embedded.body);
      } catch {
        // Fetched below.
      }
    }
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

  return answerOf(endpoint, response.status, await readJson(response));
}

/**
 * A successful answer's JSON as the endpoint's output (see apiCall), for the calls made
 * with fetch or XMLHttpRequest themselves; INVALID_RESPONSE when it is not one.
 */
export async function answerOf<E extends EndpointDefinition>(
  endpoint: EndpointRoute<E>,
  status: number,
  answer: unknown,
): Promise<EndpointOutput<E>> {
  if (answer === undefined || (import.meta.env.DEV && !(await fitsContract(endpoint, answer)))) {
    throw new ApiError(
      status,
      'INVALID_RESPONSE' satisfies ClientErrorCode,
      es.errors.invalidResponse,
    );
  }
  return answer as EndpointOutput<E>;
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
