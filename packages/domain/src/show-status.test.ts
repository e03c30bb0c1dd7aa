import { describe, it, expect } from 'vitest';
import {
  EVENT_ENDED_MESSAGE,
  EVENT_NOT_STARTED_MESSAGE,
  SHOW_STATUSES,
  areSalesShown,
  hasPlayOverlay,
  hasWatchAccess,
  isListedOnChannel,
  isPaid,
  isShowStatus,
  showBadge,
  showOverlay,
  watchDeniedMessage,
} from './show-status.ts';
import type { ShowStatus } from './show-status.ts';

function statusesWhere(predicate: (status: ShowStatus) => boolean): ShowStatus[] {
  return SHOW_STATUSES.filter(predicate);
}

describe('show status values', () => {
  it('lists the ten statuses of the specification', () => {
    expect(SHOW_STATUSES).toHaveLength(10);
    expect(isShowStatus('REPLAY')).toBe(true);
    expect(isShowStatus('replay')).toBe(false);
  });
});

describe('paid flag', () => {
  it('accepts the boolean and the string "true"', () => {
    expect(isPaid(true)).toBe(true);
    expect(isPaid('true')).toBe(true);
    expect(isPaid(' TRUE ')).toBe(true);
  });

  it('treats everything else as unpaid', () => {
    expect(isPaid(false)).toBe(false);
    expect(isPaid('false')).toBe(false);
    expect(isPaid('')).toBe(false);
    expect(isPaid(undefined)).toBe(false);
    expect(isPaid(null)).toBe(false);
  });
});

describe('ticket sales visibility', () => {
  it('shows sales for ACTIVE, STARTED, LIVE, TEST, HIDDEN and REPLAY only', () => {
    expect(statusesWhere(areSalesShown)).toEqual([
      'ACTIVE',
      'STARTED',
      'LIVE',
      'TEST',
      'HIDDEN',
      'REPLAY',
    ]);
  });

  it('hides sales for an unknown status', () => {
    expect(areSalesShown('ARCHIVED')).toBe(false);
  });
});

describe('show badge', () => {
  it('offers the buy badge on paid ACTIVE, STARTED, LIVE and TEST shows', () => {
    expect(statusesWhere((status) => showBadge({ status, paid: 'true' }) === 'BUY')).toEqual([
      'ACTIVE',
      'STARTED',
      'LIVE',
      'TEST',
    ]);
  });

  it('offers no buy badge on a free show', () => {
    expect(showBadge({ status: 'ACTIVE', paid: false })).toBeNull();
  });

  it('shows "Próximamente" for SOON whether or not it is paid', () => {
    expect(showBadge({ status: 'SOON', paid: true })).toBe('SOON');
    expect(showBadge({ status: 'SOON', paid: false })).toBe('SOON');
  });

  it('shows nothing for REPLAY or CLOSED', () => {
    expect(showBadge({ status: 'REPLAY', paid: true })).toBeNull();
    expect(showBadge({ status: 'CLOSED', paid: true })).toBeNull();
  });
});

describe('show overlay', () => {
  it('marks LIVE shows as live and REPLAY shows as on demand', () => {
    expect(showOverlay('LIVE')).toBe('EN VIVO');
    expect(showOverlay('REPLAY')).toBe('POR DEMANDA');
  });

  it('has no overlay for other statuses', () => {
    expect(statusesWhere((status) => showOverlay(status) !== null)).toEqual(['LIVE', 'REPLAY']);
  });
});

describe('watch access', () => {
  const paidShow = { paid: 'true', nologin: false } as const;

  it('lets a ticket holder watch while STARTED, LIVE or REPLAY', () => {
    const allowed = statusesWhere((status) =>
      hasWatchAccess({ ...paidShow, status, hasActivatedTicket: true }),
    );
    expect(allowed).toEqual(['STARTED', 'LIVE', 'REPLAY']);
  });

  it('keeps a paid show closed to someone without a ticket', () => {
    expect(hasWatchAccess({ ...paidShow, status: 'LIVE', hasActivatedTicket: false })).toBe(false);
  });

  it('opens a free show to everyone once it has started', () => {
    expect(
      hasWatchAccess({ status: 'LIVE', paid: false, nologin: false, hasActivatedTicket: false }),
    ).toBe(true);
    expect(
      hasWatchAccess({ status: 'ACTIVE', paid: false, nologin: false, hasActivatedTicket: false }),
    ).toBe(false);
  });

  it('opens a no-login show in any status except CLOSED and CANCELLED', () => {
    const allowed = statusesWhere((status) =>
      hasWatchAccess({ status, paid: true, nologin: true, hasActivatedTicket: false }),
    );
    expect(allowed).toEqual(SHOW_STATUSES.filter((s) => s !== 'CLOSED' && s !== 'CANCELLED'));
  });

  it('closes a no-login show once it is CLOSED even for a ticket holder', () => {
    expect(
      hasWatchAccess({ status: 'CLOSED', paid: true, nologin: true, hasActivatedTicket: true }),
    ).toBe(false);
  });
});

