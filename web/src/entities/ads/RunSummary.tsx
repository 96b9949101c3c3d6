/**
 * What a business sees of one of its Sponsored runs: its state, the service and towns it is shown for, its dates,
 * and (with `figures`) its totals so far. Used by the Ads tab of its profile and the run's page.
 */
import type { Ad } from '../../../../common/types';
import { useCategories } from '../../lib/categories';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import './runSummary.css';

export function RunState({ ad }: { ad: Ad }) {
  const t = useT();
  if (!ad.state) return null;
  const label =
    ad.state === 'ended' && ad.endReason === 'refunded' ? t('ads.run.endedByRefund') : t(`ads.run.state.${ad.state}`);
  return (
    <span className={`badge run-state run-state-${ad.state}`} data-testid="run-state">
      {label}
    </span>
  );
}

export function RunTargeting({ ad }: { ad: Ad }) {
  const t = useT();
  const format = useFormat();
  const { names } = useCategories();
  const service = ad.category ? names([ad.category])[0] : t('ads.run.anyService');
  const towns = ad.towns?.length ? ad.towns.join(', ') : t('ads.run.wholeCountry');
  return (
    <p className="run-targeting" data-testid="run-targeting">
      <strong>{service}</strong> · {towns}
      {ad.startsAt && ad.endsAt && (
        <span className="run-dates">
          {t('ads.run.dates', { start: format.longDate(ad.startsAt), end: format.longDate(ad.endedAt ?? ad.endsAt) })}
        </span>
      )}
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
