import { z } from 'zod';
import { showSchema } from './shows.ts';
import { ticketSchema } from './tickets.ts';

/** A viewer's access to a show (001 §3 viewer-show). */
export const viewerShowAccessSchema = z.object({
  _id: z.string(),
  ticket: z.object({ fullname: z.string().nullable() }),
  payment_info: z.object({
    request_code: z.string().nullable(),
    code: z.string(),
    expires_on: z.string().nullable(),
  }),
});
export type ViewerShowAccess = z.infer<typeof viewerShowAccessSchema>;

export const showChannelChildSchema = z.object({
  show: showSchema,
  /** The asking viewer's access to this child; null without a viewer or without access. */
  access: viewerShowAccessSchema.nullable(),
  tickets: z.array(ticketSchema),
});

/** GET /shows/showChannels/{id}?viewer={viewerId} (001 §7, 002 §7). */
export const showChannelSchema = showSchema.extend({
  children: z.array(showChannelChildSchema),
});
export type ShowChannel = z.infer<typeof showChannelSchema>;

export const showChannelQuerySchema = z.object({
  /** Must be the caller's own viewer; another viewer's id answers 403. */
  viewer: z.uuid({ message: 'Identificador de espectador inválido' }).optional(),
});
