import {
  ADMIN_SHOW_PAGE_SIZE_DEFAULT,
  showSettingsSchema,
  showSettingsWriteSchema,
} from '@taquilla/contract';
import type {
  AdminShow,
  AdminShowCreate,
  Landing,
  AdminShowListQuery,
  AdminShowPage,
  AdminShowPatch,
  ShowStatus,
} from '@taquilla/contract';
import { AppError, invalidField } from '../../../errors.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import type { Tx } from '../../../infra/db.ts';
import type { RedirectTargets } from '../../../plugins/redirect-targets.ts';
import { toShowResponse } from '../../shows/shows.mapper.ts';
import { ownShow, showScope } from '../shared/admin.access.ts';
import type { AdminContext } from '../shared/admin.access.ts';
import { writeCatalogue } from '../shared/admin.write.ts';
import type { AdminDeps } from '../shared/admin.write.ts';
import { recordAudit } from '../shared/audit.repo.ts';
import {
  countChildren,
  countOrderItemsOfShow,
  createShow,
  deleteShow,
  findShowInScope,
  isPathTaken,
  listShowsInScope,
  lockShow,
  producerExists,
  updateShow,
} from '../shared/admin-shows.repo.ts';
import {
  deleteDeadCartItemsOfShow,
  hasLiveHoldsOnShow,
} from '../../inventory/inventory.withdraw.ts';

/** Wire fields → columns; only the fields present are written. */
function showColumns(body: Partial<Omit<AdminShowCreate, 'producer' | 'settings'>>) {
  const data: Prisma.ShowUncheckedUpdateInput = {};
  if (body.fullname !== undefined) data.fullname = body.fullname;
  if (body.subtitle !== undefined) data.subtitle = body.subtitle;
  if (body.description !== undefined) data.description = body.description;
  if (body.description2 !== undefined) data.description2 = body.description2;
  if (body.important_info !== undefined) data.importantInfo = body.important_info;
  if (body.main_image !== undefined) data.mainImage = body.main_image;
  if (body.show_date !== undefined) data.showDate = new Date(body.show_date);
  if (body.timezone !== undefined) data.timezone = body.timezone;
  if (body.country !== undefined) data.country = body.country;
  if (body.venue !== undefined) data.venue = body.venue;
  if (body.venue_address !== undefined) data.venueAddress = body.venue_address;
  if (body.type !== undefined) data.type = body.type;
  if (body.status !== undefined) data.status = body.status;
  if (body.paid !== undefined) data.paid = body.paid;
  if (body.parent_show_uid !== undefined) data.parentShowId = body.parent_show_uid;
  if (body.tags !== undefined) data.tags = body.tags;
  if (body.genre !== undefined) data.genre = body.genre;
  if (body.icon !== undefined) data.icon = body.icon;
  if (body.video_url !== undefined) data.videoUrl = body.video_url;
  if (body.path !== undefined) data.path = body.path;
  if (body.billboard !== undefined) data.billboard = body.billboard;
  if (body.visible !== undefined) data.visible = body.visible;
  return data;
}

/**
 * PATCH settings: the given keys replace the stored ones, `null` removes a
 * key, and the result must be valid settings with no unknown key.
 */
function mergeSettings(stored: unknown, patch: Record<string, unknown>): Prisma.InputJsonValue {
  const merged: Record<string, unknown> = {
    ...(stored && typeof stored === 'object' && !Array.isArray(stored) ? stored : {}),
  };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  const result = showSettingsWriteSchema.safeParse(merged);
  if (!result.success) {
    throw new AppError('VALIDATION_ERROR', {
      fields: result.error.issues.map((issue) => ({
        field: ['settings', ...issue.path, ...('keys' in issue ? [issue.keys.join(',')] : [])]
          .map(String)
          .join('.'),
        message: issue.message,
      })),
    });
  }
  return result.data as Prisma.InputJsonValue;
}

