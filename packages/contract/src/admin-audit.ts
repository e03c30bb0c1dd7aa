import { z } from 'zod';
import { adminOrderDateBoundSchema } from './admin-orders.ts';
import { isoDateTimeSchema, pageOf, queryWholeNumberSchema } from './common.ts';
import { defineEndpoints } from './endpoints.ts';
import type { EndpointDefinition } from './endpoints.ts';

// The audit log in the organiser API (decision 0030; code in
// apps/api/src/modules/admin/admin-audit.*): every organiser write leaves a row
// (who, what, on which entity, before and after, from which address). Admin only.

export const AUDIT_LOG_PAGE_SIZE_DEFAULT = 50;
export const AUDIT_LOG_PAGE_SIZE_MAX = 200;
export const AUDIT_LOG_PAGE_MAX = 10_000;

const word = (max: number) => z.string().trim().min(1).max(max);

/** GET /admin/audit-log: every filter optional; newest first. */
export const adminAuditLogQuerySchema = z.object({
  /** `show`, `ticket`, `order`, `user`, `producer`, `promo_code`… */
  entity_type: word(60).optional(),
  entity_id: word(200).optional(),
  /** An action (`show.update`) or all of an entity's (`show`: every `show.…`). */
  action: word(80).optional(),
  /** A user id, or part of the actor's e-mail or name (any case). */
  actor: word(120).optional(),
  /** From this day (Guatemala time, inclusive) or instant. */
  from: adminOrderDateBoundSchema.optional(),
  /** Up to this day (inclusive, the whole day) or instant (inclusive). */
  to: adminOrderDateBoundSchema.optional(),
  page: queryWholeNumberSchema(AUDIT_LOG_PAGE_MAX).optional(),
  page_size: queryWholeNumberSchema(AUDIT_LOG_PAGE_SIZE_MAX).optional(),
});
export type AdminAuditLogQuery = z.infer<typeof adminAuditLogQuerySchema>;

export const auditLogEntrySchema = z.object({
  _id: z.string(),
  created: isoDateTimeSchema,
  /** Null once the account is deleted, or for the system. */
  actor: z.object({ _id: z.string(), fullname: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  /** The wire shape before the write (null for a creation). */
  before: z.unknown(),
  /** The wire shape after the write (null for a deletion). */
  after: z.unknown(),
  ip: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogPageSchema = pageOf(auditLogEntrySchema);
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

const ADMIN_TAGS = ['admin'] as const;
const GUARD = ['UNAUTHORIZED', 'SESSION_EXPIRED', 'FORBIDDEN'] as const;

/** Admin only: a Producer gets 403, like a Viewer on every /admin route. */
export const adminAuditEndpoints = defineEndpoints('admin', {
  listAuditLog: {
    method: 'GET',
    path: '/admin/audit-log',
    summary:
      'Bitácora de cambios del organizador, la más reciente primero, por páginas (solo Admin)',
    tags: ADMIN_TAGS,
    query: adminAuditLogQuerySchema,
    response: auditLogPageSchema,
    status: 200,
    errors: [...GUARD, 'VALIDATION_ERROR'],
  },
} as const satisfies Record<string, EndpointDefinition>);
