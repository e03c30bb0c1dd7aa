import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * The httpOnly cookie that tells a browser that signed in to an account before
 * (decision 0067): its right password gets through while strangers' guesses
 * have slowed the account down.
 */
export const LOGIN_DEVICE_COOKIE = 'login_device';
/** How long a browser stays known without signing in again (the cookie's Max-Age too). */
export const LOGIN_DEVICE_DAYS = 90;
/** Accounts one browser is remembered for (a shared computer); the oldest goes first. */
const MAX_ENTRIES = 4;
const DAY_MS = 86_400_000;

/** `<device id>.<issued, unix seconds in base 36>.<HMAC>`, entries joined by `~`. */
const ENTRY = /^([A-Za-z0-9_-]{22})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/;

interface Entry {
  text: string;
  deviceId: string;
  issuedSeconds: number;
  proof: string;
}

function entriesOf(cookie: string | null | undefined): Entry[] {
  if (!cookie || cookie.length > 1000) return [];
  return cookie
    .split('~')
    .slice(0, MAX_ENTRIES)
    .flatMap((text) => {
      const match = ENTRY.exec(text);
      if (!match) return [];
      const [, deviceId = '', issued = '', proof = ''] = match;
      return [{ text, deviceId, issuedSeconds: parseInt(issued, 36), proof }];
    });
}

/** The account a device entry vouches for: its id and its current password hash. */
export interface DeviceAccount {
  id: string;
  passwordHash: string;
}

/**
 * Known devices without a table: each entry is signed with a server secret over
 * the user's id, a random device id, when it was issued and the user's current
 * password hash, so it proves nothing for another account, expires, and a
 * password change forgets every device (as it ends every session).
 */
export function createLoginDevices(deps: { secret: string; clock: () => Date }) {
  const proofOf = (account: DeviceAccount, deviceId: string, issuedSeconds: number) =>
    createHmac('sha256', deps.secret)
      .update(`login-device\n${account.id}\n${deviceId}\n${issuedSeconds}\n${account.passwordHash}`)
      .digest('base64url');

  function isCurrent(entry: Entry): boolean {
    const ageMs = deps.clock().getTime() - entry.issuedSeconds * 1000;
    return ageMs >= 0 && ageMs <= LOGIN_DEVICE_DAYS * DAY_MS;
  }

  function isValidFor(entry: Entry, account: DeviceAccount): boolean {
    if (!isCurrent(entry)) return false;
    const expected = Buffer.from(proofOf(account, entry.deviceId, entry.issuedSeconds));
    const given = Buffer.from(entry.proof);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  return {
    /** The id of the device the cookie proves for this account, or null. */
    knownDevice(cookie: string | null | undefined, account: DeviceAccount): string | null {
      return entriesOf(cookie).find((entry) => isValidFor(entry, account))?.deviceId ?? null;
    },

    /**
     * The cookie after a sign-in to `account`: a fresh entry first, the
     * account's older one and expired ones dropped, other accounts' kept.
     */
    remember(cookie: string | null | undefined, account: DeviceAccount): string {
      const deviceId = randomBytes(16).toString('base64url');
      const issuedSeconds = Math.floor(deps.clock().getTime() / 1000);
      const fresh = `${deviceId}.${issuedSeconds.toString(36)}.${proofOf(account, deviceId, issuedSeconds)}`;
      const others = entriesOf(cookie).filter(
        (entry) => isCurrent(entry) && !isValidFor(entry, account),
      );
      return [fresh, ...others.map((entry) => entry.text)].slice(0, MAX_ENTRIES).join('~');
    },
  };
}

export type LoginDevices = ReturnType<typeof createLoginDevices>;

export function setLoginDeviceCookie(
  reply: FastifyReply,
  /** As the session cookie's (`SessionCookieOptions`): Secure when the site is https. */
  options: { secure: boolean },
  value: string,
): void {
  reply.setCookie(LOGIN_DEVICE_COOKIE, value, {
    httpOnly: true,
    // Only the site's own login form needs it.
    sameSite: 'strict',
    secure: options.secure,
    path: '/',
    maxAge: LOGIN_DEVICE_DAYS * 86_400,
  });
}
