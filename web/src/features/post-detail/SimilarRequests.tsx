import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LIMITS } from '../../../../common/constants';
import type { Post } from '../../../../common/types';
import { LoadError } from '../../components/LoadError';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { POST_PLACEHOLDER } from '../../lib/images';
import { allItems } from '../../lib/pages';
import { useFilteredPosts } from '../../entities/posts/api/get-filtered-posts';
import { SafeImage } from '../../components/SafeImage';

/** Open posts sharing a category with this one, newest first, revealed 5 at a time. */
export function SimilarRequests({ post }: { post: Post }) {
  const t = useT();
  const { money } = useFormat();
  const query = useFilteredPosts({ categories: post.category ?? [] }, SIMILAR_PAGE_SIZE);
  const [shown, setShown] = useState<number>(LIMITS.similarRequestsStep);
  const [shownFor, setShownFor] = useState(post._id);
  if (shownFor !== post._id) {
    setShownFor(post._id);
    setShown(LIMITS.similarRequestsStep);
  }
  const items = allItems(query.data).filter((p) => p._id !== post._id);
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;

  // Read on until there are enough to show (or the list ends).
  const short = items.length < shown;
  useEffect(() => {
    if (short && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [short, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const visible = items.slice(0, shown);
  const hasMore = items.length > shown || !!hasNextPage;

  return (
    <aside className="pd-similar" aria-labelledby="similar-requests-title">
      <h2 className="pd-subtitle" id="similar-requests-title">
        {t('postDetail.similar.title')}
      </h2>
      {query.isPending ? (
        <p className="muted">{t('posts.post.loading')}</p>
      ) : isError && visible.length === 0 ? (
        <LoadError message={t('postDetail.similar.loadError')} onRetry={() => void query.refetch()} />
      ) : visible.length === 0 ? (
        <p className="muted">{t('postDetail.similar.empty')}</p>
      ) : (
        <ul className="pd-similar-list">
          {visible.map((p) => (
            <li key={p._id}>
              <Link to={`/post/${p._id}`} className="pd-similar-item">
                <SafeImage
                  src={p.images?.[0]}
                  fallback={POST_PLACEHOLDER}
                  alt=""
                  width={400}
                  height={300}
                  sizes="(max-width: 640px) 100vw, 320px"
                />
                <span>
                  <strong>{p.title || t('posts.post.untitled')}</strong>
                  <small>
                    {p.location || t('posts.post.noLocation')} · {money(p.budget)}
                  </small>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <button
          type="button"
          className="btn-link"
          onClick={() => setShown((n) => n + LIMITS.similarRequestsStep)}
          disabled={isFetchingNextPage}
          data-testid="similar-view-more"
        >
          {t('postDetail.similar.more')}
        </button>
      )}
    </aside>
  );
}

const SIMILAR_PAGE_SIZE = 20;
