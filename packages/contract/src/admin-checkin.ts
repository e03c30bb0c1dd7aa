import { z } from 'zod';
import { ticketCodeInputSchema } from './activation.ts';
import { adminShowParamsSchema } from './admin-fields.ts';
import { isoDateTimeSchema } from './common.ts';
import { defineEndpoints } from './endpoints.ts';
import type { EndpointDefinition } from './endpoints.ts';

// The door check-in (issue 11; docs/decisions/0029-door-check-in.md; code in
// apps/api/src/modules/admin/admin-checkin.*). A phone at the door scans a ticket's QR
// (it holds the 6-character code alone) or takes the code typed, for one chosen show:
// a code is admitted once, at the door of the show (or date) it was sold for.

/** How many check-ins GET /admin/shows/{id}/attendance lists, newest first. */
export const ATTENDANCE_RECENT_MAX = 10;
/** Check-ins one session may try per minute (a 6-character code can be guessed). */
export const CHECKIN_ATTEMPTS_PER_MINUTE = 120;

/** POST /admin/checkin: the code as read or typed, and the show this door admits to. */
export const adminCheckinBodySchema = z.strictObject({
  code: ticketCodeInputSchema,
  show_uid: z.uuid({ message: 'Elige el evento de esta puerta' }),
});
export type AdminCheckinBody = z.infer<typeof adminCheckinBodySchema>;
export type AdminCheckinBodyInput = z.input<typeof adminCheckinBodySchema>;

/** Where the ticket lets its holder in (a seat, a table, a section); null for general admission. */
export const checkinPlaceSchema = z.object({
  section: z.string().nullable(),
  row: z.string().nullable(),
  seat: z.string().nullable(),
  door: z.string().nullable(),
});
export type CheckinPlace = z.infer<typeof checkinPlaceSchema>;

/** One admitted code, as the door and the recent list show it. */
export const checkinEntrySchema = z.object({
  code: z.string(),
  /** The ticket's name (a bundle part's own description). */
  ticket: z.string().nullable(),
  place: checkinPlaceSchema.nullable(),
  /** "Nombre Apellido" from the checkout form; null when the buyer gave neither. */
  buyer_name: z.string().nullable(),
  order_number: z.number().int(),
  checked_in_at: isoDateTimeSchema,
});
export type CheckinEntry = z.infer<typeof checkinEntrySchema>;

/** How many of the show's admissions came in, out of every code of its approved orders. */
export const attendanceCountSchema = z.object({
  checked_in: z.number().int(),
  total: z.number().int(),
});
export type AttendanceCount = z.infer<typeof attendanceCountSchema>;

/** The answer of an admission: "Adelante", with what the door says and the show's new count. */
export const adminCheckinSchema = checkinEntrySchema.extend({
  show_uid: z.string(),
  attendance: attendanceCountSchema,
});
export type AdminCheckin = z.infer<typeof adminCheckinSchema>;

/** GET /admin/shows/{id}/attendance: the live count and the last check-ins. */
/**
 * A check-in of the recent list: who came in stays there when the order is cancelled
 * or refunded later, marked by when its code was voided (decision 0029).
 */
export const recentCheckinSchema = checkinEntrySchema.extend({
  voided_at: isoDateTimeSchema.nullable(),
});
export type RecentCheckin = z.infer<typeof recentCheckinSchema>;

export const adminAttendanceSchema = attendanceCountSchema.extend({
  recent: z.array(recentCheckinSchema),
});
export type AdminAttendance = z.infer<typeof adminAttendanceSchema>;

/**
 * The answer of a refusal the door shows: the house `{ error, message }`, with
 * `checked_in_at` when the code already came in (TICKET_ALREADY_CHECKED_IN).
 */
export const checkinRefusalSchema = z.object({
  error: z.string(),
  message: z.string(),
  checked_in_at: isoDateTimeSchema.optional(),
});
export type CheckinRefusal = z.infer<typeof checkinRefusalSchema>;

const ADMIN_TAGS = ['admin'] as const;
const GUARD = ['UNAUTHORIZED', 'SESSION_EXPIRED', 'FORBIDDEN'] as const;

/** Admin or Producer; another producer's show (or its codes) is "not found". */
export const adminCheckinEndpoints = defineEndpoints('admin', {
  checkIn: {
    method: 'POST',
    path: '/admin/checkin',
    summary:
      'Marca un boleto como ingresado en la puerta de un evento (una sola vez, aunque dos teléfonos lo escaneen a la vez)',
    tags: ADMIN_TAGS,
    body: adminCheckinBodySchema,
    response: adminCheckinSchema,
    status: 200,
    errors: [
      ...GUARD,
      'VALIDATION_ERROR',
      'SHOW_NOT_FOUND',
      'TICKET_CODE_UNKNOWN',
      'TICKET_CODE_OTHER_SHOW',
      'TICKET_CODE_VOIDED',
      'TICKET_ALREADY_CHECKED_IN',
      'TICKET_ORDER_NOT_APPROVED',
      'TICKET_NOT_FOR_VENUE',
      'RATE_LIMITED',
    ],
  },
  getAttendance: {
    method: 'GET',
    path: '/admin/shows/:id/attendance',
    summary: 'Asistencia de un evento: cuántos ingresaron de cuántos, y los últimos ingresos',
    tags: ADMIN_TAGS,
    params: adminShowParamsSchema,
    paramNotFound: { id: 'SHOW_NOT_FOUND' },
    response: adminAttendanceSchema,
    status: 200,
    errors: [...GUARD, 'SHOW_NOT_FOUND'],
  },
} as const satisfies Record<string, EndpointDefinition>);
