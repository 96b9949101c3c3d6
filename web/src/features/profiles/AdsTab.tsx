/**
 * The business profile's Ads tab: the business's Sponsored runs, newest first; the owner sees each run's state,
 * targeting, days and figures, opens its page, runs an ended one again, and cancels (paid, not started), stops
 * (live) or deletes (ended, unpaid) a run, each after a question that says what happens to the days left and to
 * the money (entities/ads RunStopDialog). Visitors see the live runs with the day each was created.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Ad } from '../../../../common/types';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { POST_PLACEHOLDER } from '../../lib/images';
import { allItems, newestFirst } from '../../lib/pages';
import { useBusinessAds } from '../../entities/ads/api/get-business-ads';
import { RunFiguresLine, RunState, RunStopDialog, RunStopNote, RunTargeting, runActionOf } from '../../entities/ads';
import { adRunPagePath, CREATE_AD_PATH, runAgainPath } from '../../../../common/adRuns';
import { SafeImage } from '../../components/SafeImage';

export function AdsTab({ businessId, isOwner }: { businessId: string; isOwner: boolean }) {
  const t = useT();
  const format = useFormat();
  const adsQuery = useBusinessAds(businessId);
  const ads = useMemo(() => allItems(adsQuery.data).sort(newestFirst), [adsQuery.data]);
  const [asking, setAsking] = useState<Ad | null>(null);
  const [said, setSaid] = useState<string | null>(null);

  return (
    <div className="pf-ads">
      {said && (
        <p className="banner banner-success" role="status" data-testid="run-stop-done">
          {said}
        </p>
      )}
      {isOwner && (
        <Link to={CREATE_AD_PATH} className="pf-add-tile pf-ad-create" data-testid="create-ad-card">
          <span aria-hidden="true">+</span> {t('ads.create.title')}
        </Link>
      )}
      {adsQuery.isPending ? (
        <p className="muted">{t('profiles.loading')}</p>
      ) : adsQuery.isError && ads.length === 0 ? (
        <LoadError message={t('ads.strip.loadError')} onRetry={() => void adsQuery.refetch()} />
      ) : ads.length === 0 ? (
        <p className="empty-state">{t('profiles.ads.empty')}</p>
      ) : (
        ads.map((ad) => {
          const action = runActionOf(ad);
          return (
            <article key={ad._id} className="pf-ad" data-testid="ad-card">
              <SafeImage
                src={ad.image}
                fallback={POST_PLACEHOLDER}
                alt={t('profiles.ads.image')}
                width={400}
                height={300}
                sizes="(max-width: 640px) 100vw, 320px"
              />
              {isOwner && ad.state ? (
                <div className="pf-ad-run">
                  <RunState ad={ad} />
                  <RunTargeting ad={ad} />
                  <RunStopNote ad={ad} />
                  <RunFiguresLine ad={ad} />
                </div>
              ) : (
                <p className="pf-ad-date small muted">
                  {t('ads.run.created', { date: format.longDate(ad.createdAt) })}
                </p>
              )}
              {isOwner && (
                <div className="pf-ad-footer">
                  {ad.state && (
                    <Link to={adRunPagePath(ad._id)} className="btn-link" data-testid="ad-figures">
                      {t('ads.run.open')}
                    </Link>
                  )}
                  {ad.state === 'ended' && (
                    <Link to={runAgainPath(ad._id)} className="btn-link" data-testid="ad-run-again">
                      {t('ads.run.again')}
                    </Link>
                  )}
                  <button
                    type="button"
                    className="btn-link link-danger"
                    onClick={() => {
                      setSaid(null);
                      setAsking(ad);
                    }}
                    data-testid={action === 'delete' ? 'ad-delete' : `ad-${action}`}
                  >
                    {action === 'delete' ? t('profiles.ads.delete') : t(`ads.stop.${action}`)}
                  </button>
                </div>
              )}
            </article>
          );
        })
      )}
      <LoadMore
        hasMore={!!adsQuery.hasNextPage}
        loading={adsQuery.isFetchingNextPage}
        onMore={() => void adsQuery.fetchNextPage()}
      />
      {asking && (
        <RunStopDialog
          ad={asking}
          onClose={() => setAsking(null)}
          onDone={(text) => {
            setAsking(null);
            if (text) setSaid(text);
          }}
        />
      )}
    </div>
  );
}
