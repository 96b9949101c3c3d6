/**
 * Relative time as the product measures it: 'now' under a minute, then whole minutes, hours, days, months
 * or years (thresholds 60 s, 3600 s, 86400 s, 30 days, 365 days). `useFormat().timeAgo` (i18n/format.ts)
 * words it in the reader's language.
 */
const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

export type ElapsedUnit = 'now' | 'minute' | 'hour' | 'day' | 'month' | 'year';

/** How long ago `then` was, in the largest whole unit of the thresholds above (i18n/format.ts words it). */
export function elapsed(then: number, now: number = Date.now()): { unit: ElapsedUnit; count: number } {
  const seconds = Math.max(0, Math.floor((now - then) / 1000));
  if (seconds < MINUTE) return { unit: 'now', count: 0 };
  if (seconds < HOUR) return { unit: 'minute', count: Math.floor(seconds / MINUTE) };
  if (seconds < DAY) return { unit: 'hour', count: Math.floor(seconds / HOUR) };
  if (seconds < MONTH) return { unit: 'day', count: Math.floor(seconds / DAY) };
  if (seconds < YEAR) return { unit: 'month', count: Math.floor(seconds / MONTH) };
  return { unit: 'year', count: Math.floor(seconds / YEAR) };
}
