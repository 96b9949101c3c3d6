/**
 * What a business sees of one of its Sponsored runs: its state, the service and towns it is shown for, its days
 * ("7 days: December 7 to 13", the last day it is shown; a run started when it was paid carries the time of day),
 * what its business's cancellation or stop gave back, and (with `figures`) its totals so far. Used by the Ads tab
 * of its profile and the run's page.
 */
import type { Ad } from '../../../../common/types';
import { runDays } from '../../../../common/adRuns';
import { useCategories } from '../../lib/categories';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import './runSummary.css';

export function RunState({ ad }: { ad: Ad }) {
  const t = useT();
  if (!ad.state) return null;
  const label =
    ad.state !== 'ended'
      ? t(`ads.run.state.${ad.state}`)
      : ad.endReason === 'refunded'
        ? t('ads.run.endedByRefund')
        : ad.endReason === 'canceled'
          ? t('ads.run.endedByCancel')
          : ad.endReason === 'stopped'
            ? t('ads.run.endedByStop')
            : t('ads.run.state.ended');
  return (
    <span className={`badge run-state run-state-${ad.state}`} data-testid="run-state">
      {label}
    </span>
  );
}

/** A run's days, as its lists say them: "7 days: December 7 to 13" (or with the times when it started on payment). */
export function useRunPeriod() {
  const t = useT();
  const format = useFormat();
  return (ad: Pick<Ad, 'startsAt' | 'endsAt' | 'endedAt'>) => {
    if (!ad.startsAt || !ad.endsAt) return undefined;
    const end = ad.endedAt && ad.endedAt < ad.endsAt ? ad.endedAt : ad.endsAt;
    const days = runDays(ad.startsAt, end);
    return t('ads.run.period', {
      days: days.days,
      range: days.wholeDays ? format.dayRange(days.firstDay, days.lastDay) : format.momentRange(ad.startsAt, end),
    });
  };
}

export function RunTargeting({ ad }: { ad: Ad }) {
  const t = useT();
  const { names } = useCategories();
  const period = useRunPeriod()(ad);
  const service = ad.category ? names([ad.category])[0] : t('ads.run.anyService');
  const towns = ad.towns?.length ? ad.towns.join(', ') : t('ads.run.wholeCountry');
  return (
    <p className="run-targeting" data-testid="run-targeting">
      <strong>{service}</strong> · {towns}
      {period && (
        <span className="run-dates" data-testid="run-dates">
          {period}
        </span>
      )}
    </p>
  );
}

/** What the business's cancellation or stop of the run gave back (nothing to say for any other run). */
export function RunStopNote({ ad }: { ad: Ad }) {
  const t = useT();
  const format = useFormat();
  if (!ad.stop) return null;
  const amount = format.money(ad.stop.refund, 2, ad.currency);
  return (
    <p className="small muted" data-testid="run-stop-note">
      {ad.stop.refund <= 0
        ? t('ads.run.stopped.nothing')
        : ad.stop.kind === 'cancel'
          ? t('ads.run.stopped.cancel', { amount })
          : t('ads.run.stopped.stop', { days: ad.stop.daysLeft, amount })}
    </p>
  );
}

export function RunFiguresLine({ ad }: { ad: Ad }) {
  const t = useT();
  const format = useFormat();
  if (!ad.figures) return null;
  return (
    <p className="small muted" data-testid="run-figures">
      {t('ads.figures.summary', {
        impressions: format.number(ad.figures.impressions),
        clicks: format.number(ad.figures.clicks),
        chats: format.number(ad.figures.chats),
      })}
    </p>
  );
}
