/**
 * Ideas on the request form: the idea a request starts from ("ask for offers like this": its picture, its business
 * invited first, "Do not use this idea"), and a few ideas for the service and town chosen, each usable as the
 * reference. Loading, failed (with Retry) and none are their own states; nothing shows before a service and a town.
 */
import { IDEAS_ON_REQUEST_FORM } from '../../../../common/ideas';
import type { Idea } from '../../../../common/types';
import { LoadError } from '../../components/LoadError';
import { SafeImage } from '../../components/SafeImage';
import type { MessageId } from '../../i18n/catalog/en';
import { useT } from '../../i18n/useT';
import { POST_PLACEHOLDER } from '../../lib/images';
import { allItems } from '../../lib/pages';
import { useIdeas } from './api/get-ideas';
import { useIdea } from './api/get-idea';
import { IdeaTile } from './IdeaTile';
import { useIdeaTexts } from './ideaTexts';
import './ideas.css';

/** The idea the request is made like, while one is chosen. */
export function ReferenceIdea({ ideaId, onRemove }: { ideaId: string; onRemove: () => void }) {
  const t = useT();
  const texts = useIdeaTexts();
  const idea = useIdea(ideaId);
  // While it loads, its place is held at the size it will take (the form below does not move when it comes).
  if (idea.isPending)
    return (
      <div className="idea-reference" data-testid="reference-idea" aria-busy="true">
        <div className="idea-reference-picture" />
        <div className="idea-reference-text">
          <p className="muted small">{t('ideas.loading')}</p>
        </div>
      </div>
    );
  if (idea.isError)
    return (
      <div className="idea-reference" data-testid="reference-idea">
        <p className="muted small">{t('ideas.request.referenceLoadError')}</p>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onRemove}>
          {t('ideas.request.removeReference')}
        </button>
      </div>
    );
  const caption = texts.caption(idea.data);
  return (
    <div className="idea-reference" data-testid="reference-idea">
      <SafeImage
        src={idea.data.picture}
        fallback={POST_PLACEHOLDER}
        alt={caption}
        width={240}
        height={180}
        sizes="240px"
        eager
      />
      <div className="idea-reference-text">
        <p>
          <strong>{t('ideas.request.reference')}</strong>: {caption}
        </p>
        <p className="muted small">
          {t('ideas.request.referenceBy', { business: idea.data.business.businessName, town: idea.data.town })}
        </p>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onRemove} data-testid="reference-remove">
          {t('ideas.request.removeReference')}
        </button>
      </div>
    </div>
  );
}

/** A few ideas for the service and town chosen; "Use as reference" makes one the request's reference. */
export function MatchingIdeas({
  service,
  town,
  chosen,
  onChoose,
}: {
  service: string | undefined;
  town: string | undefined;
  chosen?: string;
  onChoose: (idea: Idea) => void;
}) {
  const t = useT();
  const query = useIdeas({ service, town }, IDEAS_ON_REQUEST_FORM, !!service && !!town);
  if (!service || !town) return null;
  const values = { service: t(`services.category.${service}` as MessageId), town };
  const ideas = allItems(query.data).slice(0, IDEAS_ON_REQUEST_FORM);
  return (
    <section className="matching-ideas" aria-label={t('ideas.request.matching', values)} data-testid="matching-ideas">
      <p className="field-label">{t('ideas.request.matching', values)}</p>
      {query.isPending ? (
        <p className="muted small" role="status">
          {t('ideas.loading')}
        </p>
      ) : query.isError ? (
        <LoadError message={t('ideas.loadError')} onRetry={() => void query.refetch()} />
      ) : ideas.length === 0 ? (
        <p className="muted small">{t('ideas.request.matchingEmpty', values)}</p>
      ) : (
        <ul className="idea-grid idea-grid--small">
          {ideas.map((idea) => (
            <IdeaTile
              key={idea._id}
              idea={idea}
              actions={
                chosen === idea._id ? (
                  <span className="idea-badge">{t('ideas.request.inUse')}</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    onClick={() => onChoose(idea)}
                    data-testid="use-idea"
                  >
                    {t('ideas.request.use')}
                  </button>
                )
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}
