import { ATTENDANCE_RECENT_MAX, CHECKIN_ATTEMPTS_PER_MINUTE } from '@taquilla/contract';
import type { AdminAttendance, AdminCheckin, AdminCheckinBody } from '@taquilla/contract';
import { AppError } from '../../../errors.ts';
import type { Db, Tx } from '../../../infra/db.ts';
import type { RateLimiter, RateLimitRule } from '../../../plugins/rate-limit.ts';
import { ownShow } from '../shared/admin.access.ts';
import type { AdminContext } from '../shared/admin.access.ts';
import {
  alreadyCheckedInMessage,
  orderNotApprovedMessage,
  otherShowMessage,
  toCheckinEntry,
  toRecentCheckin,
  voidedMessage,
} from './admin-checkin.mapper.ts';
import {
  admitCode,
  countAttendance,
  findCheckin,
  findCodeState,
  findRecentCheckins,
} from './admin-checkin.repo.ts';
import type { CodeState } from './admin-checkin.repo.ts';
import { recordAudit } from '../shared/audit.repo.ts';

/**
 * A door scans a code every few seconds at its busiest; a 6-character code can
 * be guessed, and every valid one opens a stream elsewhere: a session may try
 * this many per minute.
 */
export const CHECKIN_ATTEMPTS: RateLimitRule = {
  limit: CHECKIN_ATTEMPTS_PER_MINUTE,
  windowSeconds: 60,
};

/**
 * Read, not admitted, yet admissible: the code changed between the update and the
 * read (its order approved that instant). The update is tried again this often.
 */
const ADMISSION_ATTEMPTS = 3;

/** Rolls the transaction back to try the admission again (see ADMISSION_ATTEMPTS). */
class RetryAdmission extends Error {
  constructor() {
    super('the code changed between its admission and its read');
  }
}

/** A code of a show the caller may see (its own producer's, or any for an admin). */
function isVisibleTo(ctx: AdminContext, state: CodeState): boolean {
  if (ctx.actor.role === 'Admin') return true;
  const own = ctx.actor.producerId;
  return state.producerId === own || state.parentProducerId === own;
}

/**
 * Why a code was not admitted at the door of `showId`, as the refusal the door
 * shows; null when nothing refuses it (it changed since the update: try again).
 * Another producer's code is unknown: its existence is not revealed.
 */
function refusalOf(
  ctx: AdminContext,
  state: CodeState | null,
  door: { id: string; timezone: string },
  now: Date,
): AppError | null {
  if (!state || (state.showId !== door.id && !isVisibleTo(ctx, state))) {
    return new AppError('TICKET_CODE_UNKNOWN');
  }
  if (state.showId !== door.id) {
    return new AppError('TICKET_CODE_OTHER_SHOW', { message: otherShowMessage(state) });
  }
  if (state.voidedAt) {
    return new AppError('TICKET_CODE_VOIDED', {
      message: voidedMessage(state, now, door.timezone),
    });
  }
  if (state.orderStatus !== 'APPROVED') {
    const message = orderNotApprovedMessage(state.orderStatus);
    return new AppError('TICKET_ORDER_NOT_APPROVED', message ? { message } : {});
  }
  if (state.ticketType === 'ONLINE') return new AppError('TICKET_NOT_FOR_VENUE');
  if (state.checkedInAt) {
    const at = new Date(state.checkedInAt);
    return new AppError('TICKET_ALREADY_CHECKED_IN', {
      message: alreadyCheckedInMessage(at, now, door.timezone),
      checkedInAt: at.toISOString(),
    });
  }
  return null;
}

/** The door check-in (docs/decisions/0029-door-check-in.md). */
export function createAdminCheckinService(deps: {
  db: Db;
  clock: () => Date;
  rateLimiter: Pick<RateLimiter, 'consume'>;
}) {
  const { db, clock } = deps;

  async function admitOnce(
    tx: Tx,
    ctx: AdminContext,
    body: AdminCheckinBody,
    now: Date,
  ): Promise<AdminCheckin> {
    const door = await ownShow(tx, ctx, body.show_uid);
    const admitted = await admitCode(tx, {
      code: body.code,
      showId: door.id,
      actorId: ctx.actor.userId,
      now,
    });
    if (!admitted) {
      const refusal = refusalOf(ctx, await findCodeState(tx, body.code), door, now);
      throw refusal ?? new RetryAdmission();
    }
    const row = await findCheckin(tx, admitted.id);
    if (!row) throw new Error(`admitted code ${admitted.id} vanished`);
    const entry = toCheckinEntry(row);
    await recordAudit(tx, ctx, {
      action: 'ticket.checkin',
      entityType: 'ticket_code',
      entityId: admitted.id,
      before: { code: entry.code, checked_in_at: null },
      after: { code: entry.code, show_uid: door.id, checked_in_at: entry.checked_in_at },
    });
    const count = await countAttendance(tx, door.id);
    return {
      ...entry,
      show_uid: door.id,
      attendance: { checked_in: count.checkedIn, total: count.total },
    };
  }

  return {
    /**
     * POST /admin/checkin: one conditional UPDATE admits the code (once, whatever
     * the number of phones scanning it at once), with its audit row in the same
     * transaction; when it updates nothing, one read says why.
     */
    async checkIn(
      ctx: AdminContext,
      sessionId: string,
      body: AdminCheckinBody,
    ): Promise<AdminCheckin> {
      await deps.rateLimiter.consume([
        { key: `checkin:session:${sessionId}`, rule: CHECKIN_ATTEMPTS },
      ]);
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await db.$transaction((tx) => admitOnce(tx, ctx, body, clock()));
        } catch (err) {
          if (!(err instanceof RetryAdmission) || attempt === ADMISSION_ATTEMPTS) throw err;
        }
      }
    },

    /** GET /admin/shows/{id}/attendance: the live count and the last check-ins. */
    async attendance(ctx: AdminContext, showId: string): Promise<AdminAttendance> {
      const show = await ownShow(db, ctx, showId);
      const [count, recent] = await Promise.all([
        countAttendance(db, show.id),
        findRecentCheckins(db, show.id, ATTENDANCE_RECENT_MAX),
      ]);
      return {
        checked_in: count.checkedIn,
        total: count.total,
        recent: recent.map(toRecentCheckin),
      };
    },
  };
}

export type AdminCheckinService = ReturnType<typeof createAdminCheckinService>;
