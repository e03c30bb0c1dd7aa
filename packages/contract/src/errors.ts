import { z } from 'zod';
import { ERRORS } from './error-messages.ts';
import type { ErrorCode } from './error-messages.ts';

// The codes and their messages hold no schema, so the browser reads them without zod
// (decision 0070).
export * from './error-messages.ts';

export const errorCodeSchema = z.enum(Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]]);

export const fieldIssueSchema = z.object({
  field: z.string(),
  message: z.string(),
});

export const errorResponseSchema = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.array(fieldIssueSchema).optional(),
  /** CARD_DECLINED: the card network's response code (000 §8). */
  response_code: z.string().optional(),
  /** ALREADY_ACTIVATED: the show the caller already has a ticket for (its player opens). */
  show_uid: z.string().optional(),
  /** TICKET_ALREADY_CHECKED_IN: when the code came in at the door. */
  checked_in_at: z.string().optional(),
});

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
export type FieldIssue = z.infer<typeof fieldIssueSchema>;
