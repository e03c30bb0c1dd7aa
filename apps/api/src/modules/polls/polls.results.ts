import type { PollResultsMessage } from '@taquilla/contract';

/** Results of one poll go out at most this often from each instance. */
export const RESULTS_EVERY_MS = 200;

/**
 * Live results (001 §4 `poll-results`) without one count query per answer: an answer
 * asks for a publish; the first ask schedules one for a moment later, and the answers
 * that arrive meanwhile ride on it. The count is read when it goes out, so it includes
 * every answer committed by then, on any instance.
 */
export function createResultsPublisher(deps: {
  load: (showId: string, pollId: string) => Promise<PollResultsMessage | null>;
  publish: (showId: string, message: PollResultsMessage) => Promise<void>;
  log: { warn: (o: object, m: string) => void };
  delayMs?: number;
}) {
  const pending = new Map<string, ReturnType<typeof setTimeout>>();

  async function flush(showId: string, pollId: string): Promise<void> {
    pending.delete(pollId);
    try {
      const message = await deps.load(showId, pollId);
      if (message) await deps.publish(showId, message);
    } catch (err) {
      deps.log.warn({ err, pollId }, 'poll results not published');
    }
  }

  return {
    schedule(showId: string, pollId: string): void {
      if (pending.has(pollId)) return;
      const timer = setTimeout(() => void flush(showId, pollId), deps.delayMs ?? RESULTS_EVERY_MS);
      pending.set(pollId, timer);
    },
    close(): void {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}
