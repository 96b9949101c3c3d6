/** A page of posts from useCursorPages: loading state, the grid (dimmed while the next page loads) and the pagination. */
import type { Post } from '../../../../common/types';
import { Pagination } from '../../components/Pagination';
import { PostGrid } from '../../components/PostCard';
import { PageLoading } from '../../components/Spinner';
import { useCategories } from '../../lib/categories';
import type { useCursorPages } from './useCursorPages';

export function PagedPostGrid({ pages, empty, testId }: {
  pages: ReturnType<typeof useCursorPages<Post>>;
  empty: string;
  testId: string;
}) {
  const { byId } = useCategories();
  return (
    <>
      {pages.loading && pages.items.length === 0 ? (
        <PageLoading />
      ) : (
        <div style={{ opacity: pages.loading ? 0.6 : 1, transition: 'opacity 120ms' }}>
          <PostGrid posts={pages.items} categoriesById={byId} empty={empty} testId={testId} />
        </div>
      )}
      <Pagination page={pages.page} pageCount={pages.pageCount} hasNext={pages.hasNext} onChange={pages.goTo} disabled={pages.loading} />
    </>
  );
}
