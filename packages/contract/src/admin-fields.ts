import { z } from 'zod';
import { amountSchema } from './tickets.ts';

// Building blocks of the organiser API's write schemas (decision 0010).

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Large enough for any price, small enough that centavos stay exact integers. */
export const MAX_AMOUNT = 100_000_000;
export const MAX_CAPACITY = 1_000_000;

export const text = (max: number) => z.string().trim().min(1).max(max);
export const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const adminAmountSchema = amountSchema.max(MAX_AMOUNT);

export const adminShowParamsSchema = z.object({
  id: z.uuid({ message: 'Identificador de evento inválido' }),
});
export const adminTicketParamsSchema = adminShowParamsSchema.extend({
  ticketId: z.uuid({ message: 'Identificador de boleto inválido' }),
});
