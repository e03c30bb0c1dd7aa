import { SHOW_IMAGE_KEY, SHOW_IMAGE_VARIANT_KEY } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import type { ObjectStorage } from './storage.types.ts';

/** Keys under this folder are public: show images, read by anyone through GET /storage/public/*. */
export const PUBLIC_KEY_PREFIX = 'public/';

/**
 * The extension of a key shaped as the show images service names them,
 * `public/shows/{show}/{field}-{uuid}.{ext}`, or its WebP copies' `…-{width}w.webp`
 * (decision 0071); null for any other key.
 */
function publicExtensionOf(key: string): string | null {
  if (SHOW_IMAGE_VARIANT_KEY.test(key)) return 'webp';
  return SHOW_IMAGE_KEY.exec(key)?.[1] ?? null;
}

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
      const extension = publicExtensionOf(key);
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
