/**
 * On a client's finished request: whether the pictures its business shows of the job among the ideas may show what
 * the job cost (its band, never the price or the client's name; none at first), switched on and off at any time.
 * Loading and failed (with Retry) are their own states.
 */
import { LoadError } from '../../components/LoadError';
import { useErrorText } from '../../i18n/errors';
import { useT } from '../../i18n/useT';
import { usePriceBand } from './api/get-price-band';
import { useSetPriceBand } from './api/set-price-band';
import { useIdeaTexts } from './ideaTexts';
import './ideas.css';

export function JobPriceBandCard({ postId, businessName }: { postId: string; businessName: string }) {
  const t = useT();
  const texts = useIdeaTexts();
  const errorText = useErrorText();
  const band = usePriceBand(postId);
  const set = useSetPriceBand();
  return (
    <section className="card card-body idea-consent" aria-labelledby="idea-consent-title" data-testid="job-price-band">
      <h2 id="idea-consent-title">{t('ideas.consent.title')}</h2>
      {band.isPending ? (
        <p className="muted small" role="status">
          {t('ideas.loading')}
        </p>
      ) : band.isError ? (
        <LoadError message={t('ideas.consent.loadError')} onRetry={() => void band.refetch()} />
      ) : (
        <>
          <p>{t('ideas.consent.pictures', { count: band.data.pictures, business: businessName })}</p>
          <label className="idea-consent-switch">
            <input
              type="checkbox"
              checked={band.data.show}
              disabled={set.isPending}
              onChange={(e) => set.mutate({ postId, show: e.target.checked })}
              data-testid="job-price-band-switch"
            />
            <span>{t('ideas.consent.label')}</span>
          </label>
          <p className="muted small">{t('ideas.consent.hint', { band: texts.band(band.data.band) })}</p>
          <p className="small" role="status" data-testid="job-price-band-state">
            {band.data.show ? t('ideas.consent.shown') : t('ideas.consent.hidden')}
          </p>
          {set.isError && (
            <p className="field-error" role="alert">
              {errorText(set.error)}
            </p>
          )}
        </>
      )}
    </section>
  );
}
