/**
 * Business dashboard (/business-dashboard): the Filters panel (Apply -> /filtered-posts), business
 * search with the in-page filter, Upgrade Plan banner, Sponsored, Recent Posts (3 suggested posts) and
 * Newest. An applied in-page filter shows 'Filtered Results' in place of Recent Posts and hides Newest.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { Post } from '../../../../common/types';
import { LIMITS } from '../../../../common/constants';
import { useCategories } from '../../lib/categories';
import { useAsync } from '../../lib/useAsync';
import { fetchAvailablePosts } from '../posts/api/availablePosts';
import { fetchFilteredPosts } from '../posts/api/filteredPosts';
import { toFilterQuery, type PostFilters } from '../posts/filters';
import { fetchSuggestedPosts } from './api/suggestedPosts';
import { BusinessSearchBar } from './components/BusinessSearchBar';
import { FilterPanel } from './components/FilterPanel';
import { PostSection } from './components/PostSection';
import { SponsoredStrip } from './components/SponsoredStrip';

export default function BusinessDashboardPage() {
  const { categories, byId } = useCategories();
  const suggested = useAsync(fetchSuggestedPosts, []);
  const newest = useAsync(() => fetchAvailablePosts(LIMITS.sectionPosts), []);
  const [filtered, setFiltered] = useState<{ loading: boolean; posts: Post[] } | null>(null);

  const applyInPageFilter = async (filters: PostFilters) => {
    const query = toFilterQuery(filters);
    if (!query.categories && !query.locations && query.minBudget === undefined) { setFiltered(null); return; }
    setFiltered({ loading: true, posts: [] });
    try {
      const page = await fetchFilteredPosts(query, LIMITS.filteredPostsPageSize);
      setFiltered({ loading: false, posts: page.items });
    } catch (err) {
      console.error(err);
      setFiltered({ loading: false, posts: [] });
    }
  };

  return (
    <div className="page" data-testid="business-dashboard">
      <div className="dashboard">
        <FilterPanel categories={categories} />
        <div className="dashboard-main">
          <BusinessSearchBar showFilter categories={categories} onApplyFilters={(f) => void applyInPageFilter(f)} />
          <section className="promo-banner">
            <div>
              <h2>Find your best clients and save time</h2>
              <p>Upgrade your plan to reach more clients, get suggested requests first and stand out with your portfolio.</p>
            </div>
            <Link to="/subscriptions" className="btn btn-primary btn-lg">Upgrade Plan</Link>
          </section>
          <SponsoredStrip />
          {filtered ? (
            <PostSection title="Filtered Results" testId="filtered-results" posts={filtered.posts}
              loading={filtered.loading} empty="No posts match your filters" categoriesById={byId}
              action={<button type="button" className="btn btn-ghost btn-sm" onClick={() => setFiltered(null)}>Clear filters</button>} />
          ) : (
            <>
              <PostSection title="Recent Posts" testId="recent-posts"
                posts={(suggested.data ?? []).slice(0, LIMITS.sectionPosts)} loading={suggested.loading}
                empty="No suggested posts available" categoriesById={byId} showMoreTo="/available-posts" />
              <PostSection title="Newest" testId="newest-posts"
                posts={(newest.data?.items ?? []).slice(0, LIMITS.sectionPosts)} loading={newest.loading}
                empty="No posts available yet." categoriesById={byId} showMoreTo="/available-posts" />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
