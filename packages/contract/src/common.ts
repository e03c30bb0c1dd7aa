import { CURRENCIES } from '@taquilla/domain';
import { z } from 'zod';

/** Lists answer `{ items: [...] }` everywhere (ARCHITECTURE §3). */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item) });
}

/** One page of a list: its items, how many match in all (the same on every page), the page and its size. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}

/** A whole number from 1 to `max` in a query string (`?page=2`), refused in Spanish otherwise. */
export function queryWholeNumberSchema(max: number) {
  return z
    .string()
    .regex(/^\d{1,6}$/, { message: 'Usa un número entero' })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, { message: 'Usa un número mayor que cero' })
        .max(max, { message: `El máximo es ${max}` }),
    );
}

export const idSchema = z.string().min(1).max(200);

export { CURRENCIES };
export const currencySchema = z.enum(CURRENCIES);

/** ISO-8601 date-time as it travels on the wire. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

/**
 * A query parameter holding a list of known values (`ACTIVE,REPLAY`,
 * `CREDIT_CARD|REGISTRATION`): trimmed and upper-cased; an empty value means
 * no filter; any unknown value fails naming it.
 */
export function delimitedListSchema<T extends string>(
  values: readonly T[],
  separator: string,
  describeUnknown: (unknown: string) => string,
) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      const parts = value.split(separator).map((part) => part.trim().toUpperCase());
      const unknown = parts.filter((part) => !(values as readonly string[]).includes(part));
      if (unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: describeUnknown(unknown.join(', ')) });
        return z.NEVER;
      }
      return parts as T[];
    });
}
