import { MY_TICKETS_LIMIT } from '@taquilla/contract';
import type { ActivateCodeBody, ActivationResult, MyTickets, ViewerShow } from '@taquilla/contract';
import { AppError, isAppError, isUniqueViolation } from '../../errors.ts';
import type { Db, Tx } from '../../infra/db.ts';
import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit.ts';
import { grantedViewingOptions } from './activation.admission.ts';
import { toMyTicket, toViewerShow } from './activation.mapper.ts';
import {
  claimTicketCode,
  deleteRevokedViewerShow,
  findCodeForActivation,
  findViewerShow,
  findViewerShowOfCode,
  findViewerShowsWithShow,
  insertViewerShow,
} from './activation.repo.ts';

/**
 * Codes are six characters of 31 symbols: guessing one takes millions of tries,
 * and these budgets keep anyone far from that. Only refused attempts count, per
 * account and per address, so a person who mistypes twice is never in the way.
 */
export const ACTIVATION_FAILURES: RateLimitRule = { limit: 10, windowSeconds: 600 };

/** Who activates: the session's user and viewer, and the address the budgets are kept for. */
export interface ActivationCaller {
  userId: string;
  viewerId: string | null;
  ip: string;
}

/** The viewing options of the activation body (000 §3): livestream, replay, no meet & greet. */
export interface ViewingOptions {
  livestream: boolean;
  replay: boolean;
  meetngreet: boolean;
}

export const viewingOptionsOf = (body: Partial<ViewingOptions>): ViewingOptions => ({
  livestream: body.livestream ?? true,
  replay: body.replay ?? true,
  meetngreet: body.meetngreet ?? false,
});

/** Viewer ids in a path name the caller's own viewer or nobody (ARCHITECTURE §7): 403 first. */
export function assertOwnViewer(caller: ActivationCaller, viewerId: string): string {
  if (caller.viewerId === null || caller.viewerId !== viewerId) throw new AppError('FORBIDDEN');
  return caller.viewerId;
}

const alreadyActivated = (showId: string) => new AppError('ALREADY_ACTIVATED', { showUid: showId });

/**
 * Activates `code` for `viewerId` in the caller's transaction: the code is
 * claimed with one conditional update and the viewer-show written beside it, so
 * either both happen or neither does. A code of an order that is not APPROVED
 * does not exist for the buyer. Bought tickets never expire (`expires_on` null).
 */
export async function activateInTx(
  tx: Tx,
  input: { viewerId: string; code: string; options: ViewingOptions; now: Date },
): Promise<ActivationResult> {
  const code = await findCodeForActivation(tx, input.code);
  // Its order was cancelled or refunded: the code is kept, voided (decision 0029).
  if (code?.voidedAt) throw new AppError('TICKET_CODE_VOIDED');
  if (!code || code.order.status !== 'APPROVED') throw new AppError('TICKET_CODE_NOT_FOUND');
  const showId = code.orderItem.showId;
  const refuseTaken = async () => {
    const holder = await findViewerShowOfCode(tx, code.id);
    throw holder?.viewerId === input.viewerId
      ? alreadyActivated(holder.showId)
      : new AppError('CODE_ALREADY_USED');
  };
  if (code.activatedAt !== null) return refuseTaken();
  // An access whose code was voided (its order cancelled or refunded) is replaced by the
  // new code's; any other one means this viewer already holds the show (decision 0064).
  const held = await findViewerShow(tx, input.viewerId, showId);
  if (held && !(await deleteRevokedViewerShow(tx, held.id))) throw alreadyActivated(showId);
  if (!(await claimTicketCode(tx, code.id, input.now))) return refuseTaken();
  const options = await grantedViewingOptions(tx, code.id, input.options);
  try {
    const created = await insertViewerShow(tx, {
      viewerId: input.viewerId,
      showId,
      ticketCodeId: code.id,
      // The ticket's own name ("General", "VIP"), as the player shows it (001 §3 ticket.fullname).
      ticketFullname: code.orderItem.ticket.fullname,
      requestCode: code.code,
      code: code.code,
      expiresOn: null,
      ...options,
    });
    return { _id: created.id, show_uid: created.showId, livestream: created.livestream };
  } catch (err) {
    // The same account activating two codes of one show at once: one viewer-show per show.
    if (isUniqueViolation(err)) throw alreadyActivated(showId);
    throw err;
  }
}

export function createActivationService(deps: {
  db: Db;
  clock: () => Date;
  rateLimiter: Pick<RateLimiter, 'check' | 'consume'>;
}) {
  const { db, clock, rateLimiter } = deps;

  return {
    /** POST /viewers/viewers/{viewerId}/activate/{code} (000 §3, §8 Activation). */
    async activateCode(
      caller: ActivationCaller,
      viewerId: string,
      code: string,
      body: ActivateCodeBody,
    ): Promise<ActivationResult> {
      const ownViewerId = assertOwnViewer(caller, viewerId);
      const budgets = [
        { key: `activation:user:${caller.userId}`, rule: ACTIVATION_FAILURES },
        { key: `activation:ip:${caller.ip}`, rule: ACTIVATION_FAILURES },
      ];
      await rateLimiter.check(budgets);
      try {
        return await db.$transaction((tx) =>
          activateInTx(tx, {
            viewerId: ownViewerId,
            code,
            options: viewingOptionsOf(body),
            now: clock(),
          }),
        );
      } catch (err) {
        if (isAppError(err) && err.status < 500) await rateLimiter.consume(budgets);
        throw err;
      }
    },

    /**
     * GET /viewers/viewers/{viewerId}/shows ("Mis boletos", 002 §2.1 /user/shows): every
     * code the caller's own viewer activated, with its show, but those a cancel or refund
     * voided: the player refuses them (ACCESS_REVOKED, decision 0064), and the buyer's
     * order page lists no voided code either.
     */
    async listViewerShows(caller: ActivationCaller, viewerId: string): Promise<MyTickets> {
      const rows = await findViewerShowsWithShow(
        db,
        assertOwnViewer(caller, viewerId),
        MY_TICKETS_LIMIT,
      );
      return { items: rows.map(toMyTicket) };
    },

    /** GET /viewers/viewers/{viewerId}/shows/{showId}: the caller's own access to a show. */
    async getViewerShow(
      caller: ActivationCaller,
      viewerId: string,
      showId: string,
    ): Promise<ViewerShow> {
      const row = await findViewerShow(db, assertOwnViewer(caller, viewerId), showId);
      if (!row) throw new AppError('VIEWER_SHOW_NOT_FOUND');
      return toViewerShow(row);
    },
  };
}

export type ActivationService = ReturnType<typeof createActivationService>;
