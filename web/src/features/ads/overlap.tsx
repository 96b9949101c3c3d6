/**
 * A run that would overlap one of the business's own paid runs (scheduled or live) for the same service, a town in
 * common and days in common (common/adRuns.ts runOverlap): worked out from the business's runs as Create an ad is
 * filled in (or from the API's 409 AD_RUN_OVERLAP, when it knew of a run the page did not), said with what it would
 * add, and bought only once the business ticks that it understands, for the targeting it ticked it for.
 */
import { useMemo, useState } from 'react';
import { plannedReach, reachOfRun, runOverlap, type RunOverlap } from '../../../../common/adRuns';
import { useT } from '../../i18n/useT';
import { allItems } from '../../lib/pages';
import { useBusinessAds } from '../../entities/ads/api/get-business-ads';
import { useRunPeriod } from '../../entities/ads';
import { useTownList } from '../../entities/payments';

export function useRunOverlap(
  businessId: string | undefined,
  targeting: { category?: string; towns: string[]; startDate: string },
  /** The targeting in one string: a tick or an answer holds for it only. */
  key: string,
) {
  const ownRuns = useBusinessAds(businessId ?? '').data;
  const [answer, setAnswer] = useState<{ key: string; overlap: RunOverlap } | null>(null);
  const [confirmedFor, setConfirmedFor] = useState<string | null>(null);
  const { category, towns, startDate } = targeting;
  const known = useMemo(
    () =>
      runOverlap(
        allItems(ownRuns).map(reachOfRun),
        plannedReach({ category, towns, startDate: startDate || undefined }, new Date().toISOString()),
      ),
    [ownRuns, category, towns, startDate],
  );
  return {
    /** What to say, if the run overlaps. */
    shown: known ?? (answer?.key === key ? answer.overlap : undefined),
    confirmed: confirmedFor === key,
    confirm: (ok: boolean) => setConfirmedFor(ok ? key : null),
    /** The API's 409 AD_RUN_OVERLAP for this targeting. */
    answered: (overlap: RunOverlap) => setAnswer({ key, overlap }),
  };
}

/** The business's own runs a new one overlaps, what it would add, and the box that says the business understands. */
export function OverlapWarning({
  overlap,
  confirmed,
  onConfirm,
}: {
  overlap: RunOverlap;
  confirmed: boolean;
  onConfirm: (ok: boolean) => void;
}) {
  const t = useT();
  const townList = useTownList();
  const period = useRunPeriod();
  const adds = [
    ...(overlap.addsTowns.length ? [townList(overlap.addsTowns)] : []),
    ...(overlap.addsCountry ? [t('ads.overlap.addsCountry')] : []),
    ...(overlap.addsDays > 0 ? [t('ads.overlap.addsDays', { days: overlap.addsDays })] : []),
  ];
  return (
    <div className="banner banner-warning ad-overlap" role="status" data-testid="ad-overlap">
      <strong>{t('ads.overlap.title')}</strong>
      <p>{t('ads.overlap.text', { count: overlap.runs.length })}</p>
      <ul>
        {overlap.runs.map((run) => (
          <li key={run._id}>
            {t('ads.overlap.run', {
              towns: run.towns.length ? townList(run.towns) : t('ads.run.wholeCountry'),
              period: period(run) ?? '',
            })}
          </li>
        ))}
      </ul>
      <p data-testid="ad-overlap-adds">
        {adds.length ? t('ads.overlap.adds', { what: townList(adds) }) : t('ads.overlap.addsNothing')}
      </p>
      <label className="ad-overlap-confirm">
        <input
          type="checkbox"
          checked={confirmed}
          onChange={(e) => onConfirm(e.target.checked)}
          data-testid="ad-overlap-confirm"
        />
        <span>{t('ads.overlap.confirm')}</span>
      </label>
    </div>
  );
}
