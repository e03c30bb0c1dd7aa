/**
 * What one socket and one address may do on this instance (decision 0063): a token
 * bucket per socket for everything it sends, and a cap on the sockets an address keeps
 * open. Both are in memory: a socket lives on one instance, and the cap is per instance
 * by design (a load balancer spreads an address's sockets; the shared budgets of chat
 * messages, votes and new viewers live in Redis).
 */
import { addressKey } from '../../plugins/address-key.ts';

export interface ActionBudget {
  /** Actions a socket may send at once. */
  burst: number;
  /** Actions a second it earns back, up to `burst`. */
  perSecond: number;
}

/** A token bucket: `take` spends one action, false when none is left. */
export function createActionBucket(
  budget: ActionBudget,
  now: () => number = () => performance.now(),
) {
  let tokens = budget.burst;
  let at = now();
  return {
    take(): boolean {
      const time = now();
      tokens = Math.min(budget.burst, tokens + ((time - at) / 1000) * budget.perSecond);
      at = time;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

/**
 * The sockets open on this instance per client address (`request.ip`), an IPv6 /64
 * counted as one address like every per-address budget (decision 0067).
 */
export function createAddressConnections(limit: number) {
  const open = new Map<string, number>();
  return {
    /** Counts a new socket of `ip`; false, and not counted, when the address is at its cap. */
    open(ip: string): boolean {
      const key = addressKey(ip);
      const count = open.get(key) ?? 0;
      if (count >= limit) return false;
      open.set(key, count + 1);
      return true;
    },
    /** A counted socket of `ip` closed. */
    close(ip: string): void {
      const key = addressKey(ip);
      const count = (open.get(key) ?? 1) - 1;
      if (count <= 0) open.delete(key);
      else open.set(key, count);
    },
  };
}

export type AddressConnections = ReturnType<typeof createAddressConnections>;
