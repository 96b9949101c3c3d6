/**
 * The business profile's Offers tab (owner only): the offers it made, newest first, with their status; it deletes
 * one not finished.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Offer } from '../../../../common/types';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { useErrorText } from '../../i18n/errors';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { POST_PLACEHOLDER } from '../../lib/images';
import { allItems, newestFirst } from '../../lib/pages';
import { useBusinessOffers } from '../../entities/offers/api/get-business-offers';
import { useDeleteOffer } from '../../entities/offers/api/delete-offer';
import { SafeImage } from '../../components/SafeImage';
import { OFFER_STATUS, type CategoryNames } from './businessProfileTabs';

export function OffersTab({ businessId, names }: { businessId: string; names: CategoryNames }) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const offersQuery = useBusinessOffers(businessId);
  const offers = useMemo(() => allItems(offersQuery.data).sort(newestFirst), [offersQuery.data]);
  const deleteOffer = useDeleteOffer();
  const [error, setError] = useState<string | null>(null);

  function remove(offer: Offer) {
    setError(null);
    deleteOffer.mutate(
      { offerId: offer._id, postId: offer.postId, businessId },
      { onError: (err) => setError(t('profiles.offers.deleteFailed', { reason: errorText(err) })) },
    );
  }

  if (offersQuery.isPending) return <p className="muted">{t('profiles.loading')}</p>;
  if (offersQuery.isError && offers.length === 0) {
    return <LoadError message={t('profiles.offers.loadError')} onRetry={() => void offersQuery.refetch()} />;
  }
  if (offers.length === 0) return <p className="empty-state">{t('profiles.offers.empty')}</p>;
  return (
    <div className="pf-offers">
      {error && (
        <p className="field-error fx-error" role="alert">
          {error}
        </p>
      )}
      {offers.map((offer) => (
        <article key={offer._id} className="pf-offer" data-testid="business-offer-card">
          <SafeImage
            src={offer.post?.images?.[0]}
            fallback={POST_PLACEHOLDER}
            alt=""
            width={400}
            height={300}
            sizes="(max-width: 640px) 100vw, 320px"
          />
          <div className="pf-offer-body">
            <span className={`fx-status fx-status--${offer.status}`}>{t(OFFER_STATUS[offer.status])}</span>
            <h3>{offer.post?.title || t('profiles.post.untitled')}</h3>
            <p className="pf-card-meta">{offer.post?.location || t('profiles.post.noLocation')}</p>
            <p className="pf-card-cats">{names(offer.post?.category).join(', ') || t('services.category.unknown')}</p>
            <p className="pf-offer-price">{t('profiles.offers.price', { price: format.money(offer.price, 2) })}</p>
            {offer.status === 'pending' && offer.proposal && (
              <p className="chip pf-offer-counter" data-testid="business-offer-counter">
                {t('negotiation.awaitingYou', { price: format.money(offer.proposal.price, 2) })}
              </p>
            )}
            <p className="pf-card-text">
              {t('profiles.offers.message', { message: offer.message || t('profiles.offers.noMessage') })}
            </p>
            <div className="form-actions fx-actions">
              {offer.status !== 'finished' && (
                <button
                  type="button"
                  className="btn btn-danger"
                  onClick={() => remove(offer)}
                  data-testid="offer-delete"
                >
                  {t('profiles.offers.delete')}
                </button>
              )}
              <Link to={`/post/${offer.postId}`} className="btn btn-secondary">
                {t('profiles.offers.view')}
              </Link>
            </div>
          </div>
        </article>
      ))}
      <LoadMore
        hasMore={!!offersQuery.hasNextPage}
        loading={offersQuery.isFetchingNextPage}
        onMore={() => void offersQuery.fetchNextPage()}
      />
    </div>
  );
}
