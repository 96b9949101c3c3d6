/** /available-posts?page=n: all open posts, newest first, 6 per page with Previous / numbered / Next. */
import { LIMITS } from '../../../../common/constants';
import { usePagedList } from '../../lib/usePagedList';
import { useAvailablePosts } from './api/get-available-posts';
import { PagedPostGrid } from './PagedPostGrid';

export default function AvailablePostsPage() {
  const pages = usePagedList(useAvailablePosts(LIMITS.availablePostsPageSize));
  return (
    <div className="page" data-testid="available-posts-page">
      <div className="page-header">
        <h1>Available Posts</h1>
      </div>
      <PagedPostGrid pages={pages} empty="No posts available yet." testId="available-posts" />
    </div>
  );
}
