/**
 * My ideas (/boards, clients): the client's boards, each with its cover, name, count and whether it is shared, and a
 * new board's form (checked with POST /boards's own schema). Loading, failed (with Retry) and "no boards yet" are
 * their own states. "Browse ideas" leads to the public gallery.
 */
import { Link } from 'react-router';
import { boardAppPath } from '../../../../common/ideas';
import { pagePath } from '../../../../common/publicPages';
import type { Board } from '../../../../common/types';
import { LoadError } from '../../components/LoadError';
import { SafeImage } from '../../components/SafeImage';
import { PageLoading } from '../../components/Spinner';
import { useLanguage } from '../../i18n/I18nProvider';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { POST_PLACEHOLDER } from '../../lib/images';
import { useBoards } from './api/get-boards';
import { NewBoardForm } from './NewBoardForm';
import './boards.css';

export default function BoardsPage() {
  const t = useT();
  usePageTitle('ideas.boards.title');
  const { language } = useLanguage();
  const boards = useBoards();
  return (
    <div className="page" data-testid="boards-page">
      <div className="page-header">
        <div>
          <h1>{t('ideas.boards.title')}</h1>
          <p className="muted bd-lead">{t('ideas.boards.lead')}</p>
        </div>
        <a className="btn btn-secondary" href={pagePath({ kind: 'ideas' }, language)}>
          {t('ideas.boards.browse')}
        </a>
      </div>
      <NewBoardForm />
      {boards.isPending ? (
        <PageLoading label={t('ideas.loading')} />
      ) : boards.isError ? (
        <LoadError message={t('ideas.boards.loadError')} onRetry={() => void boards.refetch()} />
      ) : boards.data.length === 0 ? (
        <p className="empty-state" data-testid="boards-empty">
          {t('ideas.boards.empty')}
        </p>
      ) : (
        <ul className="bd-grid">
          {boards.data.map((board) => (
            <BoardCard key={board._id} board={board} />
          ))}
        </ul>
      )}
    </div>
  );
}

function BoardCard({ board }: { board: Board }) {
  const t = useT();
  return (
    <li className="bd-card" data-testid="board-card">
      <Link to={boardAppPath(board._id)} aria-label={t('ideas.boards.open', { name: board.name })}>
        <SafeImage
          src={board.cover}
          fallback={POST_PLACEHOLDER}
          alt=""
          width={640}
          height={420}
          sizes="(max-width: 640px) 100vw, 360px"
          className="bd-cover"
        />
        <span className="bd-card-body">
          <strong>{board.name}</strong>
          <span className="muted small">
            {t('ideas.boards.count', { count: board.ideaCount })} ·{' '}
            {board.shared ? t('ideas.boards.shared') : t('ideas.boards.private')}
          </span>
        </span>
      </Link>
    </li>
  );
}
