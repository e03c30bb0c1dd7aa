import { ticketTypeSchema } from '@taquilla/contract';
import { z } from 'zod';

/**
 * The `order-tickets` payload: the codes only. Their QR images are drawn by
 * the mail worker at send time, so no PNG travels through Redis.
 */
export const orderTicketsMailDataSchema = z.object({
  orderId: z.string().min(1),
  orderNumber: z.number().int(),
  orderUrl: z.url(),
  shows: z
    .array(
      z.object({
        name: z.string(),
        /** ISO 8601; shown in Guatemala time. */
        date: z.iso.datetime({ offset: true }),
        venue: z.string(),
        tickets: z
          .array(
            z.object({
              code: z.string().regex(/^[A-Z0-9]{6}$/),
              ticketType: ticketTypeSchema,
              /** The ticket's name ("Platea") or, for a bundle's part, the part's ("Parqueo"). */
              title: z.string().nullable(),
              /** Section, row, seat and door; a bundle's part has its location text as the section. */
              location: z
                .object({
                  section: z.string().nullable(),
                  row: z.string().nullable(),
                  seat: z.string().nullable(),
                  door: z.string().nullable(),
                })
                .nullable(),
              /** 6-digit hex of the QR's dark modules; black when null. */
              qrColor: z.string().nullable(),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});
export type OrderTicketsMailData = z.infer<typeof orderTicketsMailDataSchema>;

/**
 * What the rest of the API may ask of e-mail. Messages are enqueued on the
 * `mail` BullMQ queue (ARCHITECTURE §6) and sent by the worker with retries;
 * callers enqueue only after their transaction commits. `key` makes a send
 * idempotent: the same key is delivered once (it becomes the job id).
 */
export type MailMessage =
  | {
      template: 'email-verification';
      to: string;
      key: string;
      data: { fullname: string; verifyUrl: string; expiresInHours: number };
    }
  | {
      template: 'password-reset';
      to: string;
      key: string;
      data: { fullname: string; resetUrl: string; expiresInMinutes: number };
    }
  | {
      /** An organiser account made by an admin without a password: the link chooses one. */
      template: 'organiser-invitation';
      to: string;
      key: string;
      data: {
        fullname: string;
        role: 'Producer' | 'Admin';
        /** The producer a Producer account manages; null for an admin. */
        producerName: string | null;
        setPasswordUrl: string;
        expiresInHours: number;
      };
    }
  | {
      /** An APPROVED order's codes with their QR images, inline (sent again on request). */
      template: 'order-tickets';
      to: string;
      key: string;
      data: OrderTicketsMailData;
    };

export type MailTemplate = MailMessage['template'];

export interface Mailer {
  /** Enqueues the message; resolves once it is safely in the queue. */
  send(message: MailMessage): Promise<void>;
}
