import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SHOW_STATUSES } from './show-status.ts';
import { TICKET_CODE_ALPHABET } from './ticket-code.ts';
import {
  ACCESS_CODE_LENGTH,
  generateAccessCode,
  isCodeMode,
  isCountryBlocked,
  normalizeUserIdCode,
  normalizeWatchCode,
  playerRedirect,
  statusPlays,
  statusRefusal,
  watchModeOf,
} from './watch-access.ts';
import type { WatchMode } from './watch-access.ts';

const playing = (mode: WatchMode) => SHOW_STATUSES.filter((status) => statusPlays(mode, status));

describe('watch mode of a show (001 §4 access modes)', () => {
  it('lets no-login win over a password, a price and registration', () => {
    expect(
      watchModeOf({
        paid: true,
        settings: { nologin: true, security: 'clave', registration: true },
      }),
    ).toBe('nologin');
  });

  it('uses the password when there is one, and ignores a blank one', () => {
    expect(watchModeOf({ paid: true, settings: { security: 'Marimba2024' } })).toBe('password');
    expect(watchModeOf({ paid: true, settings: { security: '   ' } })).toBe('ticket');
  });

  it('opens a free show without registration to any signed-in user', () => {
    expect(watchModeOf({ paid: false, settings: {} })).toBe('free');
    expect(watchModeOf({ paid: 'false', settings: {} })).toBe('free');
  });

  it('asks for a ticket for paid and for registration shows', () => {
    expect(watchModeOf({ paid: true, settings: {} })).toBe('ticket');
    expect(watchModeOf({ paid: 'true', settings: {} })).toBe('ticket');
    expect(watchModeOf({ paid: false, settings: { registration: true } })).toBe('ticket');
  });

  it('calls no-login and password the code modes', () => {
    expect(
      ['nologin', 'password', 'free', 'ticket', 'organiser'].filter((m) =>
        isCodeMode(m as WatchMode),
      ),
    ).toEqual(['nologin', 'password']);
  });
});

describe('statuses that play', () => {
  it('plays STARTED, LIVE, TEST and REPLAY for ticket holders and free shows', () => {
    expect(playing('ticket')).toEqual(['STARTED', 'LIVE', 'TEST', 'REPLAY']);
    expect(playing('free')).toEqual(['STARTED', 'LIVE', 'TEST', 'REPLAY']);
  });

  it('plays a code show unless NEW, CLOSED or CANCELLED', () => {
    const expected = ['SOON', 'ACTIVE', 'STARTED', 'LIVE', 'TEST', 'HIDDEN', 'REPLAY'];
    expect(playing('nologin')).toEqual(expected);
    expect(playing('password')).toEqual(expected);
  });

  it('lets an organiser check the stream in any status', () => {
    expect(playing('organiser')).toEqual([...SHOW_STATUSES]);
  });

  it('never plays an unknown status for a ticket holder', () => {
    expect(statusPlays('ticket', 'ARCHIVED')).toBe(false);
  });
});

describe('what a status that does not play says', () => {
  it('names CLOSED and CANCELLED gone, NEW, SOON and ACTIVE not started, the rest inactive', () => {
    expect(statusRefusal('CLOSED')).toBe('EVENT_UNAVAILABLE');
    expect(statusRefusal('CANCELLED')).toBe('EVENT_UNAVAILABLE');
    for (const status of ['NEW', 'SOON', 'ACTIVE']) {
      expect(statusRefusal(status)).toBe('EVENT_NOT_STARTED');
    }
    expect(statusRefusal('HIDDEN')).toBe('STREAM_INACTIVE');
  });
});

