import type { Poll, PollAnswer } from '@taquilla/contract';
import { pollResults } from '@taquilla/domain';
import type { PollAnswerRow, PollRow } from './polls.repo.ts';

/** A poll row and its answers per option → 001 §3's poll with results. */
export function toPoll(row: PollRow, counts: ReadonlyMap<string, number> = new Map()): Poll {
  const { results, total } = pollResults(row.options, counts);
  return {
    _id: row.id,
    show_uid: row.showId,
    question: row.question,
    options: row.options.map((option) => ({ _id: option.id, text: option.text })),
    results,
    total,
    config: { status: row.status },
    created_at: row.createdAt.toISOString(),
  };
}

export function toPollAnswer(row: PollAnswerRow): PollAnswer {
  return {
    _id: row.id,
    poll_uid: row.pollId,
    show_uid: row.showId,
    user_uid: row.userId,
    viewer_uid: row.viewerId,
    username: row.username,
    option_uid: row.optionId,
    option_text: row.option.text,
    createdAt: row.createdAt.toISOString(),
  };
}
