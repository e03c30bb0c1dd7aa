import { CURRENCIES } from '@taquilla/domain';
import { z } from 'zod';

/** Lists answer `{ items: [...] }` everywhere (ARCHITECTURE §3). */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item) });
}

export const idSchema = z.string().min(1).max(200);

export { CURRENCIES };
export const currencySchema = z.enum(CURRENCIES);

/** ISO-8601 date-time as it travels on the wire. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
