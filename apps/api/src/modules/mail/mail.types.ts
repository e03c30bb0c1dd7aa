import { PAYMENT_TYPES, currencySchema, ticketTypeSchema } from '@taquilla/contract';
import { z } from 'zod';

const minorUnits = z.number().int().nonnegative();

/**
 * What the buyer paid, as the tickets e-mail's receipt lists it: amounts in
 * minor units of `currency`, lines grouped by show, ticket and price.
 */
export const orderReceiptSchema = z.object({
  currency: currencySchema,
  /** The checkout's payment types, and CODE, which the orders table also knows. */
  paymentType: z.enum([...PAYMENT_TYPES, 'CODE']),
  /** The card as the order keeps it; null for other payments (and Stripe's, never seen). */
  card: z.object({ brand: z.string().nullable(), last4: z.string().regex(/^\d{4}$/) }).nullable(),
  /** A deposit's bank reference as the buyer wrote it. */
  reference: z.string().nullable(),
  lines: z
    .array(
      z.object({
        show: z.string(),
        title: z.string(),
        quantity: z.number().int().positive(),
        /** The places' price (without fees), all units together. */
        amount: minorUnits,
      }),
    )
    .min(1),
  /** The places' prices together: the total before fees and discount. */
  tickets: minorUnits,
  fees: minorUnits,
  /** The order's discount and the promo codes that gave it. */
  discount: z.object({ amount: minorUnits, codes: z.array(z.string()) }),
  total: minorUnits,
});
export type OrderReceipt = z.infer<typeof orderReceiptSchema>;

/**
 * The `order-tickets` payload: the codes only. Their QR images (and the
 * calendar file) are made by the mail worker at send time, so no file travels
 * through Redis.
 */
export const orderTicketsMailDataSchema = z.object({
  orderId: z.string().min(1),
  orderNumber: z.number().int(),
  orderUrl: z.url(),
  /** Absent from jobs queued by a worker of before the receipt: sent without it. */
  receipt: orderReceiptSchema.optional(),
  shows: z
    .array(
      z.object({
        name: z.string(),
        /** ISO 8601; shown in Guatemala time. */
        date: z.iso.datetime({ offset: true }),
        venue: z.string(),
        /**
         * What the calendar file's event needs besides name, date and venue; absent
         * from jobs queued by a worker of before the calendar file: sent without it.
         */
        event: z
          .object({
            showId: z.string().min(1),
            address: z.string().nullable(),
            durationMinutes: z.number().int().positive(),
          })
          .optional(),
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

/** Organiser decisions that end an order and are told to its buyer (admin-orders.service.ts). */
export const ORDER_DECISION_KINDS = ['deposit-rejected', 'cancelled', 'refunded'] as const;

/** The `order-decision` payload: what happened, why, and the link to the order. */
export const orderDecisionMailDataSchema = z.object({
  kind: z.enum(ORDER_DECISION_KINDS),
  orderNumber: z.number().int(),
  /** The buyer's names as written at checkout; empty for a bare greeting. */
  buyerName: z.string(),
  /** The organiser's reason, shown as written. */
  reason: z.string().min(1),
  /** The order's total as shown ("Q 1,250.00"). */
  total: z.string(),
  /** refunded: the card's last four digits, when known. */
  cardLast4: z.string().nullable(),
  /** The order page with its signed link (opens without signing in). */
  orderUrl: z.url(),
});
export type OrderDecisionMailData = z.infer<typeof orderDecisionMailDataSchema>;

/**
 * The `deposit-received` payload: a deposit (or transfer) order was placed
 * with its proof and waits for the organiser's review.
 */
export const depositReceivedMailDataSchema = z.object({
  orderNumber: z.number().int(),
  paymentType: z.enum(['BANK_DEPOSIT', 'ACCOUNT_BANK_DEPOSIT']),
  /** The buyer's names as written at checkout; empty for a bare greeting. */
  buyerName: z.string(),
  /** The order's total as shown ("Q 300.00"). */
  total: z.string(),
  reference: z.string().nullable(),
  shows: z.array(z.object({ name: z.string(), date: z.iso.datetime({ offset: true }) })).min(1),
  /** The order page with its signed link (opens without signing in). */
  orderUrl: z.url(),
});
export type DepositReceivedMailData = z.infer<typeof depositReceivedMailDataSchema>;

/**
 * The `telethon-codes` payload ("Enviarme mis códigos", decision 0060): the codes
 * of one order e-mail bought with a DPI, and the activation page they open.
 */
export const telethonCodesMailDataSchema = z.object({
  /** The SPA's /activate; each code's link adds `?code=`. */
  activateUrl: z.url(),
  codes: z
    .array(
      z.object({
        code: z.string().regex(/^[A-Z0-9]{6}$/),
        showName: z.string(),
        ticketName: z.string(),
        activated: z.boolean(),
      }),
    )
    .min(1),
});
export type TelethonCodesMailData = z.infer<typeof telethonCodesMailDataSchema>;

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
      /**
       * An APPROVED order's codes with their QR images inline, its receipt and a
       * calendar file of its shows (sent again on request).
       */
      template: 'order-tickets';
      to: string;
      key: string;
      data: OrderTicketsMailData;
    }
  | {
      /** A deposit order was placed: its proof is being reviewed. */
      template: 'deposit-received';
      to: string;
      key: string;
      data: DepositReceivedMailData;
    }
  | {
      /** An organiser rejected the deposit, cancelled or refunded the order. */
      template: 'order-decision';
      to: string;
      key: string;
      data: OrderDecisionMailData;
    }
  | {
      /** A telethon's codes bought with a DPI, to the order's e-mail on request. */
      template: 'telethon-codes';
      to: string;
      key: string;
      data: TelethonCodesMailData;
    };

export type MailTemplate = MailMessage['template'];

export interface Mailer {
  /** Enqueues the message; resolves once it is safely in the queue. */
  send(message: MailMessage): Promise<void>;
}
