import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ERRORS, schemaRegistry } from '@taquilla/contract';
import type { EndpointDefinition, ErrorCode, SessionUse } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';

/** Carries an operation's error codes from its route to the finished document. */
const ERRORS_KEY = 'x-taquilla-errors';
/** Carries a route's 302 (a redirect, no body) to the document: zod cannot describe a header. */
const REDIRECT_KEY = 'x-taquilla-redirect';
const ERROR_SCHEMA_REF = '#/components/schemas/ErrorResponse';

const SESSION = [{ sessionCookie: [] }, { bearerAuth: [] }];

const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'sid',
    description: 'La cookie httpOnly `sid` que fija POST /auth/login (navegadores).',
  },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: 'El mismo token de sesión que lleva la cookie `sid`, para otros clientes.',
  },
} as const;

const TAGS = [
  { name: 'health', description: 'Estado del proceso y de sus servicios' },
  { name: 'shows', description: 'Catálogo: eventos, fechas, canales y boletos a la venta' },
  { name: 'maps', description: 'Mapas de butacas y estado de cada butaca' },
  { name: 'cart', description: 'Carrito y reservas de 10 minutos' },
  {
    name: 'payments',
    description:
      'Pasarela de tarjetas: el proveedor del formulario de pago y las tarjetas de prueba',
  },
  { name: 'auth', description: 'Inicio de sesión y sesiones' },
  { name: 'accounts', description: 'Registro, perfil, contraseña, verificación y compras' },
  { name: 'admin', description: 'API de organizadores (Producer y Admin)' },
];

/**
 * The error codes a route can answer: the ones its contract entry names, the
 * guard's when it needs a session, and what the framework refuses before the
 * route runs (a request HTTP cannot read; a body that is too large, not JSON
 * or not valid; a bad query).
 */
export function documentedErrors(endpoint: EndpointDefinition, session: SessionUse): ErrorCode[] {
  const codes = new Set<ErrorCode>(['BAD_REQUEST', ...endpoint.errors]);
  if (session === 'required') {
    codes.add('UNAUTHORIZED');
    codes.add('SESSION_EXPIRED');
  }
  for (const code of Object.values(endpoint.paramNotFound ?? {})) codes.add(code);
  const paramsJudgedAsInput = endpoint.params !== undefined && endpoint.paramNotFound === undefined;
  if (endpoint.body || endpoint.query || paramsJudgedAsInput) codes.add('VALIDATION_ERROR');
  if (endpoint.body) {
    codes.add('PAYLOAD_TOO_LARGE');
    codes.add('UNSUPPORTED_MEDIA_TYPE');
  }
  // A write the `sid` cookie may authenticate, from another site's page (decision 0043).
  if (session !== 'none' && endpoint.method !== 'GET') codes.add('CSRF_REJECTED');
  codes.add('INTERNAL_ERROR');
  return [...codes];
}

/** What registerEndpoint adds to a route's schema for the document. */
export function openApiOperation(
  endpoint: EndpointDefinition & { operationId: string },
  session: SessionUse,
) {
  return {
    operationId: endpoint.operationId,
    // `{}` first: the session is optional, an anonymous call is valid too.
    security: session === 'none' ? [] : session === 'required' ? SESSION : [{}, ...SESSION],
    [ERRORS_KEY]: documentedErrors(endpoint, session),
  };
}

/**
 * For a route's schema: the route may answer 302, documented in Spanish with
 * its Location header (what the header names).
 */
export function redirectResponse(description: string, locationDescription: string) {
  return { [REDIRECT_KEY]: { description, locationDescription } };
}

type Json = Record<string, unknown>;

function errorExample(code: ErrorCode): Json {
  const value: Json = { error: code, message: ERRORS[code].message };
  if (code === 'VALIDATION_ERROR') {
    value.fields = [{ field: 'email', message: 'Correo electrónico inválido' }];
  }
  return { summary: ERRORS[code].message, value };
}

