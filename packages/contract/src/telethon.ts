import { isValidDpi } from '@taquilla/domain';
import { z } from 'zod';
import { defineEndpoints } from './endpoints.ts';
import type { EndpointDefinition } from './endpoints.ts';

// The telethon page's code lookup by national ID (002 §2.8 telethon, §5, §7, §8;
// docs/decisions/0038-dpi-lookup-and-download-redeem.md), masked for whoever is not
// the buyer, and the e-mail of the full codes (0060-telethon-codes-and-log-redaction.md).

/** What a DPI that is not 13 digits (1111111111111..9999999999999) answers, here and at checkout. */
export const DPI_INVALID_MESSAGE = 'El DPI debe tener 13 dígitos';

/** The custom field key (`settings.custom_fields.fields[].key`) that asks a buyer for the DPI. */
export const DPI_CUSTOM_FIELD_KEY = 'dpi';

/** A DPI exactly as typed: 13 digits, no spaces or hyphens (002 §9). */
export const dpiSchema = z.string().refine(isValidDpi, { message: DPI_INVALID_MESSAGE });

/**
 * GET /cart/orders/teleton/?dpi=&show_uid=. Only codes of telethon shows (landing
 * template `telethon`, or a date of one); with `show_uid` (the page's own show) only
 * that telethon's codes.
 */
export const telethonCodesQuerySchema = z.object({
  dpi: dpiSchema,
  show_uid: z.uuid().optional(),
});
export type TelethonCodesQuery = z.infer<typeof telethonCodesQuerySchema>;

/**
 * One ticket code bought with the DPI, and only what the page needs to show it
 * and send its owner to the player: never the buyer, the order or the amounts.
 */
export const telethonCodeSchema = z.object({
  /**
   * The code, whole only for the signed-in buyer; for anyone else its first two
   * characters and `••••` (`masked`), which is not a code and activates nothing.
   */
  code: z.string(),
  /** `code` is masked: the whole codes go to the order's e-mail ("Enviarme mis códigos"). */
  masked: z.boolean(),
  show_uid: z.string(),
  show_name: z.string(),
  ticket_name: z.string(),
  /** The code was already activated by an account. */
  activated: z.boolean(),
});
export type TelethonCode = z.infer<typeof telethonCodeSchema>;

/** The codes of APPROVED orders whose buyer gave the DPI; none: `{ total: 0, items: [] }`. */
export const telethonCodesSchema = z.object({
  total: z.number().int().min(0),
  items: z.array(telethonCodeSchema),
});
export type TelethonCodes = z.infer<typeof telethonCodesSchema>;

/** POST /cart/orders/teleton/send: the DPI goes in the body, never in a URL. */
export const sendTelethonCodesBodySchema = z.object({
  dpi: dpiSchema,
  show_uid: z.uuid().optional(),
});
export type SendTelethonCodesBody = z.infer<typeof sendTelethonCodesBodySchema>;

/** The one answer of "Enviarme mis códigos", whether or not the DPI bought anything. */
export const TELETHON_CODES_SENT_MESSAGE =
  'Si este DPI tiene códigos, los enviamos al correo con el que se hizo la compra. Revisa tu bandeja de entrada y la carpeta de spam.';
export const sendTelethonCodesResultSchema = z.object({ message: z.string() });
export type SendTelethonCodesResult = z.infer<typeof sendTelethonCodesResultSchema>;

export const telethonEndpoints = defineEndpoints('', {
  getTelethonCodes: {
    method: 'GET',
    path: '/cart/orders/teleton',
    summary:
      'Códigos de teletón comprados con un DPI (13 dígitos): completos solo para el comprador con sesión, enmascarados para los demás; limitado por dirección',
    tags: ['orders'],
    query: telethonCodesQuerySchema,
    response: telethonCodesSchema,
    status: 200,
    session: 'optional',
    errors: ['VALIDATION_ERROR', 'RATE_LIMITED'],
  },
  sendTelethonCodes: {
    method: 'POST',
    path: '/cart/orders/teleton/send',
    summary:
      'Envía los códigos de teletón de un DPI al correo de cada orden; responde siempre lo mismo; limitado por dirección y por DPI',
    tags: ['orders'],
    body: sendTelethonCodesBodySchema,
    response: sendTelethonCodesResultSchema,
    status: 202,
    session: 'none',
    errors: ['VALIDATION_ERROR', 'RATE_LIMITED'],
  },
} as const satisfies Record<string, EndpointDefinition>);
