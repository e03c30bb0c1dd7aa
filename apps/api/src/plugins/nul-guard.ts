import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

const NUL_MESSAGE = 'Contiene un carácter no permitido';
const ENCODED_NUL = /%00/i;
const MAX_DEPTH = 32;

/** Where in the address the NUL is: a query parameter's name, else the path. */
function fieldInUrl(url: string): string {
  const query = url.indexOf('?');
  if (query >= 0 && ENCODED_NUL.test(url.slice(query))) {
    for (const pair of url.slice(query + 1).split('&')) {
      if (ENCODED_NUL.test(pair)) {
        const name = pair.split('=')[0] ?? '';
        return ENCODED_NUL.test(name) ? '(consulta)' : decodeURIComponent(name);
      }
    }
  }
  return '(ruta)';
}

/** The dotted path of the first string in a JSON body that holds a NUL, if any. */
export function nulFieldInBody(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string')
    return value.includes('\u0000') ? path.join('.') || '(cuerpo)' : null;
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, '(clave)'].join('.');
    const found = nulFieldInBody(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL's text cannot hold a NUL character, so a NUL in an address or a
 * JSON body used to reach the database and come back as a 500. No field of the
 * API takes one: it is refused up front as invalid input (422, naming where).
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!ENCODED_NUL.test(request.url)) return;
    throw new AppError('VALIDATION_ERROR', {
      fields: [{ field: fieldInUrl(request.url), message: NUL_MESSAGE }],
    });
  });
  app.addHook('preValidation', async (request) => {
    const field = nulFieldInBody(request.body);
    if (field === null) return;
    throw new AppError('VALIDATION_ERROR', { fields: [{ field, message: NUL_MESSAGE }] });
  });
}
