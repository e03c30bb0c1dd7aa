import { isWellFormedTicketCode, normalizeTicketCode } from '@taquilla/domain';
import { z } from 'zod';
import { defineEndpoints } from './endpoints.ts';
import type { EndpointDefinition } from './endpoints.ts';

// Issued ticket codes and their QR images (000 §3 Order codes[], §4 order page, §9).

/** A QR colour as a ticket stores it (`qr_color`) or a caller asks for it: `1a2b3c` or `#1a2b3c`. */
export const QR_COLOR_PATTERN = /^#?[0-9a-fA-F]{6}$/;

/** `{code}`: read as a person types it (trimmed, upper-cased), then checked against the alphabet. */
export const ticketQrParamsSchema = z.object({
  code: z
    .string()
    .max(20)
    .transform(normalizeTicketCode)
    .refine(isWellFormedTicketCode, { message: 'El código no existe' }),
});

export const ticketQrQuerySchema = z.object({
  /** The colour of the dark modules; black when absent. */
  color: z
    .string()
    .regex(QR_COLOR_PATTERN, {
      message: 'El color debe ser hexadecimal de 6 dígitos, por ejemplo 1a2b3c o #1a2b3c',
    })
    .transform((value) => value.replace('#', '').toLowerCase())
    .optional(),
});

export const TICKET_QR_MEDIA_TYPE = 'image/png';

/** The body of a QR answer: PNG bytes, not JSON (documented as a binary string). */
export const ticketQrPngSchema = z.file().mime(TICKET_QR_MEDIA_TYPE);

/**
 * An endpoint that answers bytes of `mediaType` instead of JSON. The API
 * registers it by hand (registerEndpoint speaks JSON only) and the web uses its
 * path as an image URL, never through apiCall.
 */
export type BinaryEndpointDefinition = EndpointDefinition & { mediaType: string };

export const eticketsEndpoints = defineEndpoints('', {
  getTicketQr: {
    method: 'GET',
    path: '/etickets/qr/:code',
    summary: 'Imagen PNG del código QR de un boleto (se puede guardar en caché para siempre)',
    tags: ['etickets'],
    params: ticketQrParamsSchema,
    query: ticketQrQuerySchema,
    response: ticketQrPngSchema,
    mediaType: TICKET_QR_MEDIA_TYPE,
    status: 200,
    session: 'none',
    paramNotFound: { code: 'TICKET_CODE_NOT_FOUND' },
    errors: ['TICKET_CODE_NOT_FOUND', 'VALIDATION_ERROR', 'RATE_LIMITED'],
  },
} as const satisfies Record<string, BinaryEndpointDefinition>);

/** The `qrcode` URL of a code (000 §3 Order codes[].qrcode), relative to the gateway. */
export function ticketQrPath(code: string, color?: string | null): string {
  const path = `/etickets/qr/${encodeURIComponent(normalizeTicketCode(code))}`;
  return color && QR_COLOR_PATTERN.test(color)
    ? `${path}?color=${color.replace('#', '').toLowerCase()}`
    : path;
}
