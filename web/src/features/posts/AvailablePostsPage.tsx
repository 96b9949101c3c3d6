/** /available-posts: all open posts, newest first, 6 per page with Previous / numbered / Next. */
import { useCallback } from 'react';
import { LIMITS } from '../../../../common/constants';
import { fetchAvailablePosts } from './api/availablePosts';
import { PagedPostGrid } from './PagedPostGrid';
import { useCursorPages } from './useCursorPages';

export default function AvailablePostsPage() {
  const fetchPage = useCallback((cursor?: string) => fetchAvailablePosts(LIMITS.availablePostsPageSize, cursor), []);
  const pages = useCursorPages(fetchPage, 'available');
  return (
    <div className="page" data-testid="available-posts-page">
      <div className="page-header"><h1>Available Posts</h1></div>
      <PagedPostGrid pages={pages} empty="No posts available yet." testId="available-posts" />
    </div>
  );
}
