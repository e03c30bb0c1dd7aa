import { showSettingsSchema } from '@taquilla/contract';
import type { AdminPollCreate, AdminPollStatusBody, Poll } from '@taquilla/contract';
import { arePollsEnabled } from '@taquilla/domain';
import { AppError, isUniqueViolation } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { ownShow } from '../admin/shared/admin.access.ts';
import type { AdminContext } from '../admin/shared/admin.access.ts';
import { lockShow } from '../admin/shared/admin-shows.repo.ts';
import { recordAudit } from '../admin/shared/audit.repo.ts';
import { toPoll } from './polls.mapper.ts';
import {
  countAnswers,
  findPollInShow,
  insertPoll,
  listPolls,
  updatePollStatus,
} from './polls.repo.ts';
import { pollsChannel, withResults } from './polls.service.ts';
import type { PollDeps } from './polls.service.ts';

const json = (value: unknown) => value as Prisma.InputJsonValue;

/**
 * Polls in the organiser API (ORGANISER-API.md, decision 0026): created as drafts,
 * activated (one at a time per show, and only when the show's polls are on) and
 * closed; each change is audited and, after the commit, announced on `polls-{show}`
 * as 001 §4's `poll-notification`.
 */
export function createPollsAdminService(deps: PollDeps) {
  const { db } = deps;

  return {
    /** POST /admin/shows/{id}/polls. */
    async create(ctx: AdminContext, showId: string, body: AdminPollCreate): Promise<Poll> {
      return db.$transaction(async (tx) => {
        await ownShow(tx, ctx, showId);
        const poll = toPoll(await insertPoll(tx, showId, body.question, body.options));
        await recordAudit(tx, ctx, {
          action: 'poll.create',
          entityType: 'poll',
          entityId: poll._id,
          before: null,
          after: json(poll),
        });
        return poll;
      });
    },

    /** GET /admin/shows/{id}/polls: newest first, with results. */
    async list(ctx: AdminContext, showId: string): Promise<{ items: Poll[] }> {
      await ownShow(db, ctx, showId);
      const rows = await listPolls(db, showId);
      const counts = await countAnswers(
        db,
        rows.map((row) => row.id),
      );
      return { items: rows.map((row) => toPoll(row, counts.get(row.id))) };
    },

    /** PUT /admin/shows/{id}/polls/{pollId}/status: `{ status: ACTIVE or CLOSED }`. */
    async setStatus(
      ctx: AdminContext,
      showId: string,
      pollId: string,
      body: AdminPollStatusBody,
    ): Promise<Poll> {
      const { row, changed } = await db
        .$transaction(async (tx) => {
          await lockShow(tx, showId);
          const show = await ownShow(tx, ctx, showId);
          const poll = await findPollInShow(tx, showId, pollId);
          if (!poll) throw new AppError('POLL_NOT_FOUND');
          if (poll.status === body.status) return { row: poll, changed: false };
          const settings = showSettingsSchema.safeParse(show.settings ?? {}).data ?? {};
          if (body.status === 'ACTIVE' && !arePollsEnabled(settings)) {
            throw new AppError('POLLS_DISABLED');
          }
          const updated = await updatePollStatus(tx, pollId, body.status);
          await recordAudit(tx, ctx, {
            action: 'poll.status',
            entityType: 'poll',
            entityId: pollId,
            before: json({ status: poll.status }),
            after: json({ status: updated.status }),
          });
          return { row: updated, changed: true };
        })
        .catch((err: unknown) => {
          // Another poll of the show became active first (the partial unique index).
          if (isUniqueViolation(err)) throw new AppError('POLL_ALREADY_ACTIVE', { cause: err });
          throw err;
        });
      const poll = await withResults(db, row);
      if (changed) {
        try {
          await deps.publish(pollsChannel(showId), {
            type: 'poll-notification',
            status: body.status,
            poll,
          });
        } catch (err) {
          deps.log.warn({ err, pollId }, 'poll status stored but not published');
        }
      }
      return poll;
    },
  };
}

export type PollsAdminService = ReturnType<typeof createPollsAdminService>;
