/**
 * Numbers, prices, dates and times as the chosen language writes them: prices always in the stage's one
 * currency (Intl.NumberFormat), dates by Intl.DateTimeFormat, "3 days ago" by the catalogue's plural
 * messages with the product's thresholds (lib/time.ts), towns in Albanian alphabetical order.
 */
import { useMemo } from 'react';
import { useIntl } from './intl';
import { moneyOptions } from '../../../common/money';
import { elapsed, type ElapsedUnit } from '../lib/time';
import type { MessageId } from './catalog/en';
import { useLanguage } from './I18nProvider';

const AGO: Record<Exclude<ElapsedUnit, 'now'>, MessageId> = {
  minute: 'common.time.minutesAgo',
  hour: 'common.time.hoursAgo',
  day: 'common.time.daysAgo',
  month: 'common.time.monthsAgo',
  year: 'common.time.yearsAgo',
};

/** Towns (and other Albanian names) sort by the Albanian alphabet in every language: Ç after C, Ë after E. */
export const albanianOrder = new Intl.Collator('sq');

/** Whether this browser's Intl has the language's month names (not only its English fallback). */
const hasDateNames = (locale: string) => Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0;

export type DateInput = string | number | Date | undefined | null;

const toTime = (date: DateInput): number | undefined => {
  if (date === undefined || date === null || date === '') return undefined;
  const time = new Date(date).getTime();
  return Number.isNaN(time) ? undefined : time;
};

/** "10:42": the time of day on a 24-hour clock, as both languages write it. */
const clock = (time: number) => {
  const d = new Date(time);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

/** "21 nëntor 2026" / "November 21, 2026"; '' for no date. */
function longDate(intl: ReturnType<typeof useIntl>, date: DateInput): string {
  const time = toTime(date);
  if (time === undefined) return '';
  if (hasDateNames(intl.locale)) return intl.formatDate(time, { year: 'numeric', month: 'long', day: 'numeric' });
  // A browser built without this language's calendar data (some lean Chromium builds know English only)
  // would write "2026 M11 23": the catalogue's month names instead.
  const d = new Date(time);
  return intl.formatMessage(
    { id: 'common.date.long' },
    { day: d.getDate(), month: String(d.getMonth()), year: d.getFullYear() },
  );
}

export function useFormat() {
  const intl = useIntl();
  const { currency } = useLanguage();
  return useMemo(
    () => ({
      /** "€1.200" / "1 200 €" by language, in the stage's currency or `inCurrency`; '-' without an amount. */
      money(amount: number | string | undefined | null, decimals = 0, inCurrency?: string): string {
        if (amount === undefined || amount === null || amount === '') return '-';
        const n = Number(amount);
        if (!Number.isFinite(n)) return '-';
        // A payment is written in the currency it was charged in (common/payments.ts), else the stage's.
        return intl.formatNumber(n, moneyOptions((inCurrency as typeof currency | undefined) ?? currency, decimals));
      },
      /** The currency's symbol alone ("€", "Lekë", "$"), for labels such as "Price (€)". */
      currencySymbol(): string {
        const part = intl.formatNumberToParts(0, { style: 'currency', currency }).find((p) => p.type === 'currency');
        return part?.value ?? currency;
      },
      number: (n: number) => intl.formatNumber(n),
      /** "21 nëntor 2026" / "November 21, 2026"; '' for no date. */
      longDate: (date: DateInput) => longDate(intl, date),
      /** "7 dhjetor 2026, ora 10:42" / "December 7, 2026, 10:42": a moment with its time of day (24-hour clock). */
      dateTime(date: DateInput): string {
        const time = toTime(date);
        if (time === undefined) return '';
        return intl.formatMessage({ id: 'common.date.atTime' }, { date: longDate(intl, time), time: clock(time) });
      },
      /**
       * A run of days `YYYY-MM-DD` (read as UTC days, the days a Sponsored run is counted in): "7 deri më 13 dhjetor"
       * / "December 7 to 13"; across months "30 nëntor deri më 6 dhjetor" / "November 30 to December 6".
       */
      dayRange(first: string, last: string): string {
        const [from, to] = [new Date(`${first}T12:00:00Z`), new Date(`${last}T12:00:00Z`)];
        if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return '';
        if (from.getUTCMonth() === to.getUTCMonth() && from.getUTCFullYear() === to.getUTCFullYear())
          return intl.formatMessage(
            { id: 'common.date.rangeSameMonth' },
            { start: from.getUTCDate(), end: to.getUTCDate(), month: String(from.getUTCMonth()) },
          );
        const dayMonth = (d: Date) =>
          intl.formatMessage({ id: 'common.date.dayMonth' }, { day: d.getUTCDate(), month: String(d.getUTCMonth()) });
        return intl.formatMessage({ id: 'common.date.range' }, { start: dayMonth(from), end: dayMonth(to) });
      },
      /** "7 dhjetor, ora 10:00 deri më 14 dhjetor, ora 10:00": two moments with their days and times of day. */
      momentRange(start: DateInput, end: DateInput): string {
        const [from, to] = [toTime(start), toTime(end)];
        if (from === undefined || to === undefined) return '';
        const moment = (t: number) => {
          const d = new Date(t);
          return intl.formatMessage(
            { id: 'common.date.atTime' },
            {
              date: intl.formatMessage(
                { id: 'common.date.dayMonth' },
                { day: d.getDate(), month: String(d.getMonth()) },
              ),
              time: clock(t),
            },
          );
        };
        return intl.formatMessage({ id: 'common.date.range' }, { start: moment(from), end: moment(to) });
      },
      /** A calendar month `YYYY-MM` as "nëntor 2026" / "November 2026" (the catalogue's month names). */
      monthName(month: string): string {
        const [year, m] = month.split('-').map(Number);
        if (!year || !m) return month;
        return intl.formatMessage({ id: 'common.date.month' }, { month: String(m - 1), year });
      },
      /** "3 ditë më parë" / "3 days ago"; '' for no date. */
      timeAgo(date: DateInput, now: number = Date.now()): string {
        const time = toTime(date);
        if (time === undefined) return '';
        const { unit, count } = elapsed(time, now);
        return unit === 'now'
          ? intl.formatMessage({ id: 'common.time.justNow' })
          : intl.formatMessage({ id: AGO[unit] }, { count });
      },
    }),
    [intl, currency],
  );
}
