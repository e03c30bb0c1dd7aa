import { AUDIT_LOG_PAGE_SIZE_DEFAULT } from '@taquilla/contract';
import type { AdminAuditLogQuery, AuditLogEntry, AuditLogPage } from '@taquilla/contract';
import type { Db } from '../../../infra/db.ts';
import type { AdminContext } from '../shared/admin.access.ts';
import { dateBound } from '../shared/admin.date-bounds.ts';
import { findAuditPage } from './admin-audit.repo.ts';
import type { AuditLogFilter, AuditLogRow } from './admin-audit.repo.ts';
import { assertAdmin } from '../accounts/admin-users.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function filterOf(query: AdminAuditLogQuery): AuditLogFilter {
  return {
    ...(query.entity_type ? { entityType: query.entity_type } : {}),
    ...(query.entity_id ? { entityId: query.entity_id } : {}),
    ...(query.action ? { action: query.action } : {}),
    ...(query.actor
      ? UUID.test(query.actor)
        ? { actorId: query.actor.toLowerCase() }
        : { actorText: query.actor }
      : {}),
    ...(query.from ? { from: dateBound(query.from, 'from') } : {}),
    ...(query.to ? { before: dateBound(query.to, 'to') } : {}),
  };
}

function toEntry(row: AuditLogRow): AuditLogEntry {
  return {
    _id: row.id,
    created: row.createdAt.toISOString(),
    actor: row.actor
      ? { _id: row.actor.id, fullname: row.actor.fullname, email: row.actor.email }
      : null,
    action: row.action,
    entity_type: row.entityType,
    entity_id: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
  };
}

/** The audit log (decision 0030): admins read every organiser write, newest first. */
export function createAdminAuditService(deps: { db: Db }) {
  return {
    /** GET /admin/audit-log */
    async list(ctx: AdminContext, query: AdminAuditLogQuery): Promise<AuditLogPage> {
      assertAdmin(ctx);
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? AUDIT_LOG_PAGE_SIZE_DEFAULT;
      const { total, rows } = await findAuditPage(deps.db, filterOf(query), {
        skip: (page - 1) * pageSize,
        take: pageSize,
      });
      return { items: rows.map(toEntry), total, page, page_size: pageSize };
    },
  };
}

export type AdminAuditService = ReturnType<typeof createAdminAuditService>;
