import { describe, expect, it } from 'vitest';
import { createLoginDevices } from '../../../src/modules/auth/login-device.ts';

const DAY_MS = 86_400_000;
const SECRET = 'un-secreto-de-prueba-de-al-menos-32-caracteres';

describe('login device cookie', () => {
  const ana = { id: '7d0f5a5e-0000-4000-8000-000000000001', passwordHash: 'scrypt$a' };
  const beto = { id: '7d0f5a5e-0000-4000-8000-000000000002', passwordHash: 'scrypt$b' };
  let now = new Date('2026-12-01T12:00:00Z');
  const devices = createLoginDevices({ secret: SECRET, clock: () => now });

  it('proves the account it was issued for, and no other', () => {
    const cookie = devices.remember(null, ana);
    expect(devices.knownDevice(cookie, ana)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(devices.knownDevice(cookie, beto)).toBeNull();
    expect(devices.knownDevice(null, ana)).toBeNull();
    expect(devices.knownDevice('basura', ana)).toBeNull();
  });

  it('refuses a cookie signed with another secret or altered in any part', () => {
    const cookie = devices.remember(null, ana);
    const other = createLoginDevices({ secret: `${SECRET}-otro`, clock: () => now });
    expect(other.knownDevice(cookie, ana)).toBeNull();
    const [deviceId = '', issued = '', proof = ''] = cookie.split('.');
    const flip = (text: string) => `${text.slice(0, -1)}${text.endsWith('A') ? 'B' : 'A'}`;
    for (const altered of [
      `${flip(deviceId)}.${issued}.${proof}`,
      `${deviceId}.${(parseInt(issued, 36) + 1).toString(36)}.${proof}`,
      `${deviceId}.${issued}.${flip(proof)}`,
    ]) {
      expect(devices.knownDevice(altered, ana)).toBeNull();
    }
  });

  it('forgets a device 90 days after its last sign-in', () => {
    const issued = now;
    const cookie = devices.remember(null, ana);
    now = new Date(issued.getTime() + 89 * DAY_MS);
    expect(devices.knownDevice(cookie, ana)).not.toBeNull();
    now = new Date(issued.getTime() + 91 * DAY_MS);
    expect(devices.knownDevice(cookie, ana)).toBeNull();
    now = issued;
  });

  it('forgets every device when the password changes', () => {
    const cookie = devices.remember(null, ana);
    expect(devices.knownDevice(cookie, { ...ana, passwordHash: 'scrypt$nueva' })).toBeNull();
  });

  it('keeps one entry per account, newest first, at most four, with a fresh id at each sign-in', () => {
    const first = devices.remember(null, ana);
    const again = devices.remember(first, ana);
    expect(again.split('~')).toHaveLength(1);
    expect(devices.knownDevice(again, ana)).not.toBe(devices.knownDevice(first, ana));

    let cookie = devices.remember(again, beto);
    expect(cookie.split('~')).toHaveLength(2);
    expect(devices.knownDevice(cookie, ana)).toBe(devices.knownDevice(again, ana));
    expect(devices.knownDevice(cookie, beto)).not.toBeNull();
    for (let i = 3; i <= 5; i += 1) {
      cookie = devices.remember(cookie, { id: `otra-${i}`, passwordHash: 'scrypt$x' });
    }
    expect(cookie.split('~')).toHaveLength(4);
    // Ana's, the oldest, went first; Beto's is still there.
    expect(devices.knownDevice(cookie, ana)).toBeNull();
    expect(devices.knownDevice(cookie, beto)).not.toBeNull();
  });
});