describe('player redirects (001 §4, 002 §4)', () => {
  const base = { showId: 'abc', status: 'LIVE' } as const;

  it('sends a blocked region, a missing or a finished show to the show page', () => {
    for (const refusal of ['REGION_BLOCKED', 'SHOW_NOT_FOUND', 'EVENT_UNAVAILABLE'] as const) {
      expect(playerRedirect({ ...base, refusal, mode: 'nologin' })).toBe('/shows/abc');
    }
  });

  it('sends an anonymous visitor of a free show to sign up, coming back to the player', () => {
    expect(playerRedirect({ ...base, refusal: 'UNAUTHORIZED', mode: 'free' })).toBe(
      '/login?redirect=/shows/abc/player&mode=signup',
    );
  });

  it('sends a viewer without a ticket to activation with the code, else to the show page', () => {
    expect(
      playerRedirect({ ...base, refusal: 'TICKET_REQUIRED', mode: 'ticket', code: 'AB3K9Z' }),
    ).toBe('/activate?code=AB3K9Z');
    expect(playerRedirect({ ...base, refusal: 'TICKET_REQUIRED', mode: 'ticket' })).toBe(
      '/shows/abc',
    );
  });

  it('keeps a wrong code on the code form', () => {
    expect(playerRedirect({ ...base, refusal: 'ACCESS_CODE_INVALID', mode: 'nologin' })).toBeNull();
  });

  it('keeps a ticket holder whose order was cancelled or refunded on the player, to say why', () => {
    expect(
      playerRedirect({ ...base, refusal: 'ACCESS_REVOKED', mode: 'ticket', code: 'AB3K9Z' }),
    ).toBeNull();
  });

  it('sends a ticket holder back whenever the status does not play, a free viewer only before or after', () => {
    const notStarted = { ...base, refusal: 'EVENT_NOT_STARTED' as const };
    expect(playerRedirect({ ...notStarted, mode: 'ticket', status: 'ACTIVE' })).toBe('/shows/abc');
    expect(playerRedirect({ ...notStarted, mode: 'free', status: 'SOON' })).toBe('/shows/abc');
    expect(playerRedirect({ ...notStarted, mode: 'free', status: 'ACTIVE' })).toBeNull();
    expect(
      playerRedirect({ ...base, refusal: 'STREAM_INACTIVE', mode: 'free', status: 'HIDDEN' }),
    ).toBeNull();
  });
});

describe('access codes', () => {
  it('are eight symbols of the unambiguous alphabet', () => {
    const code = generateAccessCode(randomBytes);
    expect(code).toHaveLength(ACCESS_CODE_LENGTH);
    expect([...code].every((char) => TICKET_CODE_ALPHABET.includes(char))).toBe(true);
  });

  it('throw away bytes that would bias the draw', () => {
    let calls = 0;
    const code = generateAccessCode((size) => {
      calls += 1;
      return new Uint8Array(size).fill(calls === 1 ? 250 : 0);
    });
    expect(code).toBe('22222222');
  });

  it('give up on a random source that never yields a usable byte', () => {
    expect(() => generateAccessCode((size) => new Uint8Array(size).fill(255))).toThrow(/random/);
  });

  it('are compared trimmed and upper-cased, as the player sends them', () => {
    expect(normalizeWatchCode('  ab3k9zq2 ')).toBe('AB3K9ZQ2');
  });

  it('take a free show’s user id in any case, and nothing else as one', () => {
    expect(normalizeUserIdCode(' 0196A0B4-1111-7000-8000-00000000ABCD ')).toBe(
      '0196a0b4-1111-7000-8000-00000000abcd',
    );
    expect(normalizeUserIdCode('AB3K9ZQ2')).toBeNull();
  });
});

describe('blocked countries', () => {
  it('blocks a listed country in any case and never an unknown one', () => {
    expect(isCountryBlocked('IN', ['IN'])).toBe(true);
    expect(isCountryBlocked('in', ['IN'])).toBe(true);
    expect(isCountryBlocked('GT', ['IN'])).toBe(false);
    expect(isCountryBlocked(null, ['IN'])).toBe(false);
    expect(isCountryBlocked('IN', [])).toBe(false);
  });
});
