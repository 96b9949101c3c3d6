/**
 * Business dashboard (/business-dashboard): the Filters panel (Apply -> /filtered-posts), business
 * search with the in-page filter, Upgrade Plan banner, Sponsored, Recent Posts (3 suggested posts) and
 * Newest. An applied in-page filter (kept in the URL, like /filtered-posts) shows 'Filtered Results' in
 * place of Recent Posts and hides Newest.
 */
import { Link, useSearchParams } from 'react-router';
import { LIMITS } from '../../../../common/constants';
import { useCategories } from '../../lib/categories';
import { SponsoredStrip } from '../ads';
import { filtersFromSearchParams, toFilterQuery, toSearchString, type PostFilters } from '../posts';
import { useAvailablePosts } from '../posts/api/get-available-posts';
import { useFilteredPosts } from '../posts/api/get-filtered-posts';
import { useSuggestedPosts } from '../posts/api/get-suggested-posts';
import { BusinessSearchBar } from './components/BusinessSearchBar';
import { FilterPanel } from './components/FilterPanel';
import { PostSection } from './components/PostSection';

export default function BusinessDashboardPage() {
  const { categories, byId } = useCategories();
  const [searchParams, setSearchParams] = useSearchParams();
  const applied = filtersFromSearchParams(searchParams);
  const query = toFilterQuery(applied);
  const filtering = !!(query.categories || query.locations || query.minBudget !== undefined);

  const suggested = useSuggestedPosts();
  const newest = useAvailablePosts(LIMITS.sectionPosts);
  const filtered = useFilteredPosts(query, LIMITS.filteredPostsPageSize, { enabled: filtering });

  const applyInPageFilter = (filters: PostFilters) => setSearchParams(new URLSearchParams(toSearchString(filters)));

  return (
    <div className="page" data-testid="business-dashboard">
      <h1 className="visually-hidden">Home</h1>
      <div className="dashboard">
        <FilterPanel categories={categories} />
        <div className="dashboard-main">
          <BusinessSearchBar
            showFilter
            categories={categories}
            appliedFilters={applied}
            onApplyFilters={applyInPageFilter}
          />
          <section className="promo-banner">
            <div>
              <h2>Find your best clients and save time</h2>
              <p>
                Upgrade your plan to reach more clients, get suggested requests first and stand out with your portfolio.
              </p>
            </div>
            <Link to="/subscriptions" className="btn btn-primary btn-lg">
              Upgrade Plan
            </Link>
          </section>
          <SponsoredStrip />
          {filtering ? (
            <PostSection
              title="Filtered Results"
              testId="filtered-results"
              posts={filtered.data?.pages[0]?.items ?? []}
              loading={filtered.isPending}
              error={filtered.error}
              onRetry={() => void filtered.refetch()}
              empty="No posts match your filters"
              categoriesById={byId}
              action={
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => setSearchParams(new URLSearchParams())}
                >
                  Clear filters
                </button>
              }
            />
          ) : (
            <>
              <PostSection
                title="Recent Posts"
                testId="recent-posts"
                posts={(suggested.data ?? []).slice(0, LIMITS.sectionPosts)}
                loading={suggested.isPending}
                error={suggested.error}
                onRetry={() => void suggested.refetch()}
                empty="No suggested posts available"
                categoriesById={byId}
                showMoreTo="/available-posts"
              />
              <PostSection
                title="Newest"
                testId="newest-posts"
                posts={(newest.data?.pages[0]?.items ?? []).slice(0, LIMITS.sectionPosts)}
                loading={newest.isPending}
                error={newest.error}
                onRetry={() => void newest.refetch()}
                empty="No posts available yet."
                categoriesById={byId}
                showMoreTo="/available-posts"
              />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
