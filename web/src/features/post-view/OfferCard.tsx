/**
 * One offer on its request's page (/post/view/{id}): the business with its rating, the price, the terms and the
 * negotiation; for the request's owner the compare tick box and the actions the offer's status allows (message,
 * decline, counter, accept; cancel the acceptance, finish with a review).
 */
import { Link } from 'react-router';
import type { OfferStatus } from '../../../../common/constants';
import type { Offer } from '../../../../common/types';
import { RatingSummary } from '../../components/RatingSummary';
import { SafeImage } from '../../components/SafeImage';
import { VerifiedBadge } from '../../components/VerifiedBadge';
import { COMPARE_LIMIT, NegotiationThread, OfferTerms, preloadCounterForm } from '../../entities/offers/negotiation';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { AVATAR_PLACEHOLDER } from '../../lib/images';
import { preloadReviewDialog } from './reviewDialog';

export interface OfferCardProps {
  offer: Offer;
  isOwner: boolean;
  /** Another offer of the request is accepted or finished: this one is dimmed and cannot be accepted or declined. */
  dimmed: boolean;
  /** An action on this offer is under way. */
  busy: boolean;
  /** The request is open (a counter-offer needs it). */
  postOpen: boolean;
  /** The offers ticked for comparing, when the tick box shows (the owner, with more than one offer). */
  compareIds?: string[];
  onCompare: (offerId: string, on: boolean) => void;
  onMessage: (offer: Offer) => void;
  onStatus: (offer: Offer, status: OfferStatus) => void;
  onCounter: (offer: Offer) => void;
  onFinish: (offer: Offer) => void;
}

export function OfferCard({
  offer,
  isOwner,
  dimmed,
  busy,
  postOpen,
  compareIds,
  onCompare,
  onMessage,
  onStatus,
  onCounter,
  onFinish,
}: OfferCardProps) {
  const t = useT();
  const { money, longDate } = useFormat();
  return (
    <li
      className={`pv-offer${dimmed ? ' pv-offer--dimmed' : ''}${offer.business?.planMark ? ` pv-offer--${offer.business.planMark}` : ''}`}
      data-testid="offer-card"
      data-offer-status={offer.status}
    >
      <SafeImage
        className="pv-offer-avatar"
        src={offer.business?.profilePicture}
        fallback={AVATAR_PLACEHOLDER}
        alt=""
        width={96}
        height={96}
        sizes="96px"
      />
      <div className="pv-offer-body">
        <div className="pv-offer-top">
          <Link to={`/businessprofile/${offer.businessId}`} className="pv-offer-name">
            {offer.business?.former
              ? t('common.former.business')
              : offer.business?.businessName || t('postView.offers.unknownBusiness')}
          </Link>
          <span className="pv-offer-price">
            {money(offer.price, 2)}
            {offer.revisedAt && (
              <span
                className="chip pv-offer-revised"
                title={t('trust.offer.revisedTitle', { date: longDate(offer.revisedAt) })}
                data-testid="offer-revised"
              >
                {t('trust.offer.revised')}
              </span>
            )}
          </span>
        </div>
        {dimmed && (
          <span className="chip pv-offer-other-chosen" data-testid="offer-other-chosen">
            {t('postView.offer.otherChosen')}
          </span>
        )}
        <RatingSummary rating={offer.business} />
        <VerifiedBadge verified={offer.business?.verified} />
        {offer.business?.planMark && (
          <span
            className={`chip pv-offer-plan pv-offer-plan--${offer.business.planMark}`}
            data-testid="offer-plan-mark"
          >
            {t(`services.plan.${offer.business.planMark}`)}
          </span>
        )}
        <p className="pv-offer-message">{offer.message}</p>
        <OfferTerms offer={offer} />
        <NegotiationThread offer={offer} viewer="client" />
        {compareIds && (
          <label className="ng-compare-pick">
            <input
              type="checkbox"
              checked={compareIds.includes(offer._id)}
              disabled={!compareIds.includes(offer._id) && compareIds.length >= COMPARE_LIMIT}
              onChange={(e) => onCompare(offer._id, e.target.checked)}
              aria-label={t('negotiation.compare.selectLabel', {
                business: offer.business?.former
                  ? t('common.former.business')
                  : offer.business?.businessName || t('postView.offers.unknownBusiness'),
              })}
              data-testid="compare-pick"
            />
            <span aria-hidden="true">{t('negotiation.compare.select')}</span>
          </label>
        )}
        {isOwner && (
          <div className="form-actions fx-actions">
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => onMessage(offer)}
              data-testid="offer-message-button"
            >
              {t('postView.offer.message')}
            </button>
            {offer.status === 'pending' && (
              <>
                <button
                  type="button"
                  className="btn btn-secondary"
                  disabled={busy || dimmed}
                  onClick={() => onStatus(offer, 'declined')}
                  data-testid="offer-decline"
                >
                  {t('postView.offer.decline')}
                </button>
                {!offer.proposal && !offer.expired && postOpen && (
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={busy || dimmed}
                    onClick={() => onCounter(offer)}
                    onPointerEnter={preloadCounterForm}
                    onFocus={preloadCounterForm}
                    data-testid="offer-counter"
                  >
                    {t('negotiation.counter.button')}
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={busy || dimmed || offer.expired}
                  onClick={() => onStatus(offer, 'accepted')}
                  data-testid="offer-accept"
                >
                  {t('postView.offer.accept')}
                </button>
              </>
            )}
            {offer.status === 'accepted' && (
              <>
                <button
                  type="button"
                  className="btn btn-secondary"
                  disabled={busy}
                  onClick={() => onStatus(offer, 'pending')}
                  data-testid="offer-cancel"
                >
                  {t('postView.offer.cancel')}
                </button>
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={busy}
                  onClick={() => onFinish(offer)}
                  onPointerEnter={preloadReviewDialog}
                  onFocus={preloadReviewDialog}
                  data-testid="offer-finish"
                >
                  {t('postView.offer.finish')}
                </button>
              </>
            )}
            {offer.status === 'finished' && (
              <button type="button" className="btn btn-secondary" disabled data-testid="offer-finished">
                {t('postView.offer.status.finished')}
              </button>
            )}
            {offer.status === 'declined' && (
              <button type="button" className="btn btn-secondary" disabled>
                {t('postView.offer.status.declined')}
              </button>
            )}
          </div>
        )}
        {!isOwner && (
          <span className={`fx-status fx-status--${offer.status}`}>{t(`postView.offer.status.${offer.status}`)}</span>
        )}
      </div>
    </li>
  );
}
