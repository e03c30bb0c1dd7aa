import type { TelethonCodes } from '@taquilla/contract';
import type { Db } from '../../infra/db.ts';
import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit.ts';
import { findApprovedCodesByDpi } from './telethon.repo.ts';

/**
 * A DPI is 13 digits and its owner's codes are worth a guess: each address
 * may look up this many in a window. A donor checks once or twice.
 */
export const DPI_LOOKUPS: RateLimitRule = { limit: 10, windowSeconds: 600 };

/** More codes than one donor buys; the answer's `total` still counts them all. */
const MAX_CODES = 200;

/**
 * The telethon page's lookup of codes by national ID (002 §2.8, §7;
 * docs/decisions/0038-dpi-lookup-and-download-redeem.md). The answer names
 * codes and their shows only: whoever types a DPI learns nothing of the
 * buyer, the order or what was paid.
 */
export function createTelethonService(deps: { db: Db; rateLimiter: Pick<RateLimiter, 'consume'> }) {
  return {
    /** GET /cart/orders/teleton/?dpi= */
    async codesByDpi(dpi: string, caller: { ip: string }): Promise<TelethonCodes> {
      await deps.rateLimiter.consume([{ key: `dpi:ip:${caller.ip}`, rule: DPI_LOOKUPS }]);
      const rows = await findApprovedCodesByDpi(deps.db, dpi, MAX_CODES);
      return {
        total: rows[0]?.total ?? 0,
        items: rows.map((row) => ({
          code: row.code,
          show_uid: row.show_id,
          show_name: row.show_name,
          ticket_name: row.ticket_name,
          activated: row.activated,
        })),
      };
    },
  };
}

export type TelethonService = ReturnType<typeof createTelethonService>;
