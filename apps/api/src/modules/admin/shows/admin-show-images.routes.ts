import { SHOW_IMAGE_UPLOAD_TYPES, adminShowImageEndpoints } from '@taquilla/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../../../errors.ts';
import { registerEndpoint } from '../../../plugins/routes.ts';
import { uploadTooLarge } from '../../storage/storage.content.ts';
import { adminContext, registerOrganiserScope } from '../shared/admin.access.ts';
import type { AdminShowImagesService } from './admin-show-images.service.ts';

/**
 * POST /admin/shows/{id}/images: the one organiser route whose body is a file,
 * not JSON. Its scope alone parses image bodies (up to UPLOAD_MAX_BYTES); the
 * organiser guard runs on request, so a Viewer's upload is refused before it is
 * read.
 */
export async function registerAdminShowImageRoutes(
  app: FastifyInstance,
  deps: { images: AdminShowImagesService; maxBytes: number },
): Promise<void> {
  const { images, maxBytes } = deps;
  await registerOrganiserScope(app, (admin) => {
    admin.addContentTypeParser(
      SHOW_IMAGE_UPLOAD_TYPES,
      { parseAs: 'buffer', bodyLimit: maxBytes },
      (_request, body, done) => done(null, body),
    );
    admin.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw uploadTooLarge(maxBytes);
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        throw new AppError('SHOW_IMAGE_INVALID_TYPE');
      }
      throw error;
    });
    registerEndpoint(admin, adminShowImageEndpoints.uploadShowImage, ({ params, query }, request) =>
      images.upload(adminContext(request), params.id, query.field, request.body),
    );
  });
}