/**
 * A show's page offers bank deposit only with a quick-buy link to send the buyer to
 * (000 §2; `availablePaymentMethods`). A show with deposit on and no link of its own
 * gets its quick-buy page, `/shows/{id}/quicklink`, so the switch alone works.
 */
function withQuickbuyLink(settings: Prisma.InputJsonValue, showId: string): Prisma.InputJsonValue {
  const stored = settings as Record<string, unknown>;
  const link = stored.quickbuy_link;
  if (stored.deposit !== true || (typeof link === 'string' && link.trim() !== '')) return settings;
  return { ...stored, quickbuy_link: `/shows/${showId}/quicklink` } as Prisma.InputJsonValue;
}

/**
 * A page's download files are reached through a redirect, which goes only to
 * this site or its storage (decision 0066): anything else is refused when the
 * organiser saves, naming the field, rather than on a buyer's click.
 */
function checkDownloadFiles(settings: Prisma.InputJsonValue, targets: RedirectTargets): void {
  const landing = (settings as { landing?: Landing }).landing;
  const files = [
    ...(landing?.downloads ?? []).map((entry, index) => [`downloads.${index}`, entry] as const),
    ...(landing?.zip ? [['zip', landing.zip] as const] : []),
  ];
  for (const [field, entry] of files) {
    if (!targets.isAllowed(entry.file)) {
      throw invalidField(
        `settings.landing.${field}.file`,
        'El archivo debe estar en este sitio (/storage/…, /media/…) o en su almacenamiento',
      );
    }
  }
}

