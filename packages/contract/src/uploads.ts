import { z } from 'zod';
import { cartSessionIdSchema } from './cart.ts';
import { defineEndpoints } from './endpoints.ts';
import type { EndpointDefinition } from './endpoints.ts';

// The deposit proof upload of 000 §5 and §7: the client asks for a signed URL,
// PUTs the file there, and sends `link` with the order (`payment_info.file_info`).

/** A proof's name as the buyer picked it: JPG or PNG, judged by extension here and by content later. */
export const proofFilenameSchema = z
  .string()
  .trim()
  .min(1, { message: 'Indica el nombre del archivo' })
  .max(255, { message: 'El nombre del archivo tiene como máximo 255 caracteres' })
  .regex(/\.(jpe?g|png)$/i, {
    message: 'El comprobante debe ser una imagen JPG o PNG (.jpg, .jpeg o .png)',
  });

/** GET /cart/orders/uploadUrl?show_uid=&session_id=&filename= */
export const uploadUrlQuerySchema = z.object({
  /** An id that names no show answers SHOW_NOT_FOUND (404), as an unknown one does. */
  show_uid: z
    .string()
    .trim()
    .min(1, { message: 'Indica el evento' })
    .max(100, { message: 'Identificador de evento inválido' }),
  /** The browser's `sessionID` cookie: it scopes the proof to this buyer. */
  session_id: cartSessionIdSchema,
  filename: proofFilenameSchema,
});
export type UploadUrlQuery = z.infer<typeof uploadUrlQuerySchema>;

export const uploadUrlSchema = z.object({
  /** PUT the file here, with `Content-Type` image/jpeg or image/png, before it expires. */
  signedUrl: z.url(),
  /** Names the stored file; send it as `payment_info.file_info` with the order. */
  link: z.url(),
});
export type UploadUrl = z.infer<typeof uploadUrlSchema>;

export const uploadEndpoints = defineEndpoints('', {
  getProofUploadUrl: {
    method: 'GET',
    path: '/cart/orders/uploadUrl',
    summary: 'Enlace firmado para subir el comprobante de un depósito (JPG o PNG)',
    tags: ['cart'],
    query: uploadUrlQuerySchema,
    response: uploadUrlSchema,
    status: 200,
    session: 'none',
    errors: ['VALIDATION_ERROR', 'SHOW_NOT_FOUND', 'RATE_LIMITED'],
  },
} as const satisfies Record<string, EndpointDefinition>);
