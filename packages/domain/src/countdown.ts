/**
 * Time left on a cart's hold as the countdown shows it: minutes and seconds
 * ("9:59", "0:05"), rounded up so that "0:00" appears only when the time is over.
 */
export function formatCountdown(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Milliseconds until `validThru` (an ISO date), never below 0; 0 for a date that cannot be read. */
export function remainingMs(validThru: string, now: number): number {
  const end = Date.parse(validThru);
  return Number.isNaN(end) ? 0 : Math.max(0, end - now);
}
