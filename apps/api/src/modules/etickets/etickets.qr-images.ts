import { AppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit.ts';
import { drawTicketQr } from '../qr/ticket-qr.ts';
import { isIssuedCode } from './etickets.repo.ts';

/**
 * Drawings per address and minute (decision 0050): the budget caps the CPU one
 * script can spend on drawing. A ticket page shows a handful and caches them
 * for a year.
 */
export const QR_DRAWINGS: RateLimitRule = { limit: 300, windowSeconds: 60 };

/**
 * Codes nobody was issued, per address (decision 0055). A 404 tells a guessed
 * code from an issued one, and a code is an admission, so guessing gets the
 * budget of the other code checks; a ticket page only asks for its own codes
 * and never spends it.
 */
export const QR_UNKNOWN_CODES: RateLimitRule = { limit: 10, windowSeconds: 600 };

/** GET /etickets/qr/{code}: the PNG of an issued code; 404 TICKET_CODE_NOT_FOUND otherwise. */
export function createTicketQrImages(deps: {
  db: Db;
  rateLimiter: Pick<RateLimiter, 'check' | 'consume'>;
}) {
  const { db, rateLimiter } = deps;
  return {
    async draw(ip: string, code: string, color: string | undefined): Promise<Buffer> {
      const unknown = [{ key: `qr-unknown:ip:${ip}`, rule: QR_UNKNOWN_CODES }];
      await rateLimiter.consume([{ key: `qr:ip:${ip}`, rule: QR_DRAWINGS }]);
      await rateLimiter.check(unknown);
      if (!(await isIssuedCode(db, code))) {
        await rateLimiter.consume(unknown);
        throw new AppError('TICKET_CODE_NOT_FOUND');
      }
      return drawTicketQr(code, color);
    },
  };
}

export type TicketQrImages = ReturnType<typeof createTicketQrImages>;
