import { describe, expect, it } from 'vitest';
import {
  INITIAL_LIVE_PLAYER_STATE,
  SHOW_EVENT_STATUSES,
  acceptsLiveEvents,
  applyLiveEvent,
  changesPlayerState,
  showStatusAfterLiveEvent,
} from './live-events.ts';
import { SHOW_STATUSES } from './show-status.ts';
import type { ShowStatus } from './show-status.ts';

describe('live control events (001 §4)', () => {
  it('are start, restart, issues, curtain and end', () => {
    expect(SHOW_EVENT_STATUSES).toEqual(['start', 'restart', 'issues', 'curtain', 'end']);
  });

  it('are refused for drafts and for closed or cancelled shows', () => {
    expect(SHOW_STATUSES.filter((status) => !acceptsLiveEvents(status))).toEqual([
      'NEW',
      'CLOSED',
      'CANCELLED',
    ]);
  });

  it('never make issues the current state', () => {
    expect(SHOW_EVENT_STATUSES.filter(changesPlayerState)).toEqual([
      'start',
      'restart',
      'curtain',
      'end',
    ]);
  });
});

describe('the show status after a live event', () => {
  const after = (status: ShowStatus, event: 'start' | 'restart' | 'end', vod = false) =>
    showStatusAfterLiveEvent(status, event, { vod });

  it('puts a waiting show on the air at start or restart', () => {
    for (const status of ['SOON', 'ACTIVE', 'STARTED'] as const) {
      expect(after(status, 'start')).toBe('LIVE');
      expect(after(status, 'restart')).toBe('LIVE');
    }
  });

  it('leaves a rehearsal, a replay and a hidden show as they are', () => {
    for (const status of ['TEST', 'REPLAY', 'HIDDEN', 'LIVE'] as const) {
      expect(after(status, 'start')).toBe(status);
    }
    expect(after('TEST', 'end')).toBe('TEST');
    expect(after('REPLAY', 'end', true)).toBe('REPLAY');
  });

  it('closes a live show at the end, or keeps it on demand when it is VOD', () => {
    expect(after('LIVE', 'end')).toBe('CLOSED');
    expect(after('STARTED', 'end')).toBe('CLOSED');
    expect(after('LIVE', 'end', true)).toBe('REPLAY');
  });

  it('never moves on issues or curtain', () => {
    for (const status of SHOW_STATUSES) {
      expect(showStatusAfterLiveEvent(status, 'issues', { vod: false })).toBe(status);
      expect(showStatusAfterLiveEvent(status, 'curtain', { vod: true })).toBe(status);
    }
  });
});

describe('what a player does with each event', () => {
  const covered = applyLiveEvent(INITIAL_LIVE_PLAYER_STATE, 'curtain', { type: 'video' });

  it('covers the video with the curtain the metadata names', () => {
    expect(covered).toEqual({ curtain: { type: 'video' }, ended: false, video: 'keep' });
  });

  it('loads the video and clears curtain and ended flag at start; reloads it at restart', () => {
    const ended = applyLiveEvent(covered, 'end');
    expect(applyLiveEvent(ended, 'start')).toEqual({ curtain: null, ended: false, video: 'play' });
    expect(applyLiveEvent(covered, 'restart')).toEqual({
      curtain: null,
      ended: false,
      video: 'reload',
    });
  });

  it('ignores issues', () => {
    expect(applyLiveEvent(covered, 'issues')).toBe(covered);
  });

  it('clears the curtain, stops the video and shows the ended screen at end', () => {
    expect(applyLiveEvent(covered, 'end')).toEqual({ curtain: null, ended: true, video: 'stop' });
  });
});
