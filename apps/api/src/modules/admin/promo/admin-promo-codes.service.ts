import { ADMIN_PROMO_PAGE_SIZE_DEFAULT, promoDiscountValueIssue } from '@taquilla/contract';
import type {
  AdminPromoCode,
  AdminPromoCodeCreate,
  AdminPromoCodeListQuery,
  AdminPromoCodePage,
  AdminPromoCodePatch,
} from '@taquilla/contract';
import { AppError, invalidField, isUniqueViolation } from '../../../errors.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import type { Db, Tx } from '../../../infra/db.ts';
import { showScope } from '../shared/admin.access.ts';
import type { AdminContext } from '../shared/admin.access.ts';
import { producerExists } from '../shared/admin-shows.repo.ts';
import { discountColumn, toAdminPromoCode } from './admin-promo-codes.mapper.ts';
import type { PromoCodeRow } from './admin-promo-codes.mapper.ts';
import {
  countApplications,
  createPromoCode,
  findPromoCodeInScope,
  findShowForFilter,
  listPromoCodesInScope,
  lockPromoCode,
  lockShowsOfProducer,
  promoCodeScope,
  updatePromoCode,
} from './admin-promo-codes.repo.ts';
import { recordAudit } from '../shared/audit.repo.ts';

const optionalDate = (value: string | null | undefined) => (value ? new Date(value) : null);

