import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { MAGIC_BYTES, imageTypeOf, uploadTooLarge } from './storage.content.ts';
import { isLocalStorage } from './storage.local.ts';
import { registerPublicStorageRoutes } from './storage.public.ts';
import type { LocalObjectStorage } from './storage.local.ts';
import type { ObjectStorage } from './storage.types.ts';

/** What a browser PUTs a picked file as; anything else is refused before it is read. */
const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/octet-stream'];

const keyOf = (request: FastifyRequest) => (request.params as { '*'?: string })['*'] ?? '';

function signatureGuard(storage: LocalObjectStorage, refusal: () => AppError) {
  return async (request: FastifyRequest) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    if (!storage.isSignedRequest(request.method, keyOf(request), query)) throw refusal();
  };
}

/**
 * `PUT /storage/*` and `GET /storage/*`: the local driver's stand-in for a
 * bucket, honouring only URLs the storage signed. Registered in a scope of
 * its own, so the binary body parser and the upload error wording stay here
 * and the rest of the gateway keeps speaking JSON only. For the S3 driver only
 * the public images' reads are registered: the browser talks to the bucket.
 */
export async function registerStorageRoutes(
  app: FastifyInstance,
  deps: { storage: ObjectStorage; maxBytes: number },
): Promise<void> {
  const { storage, maxBytes } = deps;
  // Show images, for either driver.
  registerPublicStorageRoutes(app, { storage });
  if (!isLocalStorage(storage)) return;

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      UPLOAD_CONTENT_TYPES,
      { parseAs: 'buffer', bodyLimit: maxBytes },
      (_request, body, done) => done(null, body),
    );
    // The framework's refusals, in the upload's own words; the gateway's
    // handler (the parent) then answers them as `{ error, message }`.
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw uploadTooLarge(maxBytes);
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
        throw new AppError('UPLOAD_INVALID_TYPE');
      throw error;
    });

    scope.route({
      method: 'PUT',
      url: '/storage/*',
      bodyLimit: maxBytes,
      config: { public: true },
      schema: { hide: true },
      // Before the body is read: an unsigned request costs no upload.
      onRequest: signatureGuard(storage, () => new AppError('UPLOAD_URL_INVALID')),
      handler: async (request, reply) => {
        const body = request.body;
        if (!Buffer.isBuffer(body) || !imageTypeOf(body.subarray(0, MAGIC_BYTES))) {
          throw new AppError('UPLOAD_INVALID_TYPE');
        }
        await storage.write(keyOf(request), body);
        const etag = createHash('md5').update(body).digest('hex');
        return reply.status(200).header('etag', `"${etag}"`).send();
      },
    });

    scope.route({
      method: 'GET',
      url: '/storage/*',
      config: { public: true },
      schema: { hide: true },
      onRequest: signatureGuard(
        storage,
        () =>
          new AppError('UPLOAD_URL_INVALID', {
            message: 'El enlace del archivo no es válido o ya expiró',
          }),
      ),
      handler: async (request, reply) => {
        const key = keyOf(request);
        const found = await storage.head(key);
        const start = found && (await storage.readStart(key, MAGIC_BYTES));
        const file = storage.pathOf(key);
        if (!found || !start || !file) throw new AppError('NOT_FOUND');
        return reply
          .header('content-type', imageTypeOf(start) ?? 'application/octet-stream')
          .header('content-length', String(found.size))
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          .send(createReadStream(file));
      },
    });
  });
}
