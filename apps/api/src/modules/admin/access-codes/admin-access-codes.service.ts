import { randomBytes } from 'node:crypto';
import {
  ACCESS_CODE_CSV_MAX,
  ACCESS_CODE_PAGE_SIZE_DEFAULT,
  showSettingsSchema,
} from '@taquilla/contract';
import type {
  AdminAccessCode,
  AdminAccessCodeCreate,
  AdminAccessCodeListQuery,
  AdminAccessCodePage,
} from '@taquilla/contract';
import { generateAccessCode, isCodeMode, watchModeOf } from '@taquilla/domain';
import { AppError, invalidField } from '../../../errors.ts';
import type { Db, Tx } from '../../../infra/db.ts';
import { showScope } from '../shared/admin.access.ts';
import type { AdminContext } from '../shared/admin.access.ts';
import { toAccessCodeCsv, toAdminAccessCode } from './admin-access-codes.mapper.ts';
import {
  countAccessCodes,
  findShowForAccessCodes,
  firstUseOfCodes,
  insertAccessCodes,
  listAccessCodes,
} from './admin-access-codes.repo.ts';
import { lockShow } from '../shared/admin-shows.repo.ts';
import { recordAudit } from '../shared/audit.repo.ts';

/**
 * 31^8 codes: a batch of thousands on a show with thousands more collides
 * rarely, and each round draws only what the last one missed. Past this many
 * rounds the random source is broken, not unlucky.
 */
const MAX_DRAW_ROUNDS = 20;

export function createAdminAccessCodesService(deps: { db: Db; clock: () => Date }) {
  const { db, clock } = deps;

  /** A show of the caller's (404 otherwise, as for every organiser id). */
  async function ownShow(tx: Db | Tx, ctx: AdminContext, id: string) {
    const show = await findShowForAccessCodes(tx, showScope(ctx.actor), id);
    if (!show) throw new AppError('SHOW_NOT_FOUND');
    return show;
  }

  return {
    /**
     * POST /admin/shows/{id}/access-codes: `quantity` new codes, unique within the
     * show (its unique index decides), for a no-login or password show only. One
     * transaction with its audit row (the batch's size and expiry, not the codes).
     */
    async create(
      ctx: AdminContext,
      id: string,
      body: AdminAccessCodeCreate,
    ): Promise<{ items: AdminAccessCode[] }> {
      const now = clock();
      const expiresOn = body.expires_on === null ? null : new Date(body.expires_on);
      if (expiresOn !== null && expiresOn <= now) {
        throw invalidField('expires_on', 'La fecha de vencimiento debe ser futura');
      }
      const rows = await db.$transaction(
        async (tx) => {
          const show = await ownShow(tx, ctx, id);
          const settings = showSettingsSchema.parse(show.settings ?? {});
          if (!isCodeMode(watchModeOf({ paid: show.paid, settings }))) {
            throw new AppError('ACCESS_CODES_NOT_APPLICABLE');
          }
          await lockShow(tx, show.id);
          const created: Awaited<ReturnType<typeof insertAccessCodes>> = [];
          for (let round = 0; created.length < body.quantity; round += 1) {
            if (round === MAX_DRAW_ROUNDS) throw new Error('access codes kept colliding');
            const drawn = new Set<string>();
            while (drawn.size < body.quantity - created.length) {
              drawn.add(generateAccessCode(randomBytes));
            }
            created.push(...(await insertAccessCodes(tx, show.id, [...drawn], expiresOn)));
          }
          await recordAudit(tx, ctx, {
            action: 'access_code.create',
            entityType: 'show',
            entityId: show.id,
            before: null,
            after: { quantity: created.length, expires_on: expiresOn?.toISOString() ?? null },
          });
          return created;
        },
        { timeout: 30_000 },
      );
      return { items: rows.map((row) => toAdminAccessCode(row, now)) };
    },

    /** GET /admin/shows/{id}/access-codes: one page, newest first, with the total. */
    async list(
      ctx: AdminContext,
      id: string,
      query: AdminAccessCodeListQuery,
    ): Promise<AdminAccessCodePage> {
      const show = await ownShow(db, ctx, id);
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? ACCESS_CODE_PAGE_SIZE_DEFAULT;
      const [total, rows] = await Promise.all([
        countAccessCodes(db, show.id),
        listAccessCodes(db, show.id, { skip: (page - 1) * pageSize, take: pageSize }),
      ]);
      const used = await firstUseOfCodes(
        db,
        show.id,
        rows.map((row) => row.code),
      );
      const now = clock();
      return {
        items: rows.map((row) => toAdminAccessCode(row, now, used.get(row.code) ?? null)),
        total,
        page,
        page_size: pageSize,
      };
    },

    /** `?format=csv`: every code of the show (up to ACCESS_CODE_CSV_MAX), newest first, with its first use. */
    async csv(ctx: AdminContext, id: string): Promise<{ filename: string; body: string }> {
      const show = await ownShow(db, ctx, id);
      const [rows, used] = await Promise.all([
        listAccessCodes(db, show.id, { skip: 0, take: ACCESS_CODE_CSV_MAX }),
        firstUseOfCodes(db, show.id),
      ]);
      const now = clock();
      return {
        filename: `codigos-de-acceso-${show.id}.csv`,
        body: toAccessCodeCsv(
          rows.map((row) => toAdminAccessCode(row, now, used.get(row.code) ?? null)),
        ),
      };
    },
  };
}

export type AdminAccessCodesService = ReturnType<typeof createAdminAccessCodesService>;
