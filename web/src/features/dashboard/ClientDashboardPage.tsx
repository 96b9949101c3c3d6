/**
 * Client home (/client-dashboard): business search, banner, Sponsored, Recent Posts and Newest (the
 * first 3 available posts, newest first), each with Show More to /available-posts.
 */
import { Link } from 'react-router';
import { LIMITS } from '../../../../common/constants';
import { useCategories } from '../../lib/categories';
import { useAsync } from '../../lib/useAsync';
import { fetchAvailablePosts } from '../posts/api/availablePosts';
import { BusinessSearchBar } from './components/BusinessSearchBar';
import { PostSection } from './components/PostSection';
import { SponsoredStrip } from './components/SponsoredStrip';

export default function ClientDashboardPage() {
  const { byId } = useCategories();
  const available = useAsync(() => fetchAvailablePosts(LIMITS.sectionPosts), []);
  const posts = (available.data?.items ?? []).slice(0, LIMITS.sectionPosts);
  return (
    <div className="page" data-testid="client-dashboard">
      <BusinessSearchBar showFilter={false} />
      <section className="promo-banner">
        <div>
          <h2>Find your best match and save time</h2>
          <p>Post what you need once. Local designers and craftsmen come to you with offers — compare them and choose.</p>
        </div>
        <Link to="/post/create" className="btn btn-primary btn-lg">+ Add post</Link>
      </section>
      <SponsoredStrip />
      <PostSection title="Recent Posts" testId="recent-posts" posts={posts} loading={available.loading}
        empty="No posts available yet." categoriesById={byId} showMoreTo="/available-posts" />
      <PostSection title="Newest" testId="newest-posts" posts={posts} loading={available.loading}
        empty="No posts available yet." categoriesById={byId} showMoreTo="/available-posts" />
    </div>
  );
}
