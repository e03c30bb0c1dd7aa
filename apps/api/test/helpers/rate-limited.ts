import { expect } from 'vitest';

/** An answer to check: status, headers and body, as `inject` gives them. */
interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
  json: () => unknown;
}

/**
 * A refusal of a spent budget (decision 0050): 429, the house's Spanish message and a
 * Retry-After within the budget's window.
 */
export function expectRateLimited(res: Answer, windowSeconds: number): void {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({
    error: 'RATE_LIMITED',
    message: 'Demasiados intentos. Por favor espera un momento y vuelve a intentar.',
  });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}
