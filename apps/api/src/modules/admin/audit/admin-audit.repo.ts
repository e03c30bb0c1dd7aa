import type { Prisma } from '../../../generated/prisma/client.ts';
import type { Db } from '../../../infra/db.ts';

export interface AuditLogFilter {
  entityType?: string;
  entityId?: string;
  /** Exact, or every action of an entity when it has no dot (`show` → `show.…`). */
  action?: string;
  actorId?: string;
  /** Part of the actor's e-mail or name, any case. */
  actorText?: string;
  from?: Date;
  /** Exclusive. */
  before?: Date;
}

function auditWhere(filter: AuditLogFilter): Prisma.AuditLogWhereInput {
  const and: Prisma.AuditLogWhereInput[] = [];
  if (filter.entityType) and.push({ entityType: filter.entityType });
  if (filter.entityId) and.push({ entityId: filter.entityId });
  if (filter.action) {
    and.push(
      filter.action.includes('.')
        ? { action: filter.action }
        : { OR: [{ action: filter.action }, { action: { startsWith: `${filter.action}.` } }] },
    );
  }
  if (filter.actorId) and.push({ actorUserId: filter.actorId });
  if (filter.actorText) {
    and.push({
      actor: {
        OR: [
          { email: { contains: filter.actorText, mode: 'insensitive' } },
          { fullname: { contains: filter.actorText, mode: 'insensitive' } },
        ],
      },
    });
  }
  if (filter.from || filter.before) {
    and.push({
      createdAt: {
        ...(filter.from ? { gte: filter.from } : {}),
        ...(filter.before ? { lt: filter.before } : {}),
      },
    });
  }
  return { AND: and };
}

const AUDIT_INCLUDE = {
  actor: { select: { id: true, fullname: true, email: true } },
} as const satisfies Prisma.AuditLogInclude;
export type AuditLogRow = Prisma.AuditLogGetPayload<{ include: typeof AUDIT_INCLUDE }>;

/** One page of entries, newest first, and how many match. */
export async function findAuditPage(
  db: Db,
  filter: AuditLogFilter,
  page: { skip: number; take: number },
): Promise<{ total: number; rows: AuditLogRow[] }> {
  const where = auditWhere(filter);
  const [total, rows] = await db.$transaction([
    db.auditLog.count({ where }),
    db.auditLog.findMany({
      where,
      include: AUDIT_INCLUDE,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: page.skip,
      take: page.take,
    }),
  ]);
  return { total, rows };
}
