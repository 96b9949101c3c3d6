/**
 * The business's answer to the client's open counter-offer on its offer: accept it (the deal is made at the
 * client's price), keep its own offer, or send a revised offer (the offer form, opened by the page).
 */
import { useState } from 'react';
import type { Offer } from '../../../../../common/types';
import { Banner, useTimedMessage } from '../../../components/feedback';
import { useErrorText } from '../../../i18n/errors';
import { useFormat } from '../../../i18n/format';
import { useT } from '../../../i18n/useT';
import { useAnswerCounterOffer } from '../api/answer-counter-offer';
import './negotiation.css';

export function BusinessAnswer({
  offer,
  onRevise,
  onRevisePreload,
}: {
  offer: Offer;
  onRevise: () => void;
  onRevisePreload?: () => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const { money, longDate } = useFormat();
  const answer = useAnswerCounterOffer();
  const [error, setError] = useState<string | null>(null);
  const [done, showDone] = useTimedMessage(5000);
  const proposal = offer.proposal;

  async function send(kind: 'accept' | 'decline') {
    setError(null);
    try {
      await answer.mutateAsync({
        offerId: offer._id,
        postId: offer.postId,
        businessId: offer.businessId,
        version: offer.version ?? 0,
        answer: kind,
      });
      showDone(kind === 'accept' ? t('negotiation.answer.accepted') : t('negotiation.answer.declined'));
    } catch (err) {
      setError(t('negotiation.answer.failed', { reason: errorText(err) }));
    }
  }

  if (!done && !(proposal && offer.status === 'pending')) return null;
  return (
    <div className="ng-answer">
      <Banner text={done} testId="counter-answered-banner" />
      {proposal && offer.status === 'pending' && (
        <div className="ng-proposal" data-testid="counter-proposal">
          <p className="ng-proposal-title">
            {t('negotiation.proposal.title', { price: money(proposal.price, 2) })}
            {proposal.startDate && (
              <span className="muted">
                {' '}
                · {t('negotiation.proposal.start', { date: longDate(proposal.startDate) })}
              </span>
            )}
          </p>
          {proposal.note && <q className="ng-step-note">{proposal.note}</q>}
          {error && (
            <p className="field-error fx-error" role="alert" data-testid="counter-answer-error">
              {error}
            </p>
          )}
          <div className="form-actions fx-actions ng-actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={onRevise}
              onPointerEnter={onRevisePreload}
              onFocus={onRevisePreload}
              disabled={answer.isPending}
              data-testid="counter-revise"
            >
              {t('negotiation.answer.revise')}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void send('decline')}
              disabled={answer.isPending}
              data-testid="counter-decline"
            >
              {t('negotiation.answer.decline')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void send('accept')}
              disabled={answer.isPending}
              data-testid="counter-accept"
            >
              {t('negotiation.answer.accept', { price: money(proposal.price, 2) })}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
