export const DEFAULT_EVENT_DURATION_HOURS = 2;

const GOOGLE_CALENDAR_EDIT_URL = 'https://calendar.google.com/calendar/r/eventedit';
const MS_PER_HOUR = 60 * 60 * 1000;

/** 2026-12-05T03:00:00.000Z → 20261205T030000Z, the basic ISO form Google expects. */
function toCalendarStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/**
 * A Google Calendar "add event" link. Times go in UTC so the viewer's calendar shows them
 * in the viewer's own zone. The dates' slash is left unescaped: that is the form Google
 * documents, and it keeps the link readable.
 */
export function calendarUrl(event: {
  title: string;
  details?: string | null;
  start: Date;
  durationHours?: number | null;
}): string {
  if (Number.isNaN(event.start.getTime())) throw new RangeError('Invalid event start');
  const hours = event.durationHours ?? DEFAULT_EVENT_DURATION_HOURS;
  if (!Number.isFinite(hours) || hours <= 0) {
    throw new RangeError(`Event duration must be a positive number of hours, got ${hours}`);
  }
  const end = new Date(event.start.getTime() + Math.round(hours * MS_PER_HOUR));
  const query = [
    `text=${encodeURIComponent(event.title)}`,
    `details=${encodeURIComponent(event.details ?? '')}`,
    `dates=${toCalendarStamp(event.start)}/${toCalendarStamp(end)}`,
  ].join('&');
  return `${GOOGLE_CALENDAR_EDIT_URL}?${query}`;
}
