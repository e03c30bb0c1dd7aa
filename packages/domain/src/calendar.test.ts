import { describe, it, expect } from 'vitest';
import { calendarUrl } from './calendar.ts';

const start = new Date('2026-12-05T03:00:00Z');

function queryOf(url: string): URLSearchParams {
  return new URL(url).searchParams;
}

describe('calendar link', () => {
  it('opens the Google Calendar event editor', () => {
    const url = calendarUrl({ title: 'Concierto', details: 'Teatro', start });
    expect(url.startsWith('https://calendar.google.com/calendar/r/eventedit?')).toBe(true);
  });

  it('lasts two hours by default, written in UTC', () => {
    const url = calendarUrl({ title: 'Concierto', start });
    expect(url).toContain('&dates=20261205T030000Z/20261205T050000Z');
  });

  it('uses the show duration when it has one', () => {
    const url = calendarUrl({ title: 'Concierto', start, durationHours: 1.5 });
    expect(queryOf(url).get('dates')).toBe('20261205T030000Z/20261205T043000Z');
  });

  it('falls back to two hours when the duration is null', () => {
    const url = calendarUrl({ title: 'Concierto', start, durationHours: null });
    expect(queryOf(url).get('dates')).toBe('20261205T030000Z/20261205T050000Z');
  });

  it('drops milliseconds from the times', () => {
    const url = calendarUrl({ title: 'x', start: new Date('2026-12-05T03:00:00.987Z') });
    expect(queryOf(url).get('dates')).toBe('20261205T030000Z/20261205T050000Z');
  });

  it('escapes the title and details so they survive the round trip', () => {
    const title = 'Marimba & Son: "Noche" 100% en vivo';
    const details = 'Ver en https://taquilla.gt/shows/1?x=1#y\nLínea dos';
    const query = queryOf(calendarUrl({ title, details, start }));
    expect(query.get('text')).toBe(title);
    expect(query.get('details')).toBe(details);
  });

  it('encodes spaces as %20', () => {
    expect(calendarUrl({ title: 'Gran show', start })).toContain('text=Gran%20show&');
  });

  it('refuses an invalid start or duration', () => {
    expect(() => calendarUrl({ title: 'x', start: new Date('nope') })).toThrow(RangeError);
    expect(() => calendarUrl({ title: 'x', start, durationHours: 0 })).toThrow(RangeError);
    expect(() => calendarUrl({ title: 'x', start, durationHours: Number.NaN })).toThrow(RangeError);
  });
});