/** One response per status, listing each code with its Spanish message and an example. */
function errorResponses(codes: ErrorCode[]): Record<string, Json> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERRORS[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, Json> = {};
  for (const [status, group] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: group.map((code) => `\`${code}\`: ${ERRORS[code].message}`).join('\n\n'),
      content: {
        'application/json': {
          schema: { $ref: ERROR_SCHEMA_REF },
          examples: Object.fromEntries(group.map((code) => [code, errorExample(code)])),
        },
      },
    };
  }
  return responses;
}

function collectRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') into.add(child);
      else collectRefs(child, into);
    }
  }
}

/**
 * Every named schema comes out twice (as read and as written); keep only the
 * ones the document reaches, directly or through another kept schema.
 */
function pruneUnusedSchemas(doc: Json): void {
  const components = doc.components as { schemas?: Record<string, unknown> } | undefined;
  const schemas = components?.schemas;
  if (!schemas) return;
  const prefix = '#/components/schemas/';
  const reached = new Set<string>();
  collectRefs(doc.paths, reached);
  const pending = [...reached];
  while (pending.length > 0) {
    const ref = pending.pop() as string;
    const found = new Set<string>();
    collectRefs(schemas[ref.slice(prefix.length)], found);
    for (const next of found) {
      if (!reached.has(next)) {
        reached.add(next);
        pending.push(next);
      }
    }
  }
  for (const name of Object.keys(schemas)) {
    if (!reached.has(prefix + name)) delete schemas[name];
  }
}

/** Turns each operation's error codes into documented answers and tidies the document. */
function finishDocument(doc: Json): Json {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const codes = operation[ERRORS_KEY] as ErrorCode[] | undefined;
      if (!codes) continue;
      delete operation[ERRORS_KEY];
      const responses = (operation.responses ?? {}) as Record<string, Json>;
      for (const response of Object.values(responses)) {
        if (response.description === 'Default Response') response.description = 'Correcto';
      }
      const redirect = operation[REDIRECT_KEY] as
        { description: string; locationDescription: string } | undefined;
      if (redirect) {
        delete operation[REDIRECT_KEY];
        responses['302'] = {
          description: redirect.description,
          headers: {
            Location: { description: redirect.locationDescription, schema: { type: 'string' } },
          },
        };
      }
      operation.responses = { ...responses, ...errorResponses(codes) };
    }
  }
  pruneUnusedSchemas(doc);
  return doc;
}

const toJsonSchemas = createJsonSchemaTransformObject({ schemaRegistry });

/** `GET /openapi.json` and `GET /docs`, generated from the contract's endpoint tables. */
export async function registerOpenApi(
  app: FastifyInstance,
  deps: { docsHeaders: Record<string, string> },
): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Taquilla API',
        description:
          'Pasarela de Taquilla: catálogo, compras, acceso y transmisión. Los errores responden ' +
          '`{ error, message }` (422 agrega `fields`); los mensajes están en español.',
        version: '0.1.0',
      },
      // Relative: the document describes the gateway that serves it, wherever it runs.
      servers: [{ url: '/', description: 'Esta pasarela' }],
      tags: TAGS,
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: createJsonSchemaTransform({ schemaRegistry }),
    transformObject: (input) => finishDocument(toJsonSchemas(input) as Json),
  });
  // The document's page and its files carry their own policy (decision 0066); in a
  // scope of their own, so the API's JSON answers are left as they are.
  await app.register(async (docs) => {
    docs.addHook('onSend', async (_request, reply) => {
      reply.headers(deps.docsHeaders);
    });
    await docs.register(fastifySwaggerUi, {
      routePrefix: '/docs',
      // Without the top bar: its Swagger logo is an SVG with an inline <style> the
      // policy refuses, and its box for loading other documents has no use here.
      uiConfig: { layout: 'BaseLayout' },
    });
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
