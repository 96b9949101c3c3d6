/**
 * The request at the top of its owner's page (/post/view/{id}): its title with the owner's Close and Delete, its
 * facts, the closed state with Reopen (once), its services, description and pictures.
 */
import type { Post } from '../../../../common/types';
import { HiddenNotice } from '../../components/HiddenNotice';
import { SafeImage } from '../../components/SafeImage';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { POST_PLACEHOLDER } from '../../lib/images';

export function PostViewHeader({
  post,
  isOwner,
  categoryNames,
  onClose,
  onDelete,
  onReopen,
  reopening,
}: {
  post: Post;
  isOwner: boolean;
  /** The names of the request's services. */
  categoryNames: string[];
  /** Close (asks to confirm first). */
  onClose: () => void;
  /** Delete (asks to confirm first). */
  onDelete: () => void;
  onReopen: () => void;
  reopening: boolean;
}) {
  const t = useT();
  const { money, longDate } = useFormat();
  const images = post.images?.length ? post.images : [POST_PLACEHOLDER];
  return (
    <>
      <header className="pv-header">
        <h1>{post.title || t('posts.post.untitled')}</h1>
        <div className="pv-header-actions">
          {isOwner && post.status === 'open' && (
            <button type="button" className="btn btn-secondary" onClick={onClose} data-testid="post-close">
              {t('trust.close.button')}
            </button>
          )}
          {isOwner && (
            <button type="button" className="btn-link link-danger" onClick={onDelete} data-testid="post-delete">
              {t('postView.delete')}
            </button>
          )}
        </div>
      </header>
      <HiddenNotice item={post} />

      <dl className="pv-facts">
        <div>
          <dt>{t('posts.post.location')}</dt>
          <dd>{post.location || t('posts.post.noLocation')}</dd>
        </div>
        <div>
          <dt>{t('posts.post.budget')}</dt>
          <dd>{money(post.budget)}</dd>
        </div>
        <div>
          <dt>{t('postView.status')}</dt>
          <dd className={`fx-status fx-status--${post.status}`}>{t(`posts.post.status.${post.status}`)}</dd>
        </div>
      </dl>
      {post.status === 'closed' && (
        <div className="pv-closed" data-testid="post-closed">
          <p>
            {post.closedReason === 'expired'
              ? t('trust.closed.expired', { date: longDate(post.closedAt) })
              : t('trust.closed.byClient', { date: longDate(post.closedAt) })}
          </p>
          {isOwner &&
            (post.reopenedAt ? (
              <p className="muted">{t('trust.reopen.once')}</p>
            ) : (
              <button
                type="button"
                className="btn btn-primary"
                onClick={onReopen}
                disabled={reopening}
                data-testid="post-reopen"
              >
                {reopening ? t('trust.reopen.reopening') : t('trust.reopen.button')}
              </button>
            ))}
        </div>
      )}
      <div className="pv-categories">
        {categoryNames.map((n, i) => (
          <span key={i} className="chip">
            {n}
          </span>
        ))}
      </div>
      <p className="pv-content">{post.content || t('posts.post.noDescription')}</p>
      <div className="pv-images">
        {images.map((src, i) => (
          <SafeImage
            key={src + i}
            src={src}
            fallback={POST_PLACEHOLDER}
            alt={t('postView.imageAlt', {
              title: post.title || t('posts.post.untitled'),
              number: i + 1,
              count: images.length,
            })}
            width={1200}
            height={900}
            sizes="(max-width: 900px) 100vw, 720px"
            eager={i === 0}
          />
        ))}
      </div>
    </>
  );
}
