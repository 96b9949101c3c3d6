/**
 * The business profile's Ads tab: the business's Sponsored runs, newest first; the owner sees each run's state,
 * targeting and figures, opens its page, runs an ended one again, creates and deletes them.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Ad } from '../../../../common/types';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { useErrorText } from '../../i18n/errors';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { POST_PLACEHOLDER } from '../../lib/images';
import { allItems, newestFirst } from '../../lib/pages';
import { useBusinessAds } from '../../entities/ads/api/get-business-ads';
import { useDeleteAd } from '../../entities/ads/api/delete-ad';
import { RunFiguresLine, RunState, RunTargeting } from '../../entities/ads';
import { adRunPagePath, CREATE_AD_PATH, runAgainPath } from '../../../../common/adRuns';
import { SafeImage } from '../../components/SafeImage';

export function AdsTab({ businessId, isOwner }: { businessId: string; isOwner: boolean }) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const adsQuery = useBusinessAds(businessId);
  const ads = useMemo(() => allItems(adsQuery.data).sort(newestFirst), [adsQuery.data]);
  const deleteAd = useDeleteAd();
  const [error, setError] = useState<string | null>(null);

  function remove(ad: Ad) {
    setError(null);
    deleteAd.mutate(ad._id, { onError: (err) => setError(t('profiles.ads.deleteFailed', { reason: errorText(err) })) });
  }

  return (
    <div className="pf-ads">
      {error && (
        <p className="field-error fx-error" role="alert" data-testid="ad-delete-error">
          {error}
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
        ads.map((ad) => (
          <article key={ad._id} className="pf-ad" data-testid="ad-card">
            <SafeImage
              src={ad.image}
              fallback={POST_PLACEHOLDER}
              alt={t('profiles.ads.image')}
              width={400}
              height={300}
              sizes="(max-width: 640px) 100vw, 320px"
            />
            {isOwner && ad.state && (
              <div className="pf-ad-run">
                <RunState ad={ad} />
                <RunTargeting ad={ad} />
                <RunFiguresLine ad={ad} />
              </div>
            )}
            <div className="pf-ad-footer">
              <span>{format.longDate(ad.createdAt)}</span>
              {isOwner && ad.state && (
                <Link to={adRunPagePath(ad._id)} className="btn-link" data-testid="ad-figures">
                  {t('ads.run.open')}
                </Link>
              )}
              {isOwner && ad.state === 'ended' && (
                <Link to={runAgainPath(ad._id)} className="btn-link" data-testid="ad-run-again">
                  {t('ads.run.again')}
                </Link>
              )}
              {isOwner && (
                <button
                  type="button"
                  className="btn-link link-danger"
                  onClick={() => remove(ad)}
                  data-testid="ad-delete"
                  disabled={deleteAd.isPending && deleteAd.variables === ad._id}
                >
                  {t('profiles.ads.delete')}
                </button>
              )}
            </div>
          </article>
        ))
      )}
      <LoadMore
        hasMore={!!adsQuery.hasNextPage}
        loading={adsQuery.isFetchingNextPage}
        onMore={() => void adsQuery.fetchNextPage()}
      />
    </div>
  );
}
