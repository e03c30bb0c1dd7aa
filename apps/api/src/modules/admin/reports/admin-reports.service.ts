import type { AdminSalesReportQuery, SalesReport } from '@taquilla/contract';
import { toZonedDateTime } from '@taquilla/domain';
import type { Db } from '../../../infra/db.ts';
import { ownShow } from '../shared/admin.access.ts';
import type { AdminContext } from '../shared/admin.access.ts';
import { toSalesCsv, toSalesReport } from './admin-reports.mapper.ts';
import { findChildDates, readSalesLines, readSalesReport } from './admin-reports.repo.ts';
import { slugFromName } from '../accounts/admin-users.service.ts';
import { invalidField } from '../../../errors.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Sales reports (decision 0030). Only APPROVED orders are sales; a show's
 * report takes in its child dates, or only the one `date_uid` names.
 */
export function createAdminReportsService(deps: { db: Db; clock: () => Date }) {
  const { db, clock } = deps;

  /** The show (404 outside the caller's scope), its dates and the shows whose lines count. */
  async function scopeOf(ctx: AdminContext, id: string, dateUid: string | undefined) {
    const show = await ownShow(db, ctx, id);
    const dates = await findChildDates(db, show.id);
    if (dateUid !== undefined && !dates.some((date) => date.id === dateUid)) {
      throw invalidField('date_uid', 'No es una función de este evento');
    }
    return {
      show,
      dates,
      showIds: dateUid !== undefined ? [dateUid] : [show.id, ...dates.map((date) => date.id)],
      // A date sells its parent's tickets.
      ownerId: show.parentShowId ?? show.id,
    };
  }

  return {
    /** GET /admin/reports/shows/{id}/sales */
    async sales(ctx: AdminContext, id: string, query: AdminSalesReportQuery): Promise<SalesReport> {
      const scope = await scopeOf(ctx, id, query.date_uid);
      const now = clock();
      const rows = await readSalesReport(db, {
        ownerId: scope.ownerId,
        showIds: scope.showIds,
        now,
      });
      return toSalesReport({
        show: scope.show,
        dates: scope.dates,
        dateUid: query.date_uid ?? null,
        now,
        rows,
      });
    },

    /** `?format=csv`: every sold line, named `ventas-<show>-<today in Guatemala>.csv`. */
    async salesCsv(
      ctx: AdminContext,
      id: string,
      query: AdminSalesReportQuery,
    ): Promise<{ filename: string; body: string }> {
      const scope = await scopeOf(ctx, id, query.date_uid);
      const today = toZonedDateTime(clock());
      const date = `${today.year}-${pad(today.month)}-${pad(today.day)}`;
      const lines = await readSalesLines(db, scope.showIds);
      return {
        filename: `ventas-${slugFromName(scope.show.fullname)}-${date}.csv`,
        body: toSalesCsv(lines),
      };
    },
  };
}

export type AdminReportsService = ReturnType<typeof createAdminReportsService>;
