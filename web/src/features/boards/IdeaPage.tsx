/**
 * One idea in the app (/ideas/:id, where the public pages' "Save" and "Report" lead): the picture large, who made it
 * (rating, town, verified), what it cost where its client agreed; a client saves it to a board (or a new one) and asks
 * for offers like it; anyone but its business reports it. Loading, failed (with Retry) and gone are their own states.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { requestLikeIdeaPath } from '../../../../common/ideas';
import type { Board, Idea } from '../../../../common/types';
import { useAuth } from '../../auth/AuthProvider';
import { LoadError } from '../../components/LoadError';
import { RatingSummary } from '../../components/RatingSummary';
import { SafeImage } from '../../components/SafeImage';
import { PageLoading } from '../../components/Spinner';
import { VerifiedBadge } from '../../components/VerifiedBadge';
import { useIdea } from '../../entities/ideas/api/get-idea';
import { useIdeaTexts } from '../../entities/ideas/ideaTexts';
import { ReportButton } from '../../entities/reports';
import { useErrorText } from '../../i18n/errors';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { isNotFound } from '../../lib/api';
import { POST_PLACEHOLDER } from '../../lib/images';
import { useBoards } from './api/get-boards';
import { NewBoardForm } from './NewBoardForm';
import { useSaveIdea } from './api/save-idea';
import './boards.css';

export default function IdeaPage() {
  const t = useT();
  usePageTitle('ideas.idea.title');
  const { id = '' } = useParams();
  const idea = useIdea(id);
  if (idea.isPending) return <PageLoading label={t('ideas.loading')} />;
  if (idea.isError)
    return (
      <div className="page page-narrow" data-testid="idea-page">
        {isNotFound(idea.error) ? (
          <p className="empty-state" data-testid="idea-not-found">
            {t('ideas.idea.notFound')}
          </p>
        ) : (
          <LoadError message={t('ideas.idea.loadError')} onRetry={() => void idea.refetch()} />
        )}
      </div>
    );
  return <IdeaView idea={idea.data} />;
}

function IdeaView({ idea }: { idea: Idea }) {
  const t = useT();
  const texts = useIdeaTexts();
  const { role, account } = useAuth();
  const caption = texts.caption(idea);
  const own = role === 'business' && account?.id === idea.business._id;
  return (
    <div className="page" data-testid="idea-page">
      <div className="idea-page">
        <SafeImage
          src={idea.picture}
          fallback={POST_PLACEHOLDER}
          alt={caption}
          width={idea.width ?? 1280}
          height={idea.height ?? 960}
          sizes="(max-width: 860px) 100vw, 720px"
          className="idea-page-picture"
          eager
        />
        <div className="idea-page-aside">
          <h1>{caption}</h1>
          <div className="idea-page-business">
            <div>
              <p className="muted small">{t('ideas.madeBy')}</p>
              <p>
                <Link to={`/businessprofile/${idea.business._id}`}>
                  <strong>{idea.business.businessName}</strong>
                </Link>
              </p>
              <RatingSummary rating={idea.business} />
              <p className="small">
                {idea.business.location && <span className="muted">{idea.business.location} </span>}
                <VerifiedBadge verified={idea.business.verified} />
              </p>
            </div>
          </div>
          {idea.priceBand && (
            <div className="idea-page-band" data-testid="idea-band">
              <p className="muted small">{t('ideas.band.label')}</p>
              <p>
                <strong>{texts.band(idea.priceBand)}</strong>
              </p>
              <p className="muted small">{t('ideas.band.note')}</p>
            </div>
          )}
          {role === 'client' ? (
            <>
              <div className="idea-page-actions">
                <Link className="btn btn-primary btn-lg" to={requestLikeIdeaPath(idea._id)} data-testid="idea-ask">
                  {t('ideas.idea.ask')}
                </Link>
                <p className="muted small">{t('ideas.idea.askHint', { business: idea.business.businessName })}</p>
              </div>
              <SaveToBoard idea={idea} />
            </>
          ) : (
            !own && <p className="muted small">{t('ideas.idea.forClients')}</p>
          )}
          {!own && <ReportButton target={{ kind: 'idea', targetId: idea._id }} testId="idea-report" />}
        </div>
      </div>
    </div>
  );
}

/** The client's boards, each with "Save to {board}" (then "Saved to {board}"), and a new board to save it to. */
function SaveToBoard({ idea }: { idea: Idea }) {
  const t = useT();
  const errorText = useErrorText();
  const boards = useBoards();
  const save = useSaveIdea();
  const [saved, setSaved] = useState<Set<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);

  const saveTo = async (board: Board) => {
    setFailure(null);
    try {
      await save.mutateAsync({ boardId: board._id, ideaId: idea._id });
      setSaved((s) => new Set(s).add(board._id));
    } catch (err) {
      setFailure(errorText(err));
    }
  };

  return (
    <section className="idea-save" aria-labelledby="idea-save-title" data-testid="idea-save">
      <h2 id="idea-save-title">{t('ideas.idea.saveTitle')}</h2>
      {boards.isPending ? (
        <p className="muted small">{t('ideas.loading')}</p>
      ) : boards.isError ? (
        <LoadError message={t('ideas.boards.loadError')} onRetry={() => void boards.refetch()} />
      ) : boards.data.length === 0 ? (
        <p className="muted small">{t('ideas.idea.noBoards')}</p>
      ) : (
        <ul className="idea-save-list">
          {boards.data.map((board) => (
            <li key={board._id}>
              <span>
                {board.name}{' '}
                <span className="muted small">({t('ideas.boards.count', { count: board.ideaCount })})</span>
              </span>
              {saved.has(board._id) ? (
                <span className="small" role="status">
                  {t('ideas.idea.savedTo', { board: board.name })}
                </span>
              ) : (
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  onClick={() => void saveTo(board)}
                  disabled={save.isPending}
                  aria-label={t('ideas.idea.saveTo', { board: board.name })}
                  data-testid="idea-save-to"
                >
                  {t('ideas.idea.save')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <NewBoardForm className="bd-new" onCreated={saveTo} testId="idea-new-board" />
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
