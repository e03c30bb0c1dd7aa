import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { sessionCookieOf } from './auth.ts';

type Role = 'Viewer' | 'Producer' | 'Admin';

/** An answer to check, as `inject` gives it. */
interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
  json: () => unknown;
}

/** The `login_device` value of a response's Set-Cookie header, or undefined. */
export function deviceCookieOf(setCookie: string | string[] | undefined): string | undefined {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const cookie of cookies) {
    const match = /^login_device=([^;]*)/.exec(cookie);
    if (match) return decodeURIComponent(match[1] ?? '');
  }
  return undefined;
}

/**
 * POST /auth/login from an address (and a known device's cookie when given),
 * keeping every body and secret seen so a test can check none leaks.
 */
export function loginAttempts(t: () => TestApp) {
  const bodies: string[] = [];
  const secrets: string[] = [];

  async function attempt(
    email: string,
    password: string,
    ip: string,
    options: { role?: Role; device?: string; forwardedFor?: string } = {},
  ) {
    const headers: Record<string, string> = {};
    if (options.device) headers.cookie = `login_device=${encodeURIComponent(options.device)}`;
    if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor;
    const res = await t().app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: email, password, role: options.role ?? 'Viewer', forceLogin: true },
      remoteAddress: ip,
      headers,
    });
    bodies.push(res.body);
    const token = sessionCookieOf(res.headers['set-cookie']);
    if (token) secrets.push(token);
    const device = deviceCookieOf(res.headers['set-cookie']);
    if (device) secrets.push(device);
    return res;
  }

  return { attempt, bodies, secrets };
}

/**
 * A refusal of a slowed-down login (decision 0067): 429, no cookie, and a
 * Spanish message naming the wait that Retry-After gives.
 */
export function expectWait(res: Answer, seconds: number | { atMost: number }): number {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.headers['set-cookie']).toBeUndefined();
  const retryAfter = Number(res.headers['retry-after']);
  if (typeof seconds === 'number') expect(retryAfter).toBe(seconds);
  else {
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(seconds.atMost);
  }
  const wait =
    retryAfter < 60
      ? `${retryAfter} segundo${retryAfter === 1 ? '' : 's'}`
      : `${Math.ceil(retryAfter / 60)} minuto`;
  const body = res.json() as { error: string; message: string };
  expect(body.error).toBe('RATE_LIMITED');
  expect(body.message).toContain('Demasiados intentos. Por favor espera ');
  expect(body.message).toContain(wait);
  return retryAfter;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
