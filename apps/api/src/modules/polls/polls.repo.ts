import type { Db, Tx } from '../../infra/db.ts';

const POLL = {
  id: true,
  showId: true,
  question: true,
  status: true,
  createdAt: true,
  options: { select: { id: true, text: true }, orderBy: { position: 'asc' } },
} as const;

export function findPollInShow(db: Db | Tx, showId: string, pollId: string) {
  return db.poll.findFirst({ where: { id: pollId, showId }, select: POLL });
}
export type PollRow = NonNullable<Awaited<ReturnType<typeof findPollInShow>>>;

/** The show's active poll (at most one: a partial unique index keeps it so). */
export function findActivePoll(db: Db | Tx, showId: string) {
  return db.poll.findFirst({ where: { showId, status: 'ACTIVE' }, select: POLL });
}

export function listPolls(db: Db | Tx, showId: string) {
  return db.poll.findMany({
    where: { showId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: POLL,
  });
}

export function insertPoll(tx: Tx, showId: string, question: string, options: string[]) {
  return tx.poll.create({
    data: {
      showId,
      question,
      options: { create: options.map((text, position) => ({ text, position })) },
    },
    select: POLL,
  });
}

export function updatePollStatus(tx: Tx, pollId: string, status: 'ACTIVE' | 'CLOSED') {
  return tx.poll.update({ where: { id: pollId }, data: { status }, select: POLL });
}

/** Answers per option of each poll. */
export async function countAnswers(
  db: Db | Tx,
  pollIds: string[],
): Promise<Map<string, Map<string, number>>> {
  const groups = await db.pollAnswer.groupBy({
    by: ['pollId', 'optionId'],
    where: { pollId: { in: pollIds } },
    _count: { _all: true },
  });
  const byPoll = new Map<string, Map<string, number>>();
  for (const group of groups) {
    const counts = byPoll.get(group.pollId) ?? new Map<string, number>();
    counts.set(group.optionId, group._count._all);
    byPoll.set(group.pollId, counts);
  }
  return byPoll;
}

const ANSWER = {
  id: true,
  pollId: true,
  showId: true,
  userId: true,
  viewerId: true,
  username: true,
  optionId: true,
  createdAt: true,
  option: { select: { text: true } },
} as const;

/** One answer per poll and respondent: a second insert fails on the unique index. */
export function insertAnswer(
  db: Db | Tx,
  data: {
    pollId: string;
    optionId: string;
    showId: string;
    respondentKey: string;
    userId: string | null;
    viewerId: string | null;
    username: string;
    createdAt: Date;
  },
) {
  return db.pollAnswer.create({ data, select: ANSWER });
}
export type PollAnswerRow = Awaited<ReturnType<typeof insertAnswer>>;

export function findAnswer(db: Db | Tx, pollId: string, respondentKey: string) {
  return db.pollAnswer.findUnique({
    where: { pollId_respondentKey: { pollId, respondentKey } },
    select: ANSWER,
  });
}
