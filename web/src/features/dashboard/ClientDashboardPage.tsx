/**
 * Client home (/client-dashboard): business search, banner, Sponsored, Recent Posts and Newest (the
 * first 3 available posts, newest first), each with Show More to /available-posts.
 */
import { Link } from 'react-router';
import { LIMITS } from '../../../../common/constants';
import { useCategories } from '../../lib/categories';
import { SponsoredStrip } from '../ads';
import { useAvailablePosts } from '../posts/api/get-available-posts';
import { BusinessSearchBar } from './components/BusinessSearchBar';
import { PostSection } from './components/PostSection';

export default function ClientDashboardPage() {
  const { byId } = useCategories();
  const available = useAvailablePosts(LIMITS.sectionPosts);
  const posts = (available.data?.pages[0]?.items ?? []).slice(0, LIMITS.sectionPosts);
  const retry = () => void available.refetch();
  return (
    <div className="page" data-testid="client-dashboard">
      <h1 className="visually-hidden">Home</h1>
      <BusinessSearchBar showFilter={false} />
      <section className="promo-banner">
        <div>
          <h2>Find your best match and save time</h2>
          <p>
            Post what you need once. Local designers and craftsmen come to you with offers — compare them and choose.
          </p>
        </div>
        <Link to="/post/create" className="btn btn-primary btn-lg">
          + Add post
        </Link>
      </section>
      <SponsoredStrip />
      <PostSection
        title="Recent Posts"
        testId="recent-posts"
        posts={posts}
        loading={available.isPending}
        error={available.error}
        onRetry={retry}
        empty="No posts available yet."
        categoriesById={byId}
        showMoreTo="/available-posts"
      />
      <PostSection
        title="Newest"
        testId="newest-posts"
        posts={posts}
        loading={available.isPending}
        error={available.error}
        onRetry={retry}
        empty="No posts available yet."
        categoriesById={byId}
        showMoreTo="/available-posts"
      />
    </div>
  );
}
