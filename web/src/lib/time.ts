/**
 * Relative time as the product shows it: 'just now' under a minute, then
 * "N minute(s) / hour(s) / day(s) / month(s) / year(s) ago" (thresholds 60 s, 3600 s, 86400 s, 30 days, 365 days).
 */
const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

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

export function timeAgo(date: string | number | Date | undefined | null, now: number = Date.now()): string {
  if (date === undefined || date === null || date === '') return '';
  const then = new Date(date).getTime();
  if (Number.isNaN(then)) return '';
  const seconds = Math.max(0, Math.floor((now - then) / 1000));
  if (seconds < MINUTE) return 'just now';
  if (seconds < HOUR) return plural(Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return plural(Math.floor(seconds / HOUR), 'hour');
  if (seconds < MONTH) return plural(Math.floor(seconds / DAY), 'day');
  if (seconds < YEAR) return plural(Math.floor(seconds / MONTH), 'month');
  return plural(Math.floor(seconds / YEAR), 'year');
}

/** Long US-style date, e.g. "November 21, 2026". */
export function longDate(date: string | number | Date): string {
  const d = new Date(date);
  return Number.isNaN(d.getTime())
    ? ''
    : d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
