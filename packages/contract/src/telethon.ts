import { isValidDpi } from '@taquilla/domain';
import { z } from 'zod';
import { defineEndpoints } from './endpoints.ts';
import type { EndpointDefinition } from './endpoints.ts';

// The telethon page's code lookup by national ID (002 §2.8 telethon, §5, §7, §8;
// docs/decisions/0038-dpi-lookup-and-download-redeem.md).

/** What a DPI that is not 13 digits (1111111111111..9999999999999) answers, here and at checkout. */
export const DPI_INVALID_MESSAGE = 'El DPI debe tener 13 dígitos';

/** The custom field key (`settings.custom_fields.fields[].key`) that asks a buyer for the DPI. */
export const DPI_CUSTOM_FIELD_KEY = 'dpi';

/** A DPI exactly as typed: 13 digits, no spaces or hyphens (002 §9). */
export const dpiSchema = z.string().refine(isValidDpi, { message: DPI_INVALID_MESSAGE });

/** GET /cart/orders/teleton/?dpi= */
export const telethonCodesQuerySchema = z.object({ dpi: dpiSchema });
export type TelethonCodesQuery = z.infer<typeof telethonCodesQuerySchema>;

/**
 * One ticket code bought with the DPI, and only what the page needs to show it
 * and send its owner to the player: never the buyer, the order or the amounts.
 */
export const telethonCodeSchema = z.object({
  code: z.string(),
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

export const telethonEndpoints = defineEndpoints('', {
  getTelethonCodes: {
    method: 'GET',
    path: '/cart/orders/teleton',
    summary:
      'Códigos de boletos comprados con un DPI (13 dígitos): solo código, evento, boleto y si ya se activó; limitado por dirección',
    tags: ['orders'],
    query: telethonCodesQuerySchema,
    response: telethonCodesSchema,
    status: 200,
    session: 'none',
    errors: ['VALIDATION_ERROR', 'RATE_LIMITED'],
  },
} as const satisfies Record<string, EndpointDefinition>);
