/** A page of posts from usePagedList: loading, error with Retry, the grid (dimmed while the next page loads) and the pagination. */
import type { Post } from '../../../../common/types';
import { LoadError } from '../../components/LoadError';
import { Pagination } from '../../components/Pagination';
import { PostGrid } from '../../components/PostCard';
import { PageLoading } from '../../components/Spinner';
import { useT } from '../../i18n/useT';
import { useCategories } from '../../lib/categories';
import type { PagedList } from '../../lib/usePagedList';

export function PagedPostGrid({ pages, empty, testId }: { pages: PagedList<Post>; empty: string; testId: string }) {
  const t = useT();
  const { byId } = useCategories();
  return (
    <>
      {pages.error && pages.items.length === 0 ? (
        <LoadError message={t('posts.list.loadError')} onRetry={pages.retry} />
      ) : pages.loading ? (
        <PageLoading label={t('posts.post.loading')} />
      ) : (
        <div style={{ opacity: pages.fetching ? 0.6 : 1, transition: 'opacity 120ms' }}>
          <PostGrid posts={pages.items} categoriesById={byId} empty={empty} testId={testId} headingLevel={2} />
        </div>
      )}
      <Pagination
        page={pages.page}
        pageCount={pages.pageCount}
        hasNext={pages.hasNext}
        onChange={pages.goTo}
        disabled={pages.loading}
      />
    </>
  );
}
