import { showSettingsSchema } from '@taquilla/contract';
import type { Poll, PollAnswer, PollAnswerResult, PollResultsMessage } from '@taquilla/contract';
import { arePollsEnabled } from '@taquilla/domain';
import { AppError, isUniqueViolation } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit.ts';
import type { Participant, ParticipantResolver, WatchCaller } from '../chat/chat-participant.ts';
import { findChatShow } from '../chat/chat.repo.ts';
import { toPoll, toPollAnswer } from './polls.mapper.ts';
import {
  countAnswers,
  findActivePoll,
  findAnswer,
  findPollInShow,
  insertAnswer,
} from './polls.repo.ts';
import type { PollRow } from './polls.repo.ts';
import { createResultsPublisher } from './polls.results.ts';

/** The realtime channel of a show's polls (001 §7 `polls-{show}`). */
export const pollsChannel = (showId: string) => `polls-${showId}`;

export interface PollDeps {
  db: Db;
  clock: () => Date;
  publish: (channel: string, data: unknown) => Promise<void>;
  log: { warn: (o: object, m: string) => void };
  /** How long answers are gathered before their results go out (tests shorten it). */
  resultsDelayMs?: number;
}

/** A poll with its results as they stand. */
export async function withResults(db: Db, row: PollRow): Promise<Poll> {
  const counts = await countAnswers(db, [row.id]);
  return toPoll(row, counts.get(row.id));
}

async function pollsEnabled(db: Db, showId: string): Promise<boolean> {
  const show = await findChatShow(db, showId);
  if (!show) throw new AppError('SHOW_NOT_FOUND');
  return arePollsEnabled(showSettingsSchema.safeParse(show.settings ?? {}).data ?? {});
}

/**
 * Polls as viewers meet them (001 §4 "Chat and poll behaviour", decision 0026): the
 * active poll and whether this viewer answered it, one answer per viewer (the unique
 * index decides), results pushed on `polls-{show}` as answers arrive, and a user's own
 * answer.
 */
export function createPollsService(
  deps: PollDeps & {
    participants: ParticipantResolver;
    rateLimiter: Pick<RateLimiter, 'consume'>;
    /** Answers per address, socket and HTTP together (POLL_ANSWERS_PER_IP; decision 0063). */
    answersPerAddress: RateLimitRule;
  },
) {
  const { db, clock } = deps;
  const results = createResultsPublisher({
    log: deps.log,
    delayMs: deps.resultsDelayMs,
    load: async (showId, pollId): Promise<PollResultsMessage | null> => {
      const row = await findPollInShow(db, showId, pollId);
      if (!row) return null;
      const poll = await withResults(db, row);
      return { type: 'poll-results', poll_uid: poll._id, results: poll.results, total: poll.total };
    },
    publish: (showId, message) => deps.publish(pollsChannel(showId), message),
  });

  /**
   * 001 §7 sendPollAnswer (and POST …/answers): the active poll of a show whose polls
   * are on, one of its options, once per viewer; a second answer is 409. Every answer
   * but an organiser's spends one of its address's budget (`from`; decision 0063). The
   * results follow on `polls-{show}`.
   */
  async function answerPoll(
    showId: string,
    respondent: Participant,
    pollId: string,
    optionId: string,
    from: string,
  ): Promise<PollAnswerResult> {
    if (!respondent.isOrganiser) {
      await deps.rateLimiter.consume([{ key: `poll:ip:${from}`, rule: deps.answersPerAddress }]);
    }
    const row = await findPollInShow(db, showId, pollId);
    if (!row) throw new AppError('POLL_NOT_FOUND');
    if (!(await pollsEnabled(db, showId))) throw new AppError('POLLS_DISABLED');
    if (row.status !== 'ACTIVE') throw new AppError('POLL_NOT_ACTIVE');
    if (!row.options.some((option) => option.id === optionId)) {
      throw new AppError('POLL_OPTION_INVALID');
    }
    const stored = await insertAnswer(db, {
      pollId,
      optionId,
      showId,
      respondentKey: respondent.key,
      userId: respondent.userId,
      viewerId: respondent.viewerId,
      username: respondent.username,
      createdAt: clock(),
    }).catch((err: unknown) => {
      if (isUniqueViolation(err)) throw new AppError('POLL_ALREADY_ANSWERED', { cause: err });
      throw err;
    });
    results.schedule(showId, pollId);
    return { answer: toPollAnswer(stored), poll: await withResults(db, row) };
  }

  return {
    /** For `init`: the active poll (none while polls are off) and whether `respondentKey` answered it. */
    async activeFor(
      showId: string,
      respondentKey: string,
    ): Promise<{ poll: Poll | null; answered: boolean }> {
      if (!(await pollsEnabled(db, showId))) return { poll: null, answered: false };
      const row = await findActivePoll(db, showId);
      if (!row) return { poll: null, answered: false };
      const [poll, answer] = await Promise.all([
        withResults(db, row),
        findAnswer(db, row.id, respondentKey),
      ]);
      return { poll, answered: answer !== null };
    },

    /** A socket's answer (sendPollAnswer): its participant from setChannel. */
    answer: answerPoll,

    /** POST /shows/{id}/polls/{pollId}/answers: the caller must be able to watch the show now. */
    async answerAs(
      showId: string,
      caller: WatchCaller,
      pollId: string,
      optionId: string,
    ): Promise<PollAnswerResult> {
      const respondent = await deps.participants(showId, caller);
      return answerPoll(showId, respondent, pollId, optionId, caller.watcher.ip);
    },

    /**
     * 001 §7 GET /shows/{showId}/polls/{pollId}/answers/{userId}: only the caller's own
     * (another user's id is 403 before anything is read), else 404.
     */
    async ownAnswer(
      showId: string,
      pollId: string,
      userId: string,
      callerUserId: string,
    ): Promise<PollAnswer> {
      if (userId.toLowerCase() !== callerUserId.toLowerCase()) throw new AppError('FORBIDDEN');
      if (!(await findChatShow(db, showId))) throw new AppError('SHOW_NOT_FOUND');
      if (!(await findPollInShow(db, showId, pollId))) throw new AppError('POLL_NOT_FOUND');
      const answer = await findAnswer(db, pollId, `user:${callerUserId}`);
      if (!answer) throw new AppError('POLL_ANSWER_NOT_FOUND');
      return toPollAnswer(answer);
    },

    close: () => results.close(),
  };
}

export type PollsService = ReturnType<typeof createPollsService>;
