import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import type { ObjectStorage } from './storage.types.ts';

/** Keys under this folder are public: show images, read by anyone through GET /storage/public/*. */
export const PUBLIC_KEY_PREFIX = 'public/';

/** `public/shows/{show}/{field}-{uuid}.{ext}`, as the show images service names them. */
const PUBLIC_KEY = /^public\/shows\/[0-9a-f-]{36}\/[a-z_]{1,40}-[0-9a-f-]{36}\.(jpg|png|webp)$/;

const TYPE_OF_EXTENSION: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * `GET /storage/public/*`: show images, public by nature (posters, channel headers),
 * read through the API whatever the driver, so neither a bucket policy nor a second
 * host is needed and the bucket stays private (decision 0031). A key is written once
 * under a new name, so answers are cached for a year. The type comes from the key's
 * extension, which the service chose from the file's bytes.
 */
export function registerPublicStorageRoutes(
  app: FastifyInstance,
  deps: { storage: ObjectStorage },
): void {
  app.route({
    method: 'GET',
    url: `/storage/${PUBLIC_KEY_PREFIX}*`,
    config: { public: true },
    schema: { hide: true },
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const key = PUBLIC_KEY_PREFIX + ((request.params as { '*'?: string })['*'] ?? '');
      const extension = PUBLIC_KEY.exec(key)?.[1];
      const found = extension ? await deps.storage.openRead(key) : null;
      if (!extension || !found) throw new AppError('NOT_FOUND');
      return reply
        .header('content-type', TYPE_OF_EXTENSION[extension] ?? 'application/octet-stream')
        .header('content-length', String(found.size))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(found.body);
    },
  });
}
