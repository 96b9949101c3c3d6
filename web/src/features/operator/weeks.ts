/** The weeks of the operator's screen: a Monday (YYYY-MM-DD, UTC) read as its day in the chosen language. */
import { useCallback } from 'react';
import { weekStartOf } from '../../../../common/moderation';
import { useFormat } from '../../i18n/format';

/** The Monday of this week (UTC). */
export const currentWeek = () => weekStartOf(new Date());

/** Hours in a week: the week in progress says how many of them have passed. */
export const WEEK_HOURS = 7 * 24;
/** Whole hours from the start of the week of `weekStart` (a Monday, 00:00 UTC) to `now`, at most WEEK_HOURS. */
export const hoursIntoWeek = (weekStart: string, now = Date.now()) =>
  Math.max(0, Math.min(WEEK_HOURS, Math.floor((now - Date.parse(`${weekStart}T00:00:00Z`)) / 3_600_000)));

/** A Monday as "March 2, 2026" / "2 mars 2026" (read at noon UTC: the same day in every time zone near Albania's). */
export function useWeekLabel() {
  const { longDate } = useFormat();
  return useCallback((weekStart: string) => longDate(`${weekStart}T12:00:00Z`), [longDate]);
}
