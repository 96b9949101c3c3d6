/**
 * The offers of a request on its owner's page (/post/view/{id}): their count and sort, the compare bar (the owner,
 * with more than one offer), an action's refusal, the list (loading, error with Retry, empty) and Load more.
 */
import type { ReactNode } from 'react';
import { Banner } from '../../components/feedback';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import type { usePostOffers } from '../../entities/offers/api/get-post-offers';
import { preloadCompareOffers, type OfferSort } from '../../entities/offers/negotiation';
import { useT } from '../../i18n/useT';

export function OffersSection({
  query,
  count,
  isOwner,
  sort,
  onSort,
  counterBanner,
  comparedCount,
  onOpenCompare,
  actionError,
  children,
}: {
  query: ReturnType<typeof usePostOffers>;
  /** How many offers are loaded. */
  count: number;
  isOwner: boolean;
  sort: OfferSort;
  onSort: (sort: OfferSort) => void;
  /** "Counter-offer sent", for a while. */
  counterBanner: string | null;
  /** How many offers are ticked for comparing. */
  comparedCount: number;
  onOpenCompare: () => void;
  actionError: string | null;
  /** The offers' cards. */
  children: ReactNode;
}) {
  const t = useT();
  return (
    <section className="pv-offers" aria-label={t('postView.offers.label')}>
      <div className="pv-offers-head">
        <h2>{t('postView.offers.title', { count: count })}</h2>
        {count > 1 && (
          <label className="pv-offers-sort">
            <span>{t('trust.sort.label')}</span>
            <select
              className="select"
              value={sort}
              onChange={(e) => onSort(e.target.value as OfferSort)}
              data-testid="offer-sort"
            >
              <option value="price">{t('trust.sort.price')}</option>
              <option value="rating">{t('trust.sort.rating')}</option>
              <option value="start">{t('negotiation.sort.start')}</option>
            </select>
          </label>
        )}
      </div>
      <Banner text={counterBanner} testId="counter-sent-banner" />
      {isOwner && count > 1 && (
        <div className="ng-compare-bar">
          <span className="muted">{t('negotiation.compare.hint')}</span>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={comparedCount < 2}
            onClick={onOpenCompare}
            onPointerEnter={preloadCompareOffers}
            onFocus={preloadCompareOffers}
            data-testid="compare-open"
          >
            {t('negotiation.compare.open', { count: comparedCount })}
          </button>
        </div>
      )}
      {actionError && (
        <p className="field-error fx-error" role="alert">
          {actionError}
        </p>
      )}
      {query.isPending ? (
        <p className="muted">{t('posts.post.loading')}</p>
      ) : query.isError && count === 0 ? (
        <LoadError message={t('postView.offers.loadError')} onRetry={() => void query.refetch()} />
      ) : count === 0 ? (
        <p className="empty-state">{t('postView.offers.empty')}</p>
      ) : (
        <ul className="pv-offer-list">{children}</ul>
      )}
      <LoadMore
        hasMore={!!query.hasNextPage}
        loading={query.isFetchingNextPage}
        onMore={() => void query.fetchNextPage()}
      />
    </section>
  );
}
