import { z } from 'zod';
import { adminShowParamsSchema } from './admin-fields.ts';
import { defineEndpoints } from './endpoints.ts';
import type { EndpointDefinition } from './endpoints.ts';

// Show images (000 §3 main_image; 001 §3 settings.channel_image and
// channel_image_mobile; 002 §3 settings.poster_image; playlist items' image_url).
// The console sends the file's bytes, the API checks and stores them and answers
// the public URL, which the console then writes into the show with PATCH
// (docs/decisions/0031-show-editor.md).

/** Which image of the show a file is for; it names the stored file, nothing more. */
export const SHOW_IMAGE_FIELDS = [
  'main_image',
  'channel_image',
  'channel_image_mobile',
  'poster_image',
  'playlist_image',
  /** Gallery pictures and people's photos of the show's landing page (settings.landing). */
  'landing_image',
] as const;
export type ShowImageField = (typeof SHOW_IMAGE_FIELDS)[number];

/** What a show image may be, judged by its first bytes. */
export const SHOW_IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The `Content-Type` headers the upload accepts; the bytes decide the real type. */
export const SHOW_IMAGE_UPLOAD_TYPES = [...SHOW_IMAGE_CONTENT_TYPES, 'application/octet-stream'];

export const adminShowImageQuerySchema = z.object({
  field: z.enum(SHOW_IMAGE_FIELDS, { message: 'Indica para qué imagen es el archivo' }),
});
export type AdminShowImageQuery = z.infer<typeof adminShowImageQuerySchema>;

export const adminShowImageSchema = z.object({
  field: z.enum(SHOW_IMAGE_FIELDS),
  /** Public, permanent: `${PUBLIC_URL}/storage/public/shows/{show}/{field}-{uuid}.{ext}`. */
  url: z.string(),
  content_type: z.enum(SHOW_IMAGE_CONTENT_TYPES),
  size: z.number().int(),
  /** The picture's size in pixels, upright (as a browser shows it). */
  width: z.number().int(),
  height: z.number().int(),
  /**
   * Its WebP copies, stored before this answer (show-image-variants.ts): one per
   * SHOW_IMAGE_WIDTHS, named by that width, never wider than the original.
   */
  variants: z.array(z.object({ width: z.number().int(), url: z.string() })),
});
export type AdminShowImage = z.infer<typeof adminShowImageSchema>;

const GUARD = ['UNAUTHORIZED', 'SESSION_EXPIRED', 'FORBIDDEN'] as const;

export const adminShowImageEndpoints = defineEndpoints('admin', {
  uploadShowImage: {
    method: 'POST',
    path: '/admin/shows/:id/images',
    summary:
      'Sube una imagen del evento (el cuerpo son los bytes: JPG, PNG o WebP, hasta 5 MB) ' +
      'y responde su dirección pública',
    tags: ['admin'],
    params: adminShowParamsSchema,
    paramNotFound: { id: 'SHOW_NOT_FOUND' },
    query: adminShowImageQuerySchema,
    response: adminShowImageSchema,
    status: 201,
    errors: [
      ...GUARD,
      'SHOW_NOT_FOUND',
      'VALIDATION_ERROR',
      'SHOW_IMAGE_INVALID_TYPE',
      'UPLOAD_TOO_LARGE',
    ],
  },
} as const satisfies Record<string, EndpointDefinition>);
