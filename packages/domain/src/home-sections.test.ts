import { describe, it, expect } from 'vitest';
import {
  SPANISH_MONTHS,
  groupByMonth,
  groupShowsForHome,
  monthLabel,
  startOfDay,
  startOfWeek,
} from './home-sections.ts';

function show(id: string, show_date: string) {
  return { id, show_date };
}

function ids(items: readonly { id: string }[]): string[] {
  return items.map((item) => item.id);
}

describe('start of week', () => {
  it('goes back to Monday midnight in Guatemala', () => {
    // Thursday 3 December 2026, 10:00 in Guatemala (UTC-6).
    expect(startOfWeek(new Date('2026-12-03T16:00:00Z')).toISOString()).toBe(
      '2026-11-30T06:00:00.000Z',
    );
  });

  it('treats Sunday as the last day of the week', () => {
    // Sunday 6 December 2026, 23:00 in Guatemala.
    expect(startOfWeek(new Date('2026-12-07T05:00:00Z')).toISOString()).toBe(
      '2026-11-30T06:00:00.000Z',
    );
  });

  it('keeps a Monday in its own week', () => {
    expect(startOfWeek(new Date('2026-11-30T06:00:00Z')).toISOString()).toBe(
      '2026-11-30T06:00:00.000Z',
    );
  });

  it('uses the local day, not the UTC day', () => {
    // Monday 02:00 UTC is still Sunday evening in Guatemala.
    expect(startOfWeek(new Date('2026-12-07T02:00:00Z')).toISOString()).toBe(
      '2026-11-30T06:00:00.000Z',
    );
    expect(startOfWeek(new Date('2026-12-07T02:00:00Z'), 'UTC').toISOString()).toBe(
      '2026-12-07T00:00:00.000Z',
    );
  });
});

describe('start of day', () => {
  it('goes back to midnight of the Guatemala day, not of the UTC day', () => {
    // 01:30 UTC on 4 December is 19:30 on 3 December in Guatemala.
    expect(startOfDay(new Date('2026-12-04T01:30:00Z')).toISOString()).toBe(
      '2026-12-03T06:00:00.000Z',
    );
  });
});

describe('month labels', () => {
  it('capitalises the Spanish month and adds the year', () => {
    expect(monthLabel(2026, 12)).toBe('Diciembre 2026');
    expect(monthLabel(2027, 1)).toBe('Enero 2027');
  });

  it('knows all twelve months', () => {
    expect(SPANISH_MONTHS).toHaveLength(12);
    expect(SPANISH_MONTHS[8]).toBe('septiembre');
  });

  it('refuses a month outside 1 to 12', () => {
    expect(() => monthLabel(2026, 0)).toThrow(RangeError);
    expect(() => monthLabel(2026, 13)).toThrow(RangeError);
  });
});

describe('grouping by month', () => {
  it('groups by the Guatemala month and keeps the given order', () => {
    const groups = groupByMonth([
      show('feb', '2027-02-10T02:00:00Z'),
      // 1 January 02:00 UTC is still 31 December in Guatemala.
      show('nye', '2027-01-01T02:00:00Z'),
      show('dec', '2026-12-05T20:00:00Z'),
    ]);
    expect(groups.map((group) => group.key)).toEqual(['2027-02', '2026-12']);
    expect(groups.map((group) => group.label)).toEqual(['Febrero 2027', 'Diciembre 2026']);
    expect(groups.map((group) => ids(group.items))).toEqual([['feb'], ['nye', 'dec']]);
  });

  it('leaves out items without a readable date', () => {
    expect(groupByMonth([show('bad', 'pronto')])).toEqual([]);
  });
});

describe('home sections', () => {
  // Thursday 3 December 2026, 10:00 in Guatemala; the week runs 30 Nov to 6 Dec.
  const now = new Date('2026-12-03T16:00:00Z');
  const shows = [
    show('jan', '2027-01-15T01:00:00Z'),
    show('sunday-night', '2026-12-07T04:00:00Z'),
    show('next-monday', '2026-12-07T06:00:00Z'),
    show('monday', '2026-11-30T20:00:00Z'),
    show('this-morning', '2026-12-03T14:00:00Z'),
    show('last-week', '2026-11-29T20:00:00Z'),
    show('dec-20', '2026-12-20T20:00:00Z'),
    show('no-date', ''),
  ];
  const sections = groupShowsForHome(shows, now);

  it('puts today to Sunday in this week, soonest first, a show of this morning included', () => {
    expect(ids(sections.thisWeek)).toEqual(['this-morning', 'sunday-night']);
  });

  it('lists a show that began before today and still runs as ongoing, not in this week', () => {
    // The catalogue answered them, so they have not ended: a date already past.
    expect(ids(sections.ongoing)).toEqual(['last-week', 'monday']);
  });

  it('lists what comes after this week as upcoming, soonest first', () => {
    expect(ids(sections.upcoming)).toEqual(['next-monday', 'dec-20', 'jan']);
  });

  it('splits the upcoming shows into one section per month', () => {
    expect(sections.months).toEqual([
      {
        key: '2026-12',
        label: 'Diciembre 2026',
        items: [shows[2], shows[6]],
      },
      { key: '2027-01', label: 'Enero 2027', items: [shows[0]] },
    ]);
  });

  it('lists every dated show once and drops shows without a date', () => {
    const all = [...sections.ongoing, ...sections.thisWeek, ...sections.upcoming];
    expect(ids(all).sort()).toEqual(ids(shows.filter((s) => s.show_date !== '')).sort());
  });

  it('returns the caller’s own objects', () => {
    expect(sections.thisWeek[0]).toBe(shows[4]);
  });
});
