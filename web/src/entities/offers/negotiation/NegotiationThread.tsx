/**
 * The history of an offer's negotiation, oldest first (who proposed what, when), and who must answer now. Shown
 * to the request's client and the offer's business, the only ones the API answers it to. Nothing while the
 * offer is still its first step alone.
 */
import type { Offer } from '../../../../../common/types';
import { useFormat } from '../../../i18n/format';
import { useT } from '../../../i18n/useT';
import './negotiation.css';

export function NegotiationThread({ offer, viewer }: { offer: Offer; viewer: 'client' | 'business' }) {
  const t = useT();
  const { money, longDate, timeAgo } = useFormat();
  const steps = offer.history ?? [];
  if (steps.length < 2 && !offer.proposal) return null;
  return (
    <section className="ng-thread" aria-label={t('negotiation.thread.title')} data-testid="negotiation-thread">
      <h3 className="ng-thread-title">{t('negotiation.thread.title')}</h3>
      <ol className="ng-steps">
        {steps.map((s, i) => (
          <li key={`${s.at}-${i}`} className={`ng-step ng-step--${s.by}`} data-testid="negotiation-step">
            <span className="ng-step-text">
              {t(`negotiation.step.${s.action}`, { price: money(s.price, 2) })}
              {s.startDate && (
                <span className="ng-step-start">
                  {' '}
                  · {t('negotiation.step.startDate', { date: longDate(s.startDate) })}
                </span>
              )}
            </span>
            {s.note && <q className="ng-step-note">{s.note}</q>}
            <time className="ng-step-time muted" dateTime={s.at}>
              {timeAgo(s.at)}
            </time>
          </li>
        ))}
      </ol>
      {offer.status === 'pending' && viewer === 'client' && offer.proposal && (
        <p className="ng-waiting" data-testid="negotiation-waiting">
          {t('negotiation.waiting.business', { price: money(offer.proposal.price, 2) })}
        </p>
      )}
      {offer.status === 'pending' && viewer === 'business' && offer.awaiting === 'client' && (
        <p className="ng-waiting muted" data-testid="negotiation-waiting">
          {t('negotiation.waiting.client')}
        </p>
      )}
    </section>
  );
}