describe('watch denied message', () => {
  it('tells a ticket holder that a CLOSED show has ended', () => {
    expect(watchDeniedMessage({ status: 'CLOSED', hasActivatedTicket: true })).toBe(
      EVENT_ENDED_MESSAGE,
    );
  });

  it('otherwise asks to come back 5 minutes before the start', () => {
    expect(watchDeniedMessage({ status: 'CLOSED', hasActivatedTicket: false })).toBe(
      EVENT_NOT_STARTED_MESSAGE,
    );
    expect(watchDeniedMessage({ status: 'ACTIVE', hasActivatedTicket: true })).toBe(
      EVENT_NOT_STARTED_MESSAGE,
    );
  });
});

describe('channel listings', () => {
  it('lists ACTIVE, SOON, LIVE and REPLAY on the generic channel', () => {
    expect(statusesWhere((s) => isListedOnChannel(s, 'generic'))).toEqual([
      'SOON',
      'ACTIVE',
      'LIVE',
      'REPLAY',
    ]);
  });

  it('adds TEST on the artist and podcast channels', () => {
    const expected = ['SOON', 'ACTIVE', 'LIVE', 'TEST', 'REPLAY'];
    expect(statusesWhere((s) => isListedOnChannel(s, 'artist'))).toEqual(expected);
    expect(statusesWhere((s) => isListedOnChannel(s, 'podcast'))).toEqual(expected);
  });

  it('adds HIDDEN but not TEST on the series page', () => {
    expect(statusesWhere((s) => isListedOnChannel(s, 'series'))).toEqual([
      'SOON',
      'ACTIVE',
      'LIVE',
      'HIDDEN',
      'REPLAY',
    ]);
  });
});

describe('play overlay', () => {
  const video_url = 'https://video.example/stream.m3u8';

  it('needs a video', () => {
    expect(hasPlayOverlay({ status: 'LIVE', video_url, variant: 'generic' })).toBe(true);
    expect(hasPlayOverlay({ status: 'LIVE', video_url: '', variant: 'generic' })).toBe(false);
    expect(hasPlayOverlay({ status: 'LIVE', video_url: null, variant: 'generic' })).toBe(false);
    expect(hasPlayOverlay({ status: 'LIVE', variant: 'artist' })).toBe(false);
  });

  it('takes the public answer’s has_video flag in place of the video url', () => {
    expect(hasPlayOverlay({ status: 'LIVE', has_video: true, variant: 'generic' })).toBe(true);
    expect(hasPlayOverlay({ status: 'LIVE', has_video: false, variant: 'generic' })).toBe(false);
    expect(hasPlayOverlay({ status: 'SOON', has_video: true, variant: 'artist' })).toBe(false);
  });

  it('plays TEST shows on the artist and podcast channels but not on the series page', () => {
    expect(hasPlayOverlay({ status: 'TEST', video_url, variant: 'artist' })).toBe(true);
    expect(hasPlayOverlay({ status: 'TEST', video_url, variant: 'podcast' })).toBe(true);
    expect(hasPlayOverlay({ status: 'TEST', video_url, variant: 'series' })).toBe(false);
    expect(hasPlayOverlay({ status: 'TEST', video_url, variant: 'generic' })).toBe(false);
  });

  it('never plays SOON or HIDDEN shows', () => {
    expect(hasPlayOverlay({ status: 'SOON', video_url, variant: 'artist' })).toBe(false);
    expect(hasPlayOverlay({ status: 'HIDDEN', video_url, variant: 'series' })).toBe(false);
  });

  it('plays ACTIVE, LIVE and REPLAY on the series page', () => {
    const playable = statusesWhere((status) =>
      hasPlayOverlay({ status, video_url, variant: 'series' }),
    );
    expect(playable).toEqual(['ACTIVE', 'LIVE', 'REPLAY']);
  });
});
