import { useEffect, useState } from 'react';

type Settled = { value: unknown } | { error: unknown };

/** Outcomes by promise, so a component mounted after it settled has it at once. */
const outcomes = new WeakMap<Promise<unknown>, Settled>();

/**
 * A promise's value once it has one, null until then (and while there is none yet), for a part of a page that may draw
 * without it (decision 0075: the player's first view while the chat's code loads). A
 * failure is thrown while rendering, to the route's error view, as a failed lazy route's.
 */
export function useSettled<T>(promise: Promise<T> | null): T | null {
  const [, setSettledCount] = useState(0);
  useEffect(() => {
    if (!promise || outcomes.has(promise)) return;
    let isMounted = true;
    const settle = (outcome: Settled) => {
      outcomes.set(promise, outcome);
      if (isMounted) setSettledCount((count) => count + 1);
    };
    promise.then(
      (value) => settle({ value }),
      (error: unknown) => settle({ error }),
    );
    return () => {
      isMounted = false;
    };
  }, [promise]);
  const outcome = promise ? outcomes.get(promise) : undefined;
  if (!outcome) return null;
  if ('error' in outcome) throw outcome.error;
  return outcome.value as T;
}
