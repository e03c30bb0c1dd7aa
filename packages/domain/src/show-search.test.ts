import { describe, expect, it } from 'vitest';
import { hasShowEnded, rankSearchResults } from './show-search.ts';

const now = new Date('2026-06-15T18:00:00Z');

describe('show end', () => {
  it('ends after the default two hours', () => {
    expect(hasShowEnded({ show_date: '2026-06-15T16:30:00Z' }, now)).toBe(false);
    expect(hasShowEnded({ show_date: '2026-06-15T15:59:00Z' }, now)).toBe(true);
  });

  it('uses the show duration', () => {
    const show = { show_date: '2026-06-15T12:00:00Z', settings: { duration: 10 } };
    expect(hasShowEnded(show, now)).toBe(false);
  });

  it('never treats an unreadable date as ended', () => {
    expect(hasShowEnded({ show_date: 'mañana' }, now)).toBe(false);
  });
});

describe('search suggestions order', () => {
  it('lists what is to come first, soonest first, then the past, latest first', () => {
    const shows = [
      { id: 'old', show_date: '2025-01-10T02:00:00Z' },
      { id: 'later', show_date: '2026-09-01T02:00:00Z' },
      { id: 'broken', show_date: '' },
      { id: 'recent', show_date: '2026-05-01T02:00:00Z' },
      { id: 'running', show_date: '2026-06-15T17:00:00Z' },
      { id: 'soon', show_date: '2026-06-20T02:00:00Z' },
    ];
    expect(rankSearchResults(shows, now).map((show) => show.id)).toEqual([
      'running',
      'soon',
      'later',
      'recent',
      'old',
      'broken',
    ]);
  });
});