export function createAdminPromoCodesService(deps: { db: Db }) {
  const { db } = deps;

  async function ownCode(tx: Db | Tx, ctx: AdminContext, id: string): Promise<PromoCodeRow> {
    const row = await findPromoCodeInScope(tx, promoCodeScope(ctx.actor), id);
    if (!row) throw new AppError('PROMO_CODE_NOT_FOUND');
    return row;
  }

  /** The producer a new code belongs to: an admin names it, a producer's own is implied. */
  async function producerFor(ctx: AdminContext, requested: string | undefined): Promise<string> {
    if (ctx.actor.role === 'Producer') {
      if (requested !== undefined && requested !== ctx.actor.producerId) {
        throw invalidField('producer', 'Solo puedes crear códigos de tu productora');
      }
      return ctx.actor.producerId;
    }
    if (!requested) throw invalidField('producer', 'Indica la productora del código');
    if (!(await producerExists(db, requested))) {
      throw invalidField('producer', 'Productora desconocida');
    }
    return requested;
  }

  /** Every show named must be a show of the code's producer (422 naming the first that is not). */
  async function checkShows(tx: Tx, producerId: string, ids: string[]): Promise<void> {
    const own = await lockShowsOfProducer(tx, producerId, ids);
    ids.forEach((id, index) => {
      if (!own.has(id.toLowerCase())) {
        throw invalidField(`show_uids.${index}`, 'No es un evento de la productora del código');
      }
    });
  }

  /**
   * The code is unique across the platform: the unique index decides, so two
   * requests at once cannot both take it (the loser's transaction, audit row
   * included, rolls back). Nothing else in these writes is unique: show_uids
   * are deduplicated by the contract.
   */
  async function write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.$transaction(work);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('PROMO_CODE_TAKEN', { cause: err });
      throw err;
    }
  }

  const audit = (
    tx: Tx,
    ctx: AdminContext,
    action: string,
    id: string,
    before: AdminPromoCode | null,
    after: AdminPromoCode,
  ) =>
    recordAudit(tx, ctx, {
      action,
      entityType: 'promo_code',
      entityId: id,
      before: before as Prisma.InputJsonValue | null,
      after: after as Prisma.InputJsonValue,
    });

  /** Rules a PATCH can only judge against the stored code (under its row lock). */
  async function checkPatch(tx: Tx, current: PromoCodeRow, body: AdminPromoCodePatch) {
    const type = body.discount_type ?? current.discountType;
    if (body.discount_type !== undefined && body.discount_type !== current.discountType) {
      if (body.discount_value === undefined) {
        throw invalidField('discount_value', 'Indica el valor del descuento para el nuevo tipo');
      }
    }
    if (body.discount_value !== undefined) {
      const issue = promoDiscountValueIssue(type, body.discount_value);
      if (issue) throw invalidField('discount_value', issue);
    }
    const since =
      body.valid_since !== undefined ? optionalDate(body.valid_since) : current.validSince;
    const thru = body.valid_thru !== undefined ? optionalDate(body.valid_thru) : current.validThru;
    if (since && thru && thru <= since) {
      throw invalidField('valid_thru', 'El fin de la vigencia debe ser posterior a su inicio');
    }
    if (
      body.usage_limit !== undefined &&
      body.usage_limit !== null &&
      body.usage_limit < current.usedCount
    ) {
      throw invalidField(
        'usage_limit',
        `Ya se usó ${current.usedCount} veces: el límite no puede ser menor`,
      );
    }
    if (body.code !== undefined && body.code !== current.code) {
      if (current.usedCount > 0 || (await countApplications(tx, current.id)) > 0) {
        throw invalidField(
          'code',
          'El código ya se aplicó a carritos u órdenes; no se puede cambiar (crea otro)',
        );
      }
    }
  }

  return {
    async list(ctx: AdminContext, query: AdminPromoCodeListQuery): Promise<AdminPromoCodePage> {
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? ADMIN_PROMO_PAGE_SIZE_DEFAULT;
      const empty = { items: [], total: 0, page, page_size: pageSize };
      let show;
      if (query.show_uid) {
        show = await findShowForFilter(db, showScope(ctx.actor), query.show_uid);
        if (!show) return empty;
      }
      const { rows, total } = await listPromoCodesInScope(
        db,
        promoCodeScope(ctx.actor),
        {
          ...(query.q ? { q: query.q } : {}),
          ...(query.active !== undefined ? { active: query.active } : {}),
          ...(query.producer ? { producerId: query.producer } : {}),
          ...(show ? { show } : {}),
        },
        { offset: (page - 1) * pageSize, limit: pageSize },
      );
      return { items: rows.map(toAdminPromoCode), total, page, page_size: pageSize };
    },

    async get(ctx: AdminContext, id: string): Promise<AdminPromoCode> {
      return toAdminPromoCode(await ownCode(db, ctx, id));
    },

    async create(ctx: AdminContext, body: AdminPromoCodeCreate): Promise<AdminPromoCode> {
      const producerId = await producerFor(ctx, body.producer);
      return write(async (tx) => {
        await checkShows(tx, producerId, body.show_uids);
        const row = await createPromoCode(tx, {
          producerId,
          code: body.code,
          discountType: body.discount_type,
          discountValue: discountColumn(body.discount_type, body.discount_value),
          validSince: optionalDate(body.valid_since),
          validThru: optionalDate(body.valid_thru),
          usageLimit: body.usage_limit,
          active: body.active,
          shows: { create: body.show_uids.map((showId) => ({ showId })) },
        });
        const after = toAdminPromoCode(row);
        await audit(tx, ctx, 'promo_code.create', row.id, null, after);
        return after;
      });
    },

    /** show_uids, when given, replaces the list in the same transaction as the rest. */
    async update(
      ctx: AdminContext,
      id: string,
      body: AdminPromoCodePatch,
    ): Promise<AdminPromoCode> {
      return write(async (tx) => {
        await ownCode(tx, ctx, id);
        await lockPromoCode(tx, id);
        const current = await ownCode(tx, ctx, id);
        await checkPatch(tx, current, body);
        if (body.show_uids) await checkShows(tx, current.producerId, body.show_uids);
        const type = body.discount_type ?? current.discountType;
        const data: Prisma.PromoCodeUncheckedUpdateInput = {};
        if (body.code !== undefined) data.code = body.code;
        if (body.discount_type !== undefined) data.discountType = body.discount_type;
        if (body.discount_value !== undefined) {
          data.discountValue = discountColumn(type, body.discount_value);
        }
        if (body.valid_since !== undefined) data.validSince = optionalDate(body.valid_since);
        if (body.valid_thru !== undefined) data.validThru = optionalDate(body.valid_thru);
        if (body.usage_limit !== undefined) data.usageLimit = body.usage_limit;
        if (body.active !== undefined) data.active = body.active;
        if (body.show_uids) {
          data.shows = {
            deleteMany: {},
            create: body.show_uids.map((showId) => ({ showId })),
          };
        }
        const row = await updatePromoCode(tx, id, data);
        const after = toAdminPromoCode(row);
        await audit(tx, ctx, 'promo_code.update', id, toAdminPromoCode(current), after);
        return after;
      });
    },
  };
}

export type AdminPromoCodesService = ReturnType<typeof createAdminPromoCodesService>;
