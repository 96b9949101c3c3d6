/**
 * One board (/boards/:id): its ideas, saved last first, each leading to "Ask for offers like this". Its owner renames
 * it, shares it by link (the public page of the board, which anyone may open) or stops sharing, takes ideas off it and
 * deletes it (after a confirmation); anyone else signed in sees a board shared with them, read only. Loading, failed
 * (with Retry), not found and empty are their own states.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type * as z from 'zod';
import { BOARD_NAME_MAX, BOARDS_APP_PATH, requestLikeIdeaPath } from '../../../../common/ideas';
import { pagePath } from '../../../../common/publicPages';
import type { updateBoardBody } from '../../../../common/schemas/ideas';
import type { Board } from '../../../../common/types';
import { useAuth } from '../../auth/AuthProvider';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { Modal } from '../../components/Modal';
import { PageLoading } from '../../components/Spinner';
import { IdeaTile } from '../../entities/ideas/IdeaTile';
import { useErrorText } from '../../i18n/errors';
import { useLanguage } from '../../i18n/I18nProvider';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { isNotFound } from '../../lib/api';
import { FieldError, useSchemaResolver, type FieldLabels } from '../../lib/forms';
import { allItems } from '../../lib/pages';
import { useBoard } from './api/get-board';
import { useBoardIdeas } from './api/get-board-ideas';
import { useDeleteBoard } from './api/delete-board';
import { useRemoveIdea } from './api/remove-idea';
import { useUpdateBoard } from './api/update-board';
import './boards.css';

export default function BoardPage() {
  const t = useT();
  const { id = '' } = useParams();
  const board = useBoard(id);
  usePageTitle('ideas.boards.title');
  if (board.isPending) return <PageLoading label={t('ideas.loading')} />;
  if (board.isError)
    return (
      <div className="page page-narrow" data-testid="board-page">
        {isNotFound(board.error) ? (
          <p className="empty-state" data-testid="board-not-found">
            {t('ideas.board.notFound')}
          </p>
        ) : (
          <LoadError message={t('ideas.board.loadError')} onRetry={() => void board.refetch()} />
        )}
      </div>
    );
  return <BoardView board={board.data} />;
}

function BoardView({ board }: { board: Board }) {
  const t = useT();
  const { role } = useAuth();
  const ideas = useBoardIdeas(board._id);
  const remove = useRemoveIdea();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const list = allItems(ideas.data);
  return (
    <div className="page" data-testid="board-page">
      <div className="bd-head">
        {board.own ? (
          <Link to={BOARDS_APP_PATH} className="small">
            ← {t('ideas.board.back')}
          </Link>
        ) : (
          <p className="muted small">{t('ideas.board.readOnly')}</p>
        )}
        <h1 data-testid="board-name">{board.name}</h1>
        <p className="muted small">{t('ideas.boards.count', { count: board.ideaCount })}</p>
      </div>
      {board.own && <OwnerTools board={board} />}
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      {ideas.isPending ? (
        <PageLoading label={t('ideas.loading')} />
      ) : ideas.isError && list.length === 0 ? (
        <LoadError message={t('ideas.loadError')} onRetry={() => void ideas.refetch()} />
      ) : list.length === 0 ? (
        <div className="empty-state" data-testid="board-empty">
          <p>{t('ideas.board.empty')}</p>
          <p>{t('ideas.board.emptyHint')}</p>
        </div>
      ) : (
        <ul className="idea-grid" data-testid="board-ideas">
          {list.map((idea, i) => (
            <IdeaTile
              key={idea._id}
              idea={idea}
              eager={i < 4}
              actions={
                <>
                  {role === 'client' && (
                    <Link className="btn btn-primary btn-sm" to={requestLikeIdeaPath(idea._id)}>
                      {t('ideas.idea.ask')}
                    </Link>
                  )}
                  {board.own && (
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(
                          { boardId: board._id, ideaId: idea._id },
                          { onError: (err) => setFailure(errorText(err)) },
                        )
                      }
                      data-testid="board-remove-idea"
                    >
                      {t('ideas.board.remove')}
                    </button>
                  )}
                </>
              }
            />
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={!!ideas.hasNextPage}
        loading={ideas.isFetchingNextPage}
        onMore={() => void ideas.fetchNextPage()}
      />
    </div>
  );
}

type NameFields = { name: string };
const loadNameSchema = () =>
  import('../../../../common/schemas/ideas').then(
    ({ createBoardBody }) => createBoardBody as unknown as z.ZodType<z.output<typeof updateBoardBody>, NameFields>,
  );
const LABELS: FieldLabels = { name: 'ideas.boards.name' };

/** Rename, share by link (with the link to copy), stop sharing, delete. */
function OwnerTools({ board }: { board: Board }) {
  const t = useT();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { language } = useLanguage();
  const update = useUpdateBoard();
  const del = useDeleteBoard();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const link = `${window.location.origin}${pagePath({ kind: 'board', id: board._id }, language)}`;

  const share = (shared: boolean) =>
    update.mutate({ id: board._id, shared }, { onError: (err) => setFailure(errorText(err)) });
  const copy = () =>
    void navigator.clipboard?.writeText(link).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  const remove = () =>
    del.mutate(board._id, {
      onSuccess: () => navigate(BOARDS_APP_PATH),
      onError: (err) => setFailure(errorText(err)),
    });

  return (
    <>
      {renaming ? (
        <RenameForm board={board} onDone={() => setRenaming(false)} />
      ) : (
        <div className="bd-tools">
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setRenaming(true)}>
            {t('ideas.board.rename')}
          </button>
          {!board.shared && (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => share(true)}
              disabled={update.isPending}
              data-testid="board-share"
            >
              {t('ideas.board.share')}
            </button>
          )}
          <button type="button" className="btn btn-ghost btn-sm link-danger" onClick={() => setConfirming(true)}>
            {t('ideas.board.delete')}
          </button>
        </div>
      )}
      <div className="bd-share" data-testid="board-sharing">
        <span className="small">{board.shared ? t('ideas.board.sharedHint') : t('ideas.board.privateHint')}</span>
        {board.shared && (
          <>
            <input
              className="input"
              readOnly
              value={link}
              aria-label={t('ideas.board.link')}
              data-testid="board-link"
            />
            <button type="button" className="btn btn-secondary btn-sm" onClick={copy}>
              {copied ? t('ideas.board.copied') : t('ideas.board.copyLink')}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => share(false)}
              disabled={update.isPending}
            >
              {t('ideas.board.stopSharing')}
            </button>
          </>
        )}
      </div>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      <Modal open={confirming} title={t('ideas.board.delete')} onClose={() => setConfirming(false)}>
        <p>{t('ideas.board.deleteConfirm', { name: board.name })}</p>
        <div className="form-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>
            {t('ideas.board.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            onClick={remove}
            disabled={del.isPending}
            data-testid="board-delete-confirm"
          >
            {t('ideas.board.deleteYes')}
          </button>
        </div>
      </Modal>
    </>
  );
}

function RenameForm({ board, onDone }: { board: Board; onDone: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const update = useUpdateBoard();
  const resolver = useSchemaResolver<NameFields, z.output<typeof updateBoardBody>>(loadNameSchema, LABELS);
  const form = useForm<NameFields, unknown, z.output<typeof updateBoardBody>>({
    resolver,
    defaultValues: { name: board.name },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      await update.mutateAsync({ id: board._id, name });
      onDone();
    } catch (err) {
      form.setError('name', { message: errorText(err) });
    }
  });
  return (
    <form className="bd-rename bd-tools" onSubmit={onSubmit} noValidate>
      <input
        className="input"
        maxLength={BOARD_NAME_MAX}
        aria-label={t('ideas.boards.name')}
        aria-invalid={errors.name ? true : undefined}
        aria-describedby={errors.name ? 'board-rename-error' : undefined}
        {...form.register('name')}
      />
      <button type="submit" className="btn btn-primary btn-sm" disabled={isSubmitting}>
        {t('ideas.board.renameSave')}
      </button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
        {t('ideas.board.cancel')}
      </button>
      <FieldError id="board-rename-error" message={errors.name?.message} />
    </form>
  );
}
