import type { ChallengeDecision, ChallengeHandler } from './payments.types.ts';

/**
 * Hands 3-D Secure decisions from the gateway to whoever settles orders. The
 * gateway is built before the orders module exists in the composition root, so
 * the orders module plugs its handler in later with `set`.
 */
export interface ChallengeRelay {
  set(handler: ChallengeHandler): void;
  call(decision: ChallengeDecision): Promise<void>;
}

export function createChallengeRelay(): ChallengeRelay {
  let current: ChallengeHandler | null = null;
  return {
    set(handler) {
      current = handler;
    },
    async call(decision) {
      // Failing loudly keeps the challenge pending (the gateway restores it), so the
      // decision is not lost while nothing is there to settle the order.
      if (!current) throw new Error('No 3-D Secure challenge handler is registered');
      await current(decision);
    },
  };
}
