import { AppError } from '../../errors.ts';

/**
 * Turns for work that takes a core (decision 0073): at most `atOnce` tasks run, at
 * most `waiting` wait for a slot in the order they came; one more is refused at once
 * with SERVICE_UNAVAILABLE (503) and Retry-After, rather than queued without end.
 */
export function createTurns(limits: {
  atOnce: number;
  waiting: number;
  retryAfterSeconds: number;
}) {
  let running = 0;
  const queue: (() => void)[] = [];
  return async function inTurn<T>(task: () => Promise<T>): Promise<T> {
    if (running < limits.atOnce) {
      running += 1;
    } else if (queue.length < limits.waiting) {
      await new Promise<void>((resolve) => queue.push(resolve));
    } else {
      throw new AppError('SERVICE_UNAVAILABLE', { retryAfterSeconds: limits.retryAfterSeconds });
    }
    try {
      return await task();
    } finally {
      // The slot passes straight to the first task waiting, or is freed.
      const next = queue.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
