/** The weeks of the operator's screen: a Monday (YYYY-MM-DD, UTC) read as its day in the chosen language. */
import { useCallback } from 'react';
import { weekStartOf } from '../../../../common/moderation';
import { useFormat } from '../../i18n/format';

/** The Monday of this week (UTC). */
export const currentWeek = () => weekStartOf(new Date());

/** A Monday as "March 2, 2026" / "2 mars 2026" (read at noon UTC: the same day in every time zone near Albania's). */
export function useWeekLabel() {
  const { longDate } = useFormat();
  return useCallback((weekStart: string) => longDate(`${weekStart}T12:00:00Z`), [longDate]);
}