export function createAdminShowsService(deps: AdminDeps & { downloadTargets: RedirectTargets }) {
  const { db, clock } = deps;

  /** The producer a new show belongs to: an admin names it, a producer's own is implied. */
  async function producerFor(ctx: AdminContext, requested: string | undefined): Promise<string> {
    if (ctx.actor.role === 'Producer') {
      if (requested !== undefined && requested !== ctx.actor.producerId) {
        throw invalidField('producer', 'Solo puedes crear eventos de tu productora');
      }
      return ctx.actor.producerId;
    }
    if (!requested) throw invalidField('producer', 'Indica la productora del evento');
    if (!(await producerExists(db, requested))) {
      throw invalidField('producer', 'Productora desconocida');
    }
    return requested;
  }

  /** A child date hangs from a top-level show of the same producer, never from itself. */
  async function checkParent(
    tx: Tx,
    ctx: AdminContext,
    parentId: string,
    show: { id?: string; producerId: string },
  ): Promise<void> {
    const parent = await findShowInScope(tx, showScope(ctx.actor), parentId);
    if (!parent || parent.id === show.id || parent.producerId !== show.producerId) {
      throw invalidField('parent_show_uid', 'Evento padre desconocido');
    }
    if (parent.parentShowId !== null) {
      throw invalidField('parent_show_uid', 'Una fecha no puede tener fechas propias');
    }
    if (show.id && (await countChildren(tx, show.id)) > 0) {
      throw invalidField('parent_show_uid', 'Un evento con fechas no puede ser fecha de otro');
    }
  }

  async function checkPath(tx: Tx, path: string | null | undefined, exceptId?: string) {
    if (path && (await isPathTaken(tx, path, exceptId))) throw new AppError('SHOW_PATH_TAKEN');
  }

  /** Runs a write; a unique-path race that slipped past the check is still a 409. */
  const write = <T>(work: (tx: Tx) => Promise<T>) =>
    writeCatalogue(deps, work, { uniqueViolation: 'SHOW_PATH_TAKEN' });

  return {
    async list(ctx: AdminContext, query: AdminShowListQuery): Promise<AdminShowPage> {
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? ADMIN_SHOW_PAGE_SIZE_DEFAULT;
      const { rows, total } = await listShowsInScope(
        db,
        showScope(ctx.actor),
        {
          ...(query.status ? { statuses: query.status } : {}),
          ...(query.q ? { q: query.q } : {}),
          ...(query.producer ? { producerId: query.producer } : {}),
          ...(query.parent ? { parentId: query.parent } : {}),
        },
        { skip: (page - 1) * pageSize, take: pageSize },
      );
      return { items: rows.map(toShowResponse), total, page, page_size: pageSize };
    },

    async get(ctx: AdminContext, id: string): Promise<AdminShow> {
      return toShowResponse(await ownShow(db, ctx, id));
    },

    async create(ctx: AdminContext, body: AdminShowCreate): Promise<AdminShow> {
      const producerId = await producerFor(ctx, body.producer);
      return write(async (tx) => {
        if (body.parent_show_uid) await checkParent(tx, ctx, body.parent_show_uid, { producerId });
        await checkPath(tx, body.path);
        const settings = showSettingsSchema.parse(body.settings ?? {}) as Prisma.InputJsonValue;
        checkDownloadFiles(settings, deps.downloadTargets);
        const created = await createShow(tx, {
          ...(showColumns(body) as Prisma.ShowUncheckedCreateInput),
          producerId,
          settings,
        });
        const linked = withQuickbuyLink(settings, created.id);
        const row =
          linked === settings ? created : await updateShow(tx, created.id, { settings: linked });
        const after = toShowResponse(row);
        await recordShowAudit(tx, ctx, 'show.create', row.id, null, after);
        return after;
      });
    },

    async update(ctx: AdminContext, id: string, body: AdminShowPatch): Promise<AdminShow> {
      return write(async (tx) => {
        await lockShow(tx, id);
        const current = await ownShow(tx, ctx, id);
        if (body.parent_show_uid) {
          await checkParent(tx, ctx, body.parent_show_uid, current);
        }
        await checkPath(tx, body.path, id);
        const data = showColumns(body);
        if (body.settings !== undefined) {
          const settings = mergeSettings(current.settings, body.settings);
          checkDownloadFiles(settings, deps.downloadTargets);
          data.settings = withQuickbuyLink(settings, id);
        }
        const row = await updateShow(tx, id, data);
        const after = toShowResponse(row);
        await recordShowAudit(tx, ctx, 'show.update', id, toShowResponse(current), after);
        return after;
      });
    },

    async setStatus(ctx: AdminContext, id: string, status: ShowStatus): Promise<AdminShow> {
      return write(async (tx) => {
        await lockShow(tx, id);
        const current = await ownShow(tx, ctx, id);
        const row = await updateShow(tx, id, { status });
        const after = toShowResponse(row);
        await recordShowAudit(tx, ctx, 'show.status', id, toShowResponse(current), after);
        return after;
      });
    },

    /**
     * Refused while the show has child dates, order lines (any status: they
     * are the record of a sale) or live holds; expired cart lines are removed.
     */
    async remove(ctx: AdminContext, id: string): Promise<AdminShow> {
      return write(async (tx) => {
        await lockShow(tx, id);
        const current = await ownShow(tx, ctx, id);
        if ((await countChildren(tx, id)) > 0) throw new AppError('SHOW_HAS_DATES');
        if ((await countOrderItemsOfShow(tx, id)) > 0) throw new AppError('SHOW_HAS_ORDERS');
        if (await hasLiveHoldsOnShow(tx, id, clock())) throw new AppError('INVENTORY_HELD');
        await deleteDeadCartItemsOfShow(tx, id);
        await deleteShow(tx, id);
        const before = toShowResponse(current);
        await recordShowAudit(tx, ctx, 'show.delete', id, before, null);
        return before;
      });
    },
  };
}

function recordShowAudit(
  tx: Tx,
  ctx: AdminContext,
  action: string,
  id: string,
  before: AdminShow | null,
  after: AdminShow | null,
) {
  return recordAudit(tx, ctx, {
    action,
    entityType: 'show',
    entityId: id,
    before: before as Prisma.InputJsonValue | null,
    after: after as Prisma.InputJsonValue | null,
  });
}

export type AdminShowsService = ReturnType<typeof createAdminShowsService>;
