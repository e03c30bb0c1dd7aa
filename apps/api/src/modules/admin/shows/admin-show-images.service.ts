import { randomUUID } from 'node:crypto';
import type { AdminShowImage, ShowImageField } from '@taquilla/contract';
import type { Config } from '../../../config.ts';
import { AppError } from '../../../errors.ts';
import type { Db } from '../../../infra/db.ts';
import {
  SHOW_IMAGE_EXTENSIONS,
  showImageTypeOf,
  uploadTooLarge,
} from '../../storage/storage.content.ts';
import { PUBLIC_KEY_PREFIX } from '../../storage/storage.public.ts';
import type { ObjectStorage } from '../../storage/storage.types.ts';
import { deleteShowImage, storeShowImage } from '../../images/images.store.ts';
import { ownShow } from '../shared/admin.access.ts';
import type { AdminContext } from '../shared/admin.access.ts';
import { recordAudit } from '../shared/audit.repo.ts';

/** A RIFF header and its form type: enough to tell JPG, PNG and WebP apart. */
const TYPE_BYTES = 12;

/**
 * POST /admin/shows/{id}/images?field=: the console sends a picked file's bytes;
 * they are checked (a show the caller may manage, a JPG, PNG or WebP by content,
 * at most UPLOAD_MAX_BYTES, and decodable), stored under a new public key with its
 * WebP copies (decision 0071) and audited. The answer's URL is public and permanent;
 * the console writes it into the show with PATCH, so an upload alone changes nothing
 * a buyer sees (decision 0031).
 */
export function createAdminShowImagesService(deps: {
  db: Db;
  storage: ObjectStorage;
  config: Pick<Config, 'PUBLIC_URL' | 'UPLOAD_MAX_BYTES'>;
  log: { warn: (o: object, m: string) => void };
}) {
  const { db, storage, config } = deps;
  const linkBase = `${config.PUBLIC_URL.replace(/\/+$/, '')}/storage/`;

  return {
    async upload(
      ctx: AdminContext,
      showId: string,
      field: ShowImageField,
      body: unknown,
    ): Promise<AdminShowImage> {
      const show = await ownShow(db, ctx, showId);
      if (!Buffer.isBuffer(body)) throw new AppError('SHOW_IMAGE_INVALID_TYPE');
      if (body.length > config.UPLOAD_MAX_BYTES) throw uploadTooLarge(config.UPLOAD_MAX_BYTES);
      const contentType = showImageTypeOf(body.subarray(0, TYPE_BYTES));
      if (!contentType) throw new AppError('SHOW_IMAGE_INVALID_TYPE');

      const name = `${field}-${randomUUID()}.${SHOW_IMAGE_EXTENSIONS[contentType]}`;
      const key = `${PUBLIC_KEY_PREFIX}shows/${show.id}/${name}`;
      const stored = await storeShowImage(storage, key, body, contentType);
      const image: AdminShowImage = {
        field,
        url: linkBase + key,
        content_type: contentType,
        size: body.length,
        width: stored.width,
        height: stored.height,
        variants: stored.variants.map((v) => ({ width: v.width, url: linkBase + v.key })),
      };
      try {
        await db.$transaction(async (tx) => {
          // Again inside the transaction: a show deleted meanwhile gets no image.
          await ownShow(tx, ctx, show.id);
          await recordAudit(tx, ctx, {
            action: 'show.image_upload',
            entityType: 'show',
            entityId: show.id,
            before: null,
            after: image,
          });
        });
      } catch (err) {
        await deleteShowImage(storage, key).catch((cause: unknown) => {
          deps.log.warn({ err: cause, key }, 'show image left behind after a failed upload');
        });
        throw err;
      }
      return image;
    },
  };
}

export type AdminShowImagesService = ReturnType<typeof createAdminShowImagesService>;
