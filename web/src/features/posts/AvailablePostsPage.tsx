/** /available-posts: all open posts, newest first, 6 per page with Previous / numbered / Next. */
import { useCallback } from 'react';
import { LIMITS } from '../../../../common/constants';
import { Pagination } from '../../components/Pagination';
import { PostGrid } from '../../components/PostCard';
import { PageLoading } from '../../components/Spinner';
import { useCategories } from '../../lib/categories';
import { fetchAvailablePosts } from './api/availablePosts';
import { useCursorPages } from './useCursorPages';

export default function AvailablePostsPage() {
  const { byId } = useCategories();
  const fetchPage = useCallback((cursor?: string) => fetchAvailablePosts(LIMITS.availablePostsPageSize, cursor), []);
  const pages = useCursorPages(fetchPage, 'available');
  return (
    <div className="page" data-testid="available-posts-page">
      <div className="page-header"><h1>Available Posts</h1></div>
      {pages.loading && pages.items.length === 0 ? (
        <PageLoading />
      ) : (
        <div style={{ opacity: pages.loading ? 0.6 : 1, transition: 'opacity 120ms' }}>
          <PostGrid posts={pages.items} categoriesById={byId} empty="No posts available yet." testId="available-posts" />
        </div>
      )}
      <Pagination page={pages.page} pageCount={pages.pageCount} hasNext={pages.hasNext} onChange={pages.goTo} disabled={pages.loading} />
    </div>
  );
}
