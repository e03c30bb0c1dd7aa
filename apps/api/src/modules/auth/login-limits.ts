import type { BackoffBudget, BackoffRule } from '../../plugins/rate-limit-backoff.ts';

const WAITS = { firstWaitSeconds: 1, maxWaitSeconds: 15 * 60 } as const;
const HOUR = 3600;

/**
 * Failed logins slow down, they never lock (decision 0067): from the
 * `waitFromFailure`-th failure each one makes its key wait 1 s, 2 s, 4 s… up
 * to 15 minutes before the next attempt. Only failures count, so a venue's
 * Wi-Fi full of people who sign in fine never meets them.
 */
export const LOGIN_LIMITS = {
  /** One account from one address: what one attacker can guess at one account. */
  perPair: { waitFromFailure: 5, ...WAITS, memorySeconds: HOUR },
  /** One address over every account: one password tried on many accounts. */
  perAddress: { waitFromFailure: 20, ...WAITS, memorySeconds: HOUR },
  /**
   * One account from every browser it has not signed in from: guessing spread
   * over many addresses. Its known devices skip it, so strangers slowing it
   * down do not keep the owner out.
   */
  perAccount: { waitFromFailure: 50, ...WAITS, memorySeconds: 24 * HOUR },
  /** One known device of an account: a stolen cookie guesses no faster than a pair. */
  perDevice: { waitFromFailure: 5, ...WAITS, memorySeconds: HOUR },
} as const satisfies Record<string, BackoffRule>;

/**
 * The budgets one login attempt answers to, and the one a right password
 * clears. A known device answers only to its own; anyone else to the pair,
 * the address and the account. Unknown e-mails get the very same budgets as
 * accounts (keyed by the e-mail's hash), so the answers reveal no account.
 */
export function loginBudgets(input: {
  /** `emailKey` of the e-mail tried. */
  account: string;
  ip: string | null;
  /** The device the browser's cookie proves for this account, if any. */
  deviceId: string | null;
}): { budgets: BackoffBudget[]; clearedBySuccess: string | null } {
  if (input.deviceId) {
    const device = { key: `login:device:${input.deviceId}`, rule: LOGIN_LIMITS.perDevice };
    return { budgets: [device], clearedBySuccess: device.key };
  }
  const account = { key: `login:account:${input.account}`, rule: LOGIN_LIMITS.perAccount };
  if (!input.ip) return { budgets: [account], clearedBySuccess: null };
  // Keys end in `ip:<address>`, so an IPv6 address counts by its /64 (address-key.ts).
  const pair = { key: `login:pair:${input.account}:ip:${input.ip}`, rule: LOGIN_LIMITS.perPair };
  const address = { key: `login:ip:${input.ip}`, rule: LOGIN_LIMITS.perAddress };
  // The account's count is not cleared by a success: its owner signing in
  // must not hand a distributed attacker a fresh budget.
  return { budgets: [pair, address, account], clearedBySuccess: pair.key };
}
