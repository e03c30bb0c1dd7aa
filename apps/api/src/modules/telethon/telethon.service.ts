import { createHmac, randomUUID } from 'node:crypto';
import { TELETHON_CODES_SENT_MESSAGE } from '@taquilla/contract';
import type { SendTelethonCodesResult, TelethonCodes } from '@taquilla/contract';
import { maskTicketCode } from '@taquilla/domain';
import type { Db } from '../../infra/db.ts';
import type { Mailer } from '../mail/mail.types.ts';
import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit.ts';
import { findTelethonCodesByDpi } from './telethon.repo.ts';
import type { TelethonCodeRow } from './telethon.repo.ts';

/**
 * A DPI is 13 digits and its owner's codes are worth a guess: each address
 * may look up this many in a window. A donor checks once or twice.
 */
export const DPI_LOOKUPS: RateLimitRule = { limit: 10, windowSeconds: 600 };
/** "Enviarme mis códigos" per address: a donor asks once, maybe again later. */
export const CODE_MAILS_PER_ADDRESS: RateLimitRule = { limit: 5, windowSeconds: 3600 };
/** …and per DPI, from any address: nobody floods a buyer's inbox. */
export const CODE_MAILS_PER_DPI: RateLimitRule = { limit: 3, windowSeconds: 3600 };

/** More codes than one donor buys; the answer's `total` still counts them all. */
const MAX_CODES = 200;

interface Caller {
  ip: string;
  /** The signed-in account, if any. */
  userId: string | null;
}

/**
 * The telethon page's lookup of codes by national ID (002 §2.8, §7;
 * docs/decisions/0038, 0060). The answer names codes and their shows only:
 * whoever types a DPI learns nothing of the buyer, the order or what was paid,
 * and only the signed-in buyer sees a code whole. Everyone else may have the
 * whole codes e-mailed to the order's address.
 */
export function createTelethonService(deps: {
  db: Db;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  mailer: Mailer;
  /** The site's address, no trailing slash: the e-mail's activation links. */
  publicUrl: string;
  /** Keys the per-DPI budget, so Redis never holds a DPI (nor a plain hash of one). */
  limitKeySecret: string;
}) {
  const dpiKey = (dpi: string) =>
    createHmac('sha256', deps.limitKeySecret).update(dpi).digest('hex').slice(0, 32);

  return {
    /** GET /cart/orders/teleton/?dpi=&show_uid= */
    async codesByDpi(
      query: { dpi: string; show_uid?: string | undefined },
      caller: Caller,
    ): Promise<TelethonCodes> {
      await deps.rateLimiter.consume([{ key: `dpi:ip:${caller.ip}`, rule: DPI_LOOKUPS }]);
      const rows = await findTelethonCodesByDpi(deps.db, {
        dpi: query.dpi,
        showId: query.show_uid ?? null,
        userId: caller.userId,
        take: MAX_CODES,
      });
      return {
        total: rows[0]?.total ?? 0,
        items: rows.map((row) => ({
          code: row.is_buyer ? row.code : maskTicketCode(row.code),
          masked: !row.is_buyer,
          show_uid: row.show_id,
          show_name: row.show_name,
          ticket_name: row.ticket_name,
          activated: row.activated,
        })),
      };
    },

    /**
     * POST /cart/orders/teleton/send: one e-mail to each order's address with
     * that order's codes. The same answer whether or not anything was sent.
     */
    async sendCodes(
      body: { dpi: string; show_uid?: string | undefined },
      caller: Pick<Caller, 'ip'>,
    ): Promise<SendTelethonCodesResult> {
      await deps.rateLimiter.consume([
        { key: `dpi-mail:ip:${caller.ip}`, rule: CODE_MAILS_PER_ADDRESS },
        { key: `dpi-mail:dpi:${dpiKey(body.dpi)}`, rule: CODE_MAILS_PER_DPI },
      ]);
      const rows = await findTelethonCodesByDpi(deps.db, {
        dpi: body.dpi,
        showId: body.show_uid ?? null,
        userId: null,
        take: MAX_CODES,
      });
      for (const [to, codes] of byEmail(rows)) {
        await deps.mailer.send({
          template: 'telethon-codes',
          to,
          // Each request mails anew (a first send's key would swallow a second).
          key: `telethon-codes-${randomUUID()}`,
          data: {
            activateUrl: `${deps.publicUrl}/activate`,
            codes: codes.map((row) => ({
              code: row.code,
              showName: row.show_name,
              ticketName: row.ticket_name,
              activated: row.activated,
            })),
          },
        });
      }
      return { message: TELETHON_CODES_SENT_MESSAGE };
    },
  };
}

/** The codes grouped by the e-mail their order was bought with (case aside). */
function byEmail(rows: TelethonCodeRow[]): Map<string, TelethonCodeRow[]> {
  const groups = new Map<string, TelethonCodeRow[]>();
  for (const row of rows) {
    const to = row.email.trim().toLowerCase();
    groups.set(to, [...(groups.get(to) ?? []), row]);
  }
  return groups;
}

export type TelethonService = ReturnType<typeof createTelethonService>;
