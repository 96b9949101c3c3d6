/** A titled section of post cards (Recent Posts, Newest, Filtered Results), with an optional Show More. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Post } from '../../../../../common/types';
import { LoadError } from '../../../components/LoadError';
import { PostGrid } from '../../../components/PostCard';
import { useT } from '../../../i18n/useT';

export function PostSection({
  title,
  posts,
  loading,
  error,
  onRetry,
  empty,
  categoriesById,
  showMoreTo,
  action,
  testId,
}: {
  title: string;
  posts: readonly Post[];
  loading: boolean;
  /** Set when the posts could not be loaded: the section shows the error and Retry. */
  error?: unknown;
  onRetry?: () => void;
  empty: string;
  categoriesById: ReadonlyMap<string, string>;
  showMoreTo?: string;
  /** Extra control in the header (e.g. Clear filters). */
  action?: ReactNode;
  testId: string;
}) {
  const t = useT();
  const headingId = `${testId}-title`;
  return (
    <section className="section" aria-labelledby={headingId} data-testid={testId}>
      <div className="section-header">
        <h2 id={headingId}>{title}</h2>
        {action}
        {showMoreTo && (
          <Link to={showMoreTo} className="btn btn-ghost btn-sm">
            {t('dashboard.section.showMore')}
          </Link>
        )}
      </div>
      {loading ? (
        <div className="post-grid" role="status" aria-label={t('dashboard.section.loading')}>
          {[0, 1, 2].map((i) => (
            <div key={i} className="skeleton" style={{ height: 360 }} />
          ))}
        </div>
      ) : error ? (
        <LoadError message={t('dashboard.section.loadError')} onRetry={() => onRetry?.()} />
      ) : (
        <PostGrid posts={posts} categoriesById={categoriesById} empty={empty} />
      )}
    </section>
  );
}
