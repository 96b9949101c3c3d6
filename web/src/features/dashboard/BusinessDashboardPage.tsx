/**
 * Business dashboard (/business-dashboard): the Filters panel (Apply -> /filtered-posts), business
 * search with the in-page filter, Upgrade Plan banner, Sponsored, Recent Posts (3 suggested posts) and
 * Newest. An applied in-page filter (kept in the URL, like /filtered-posts) shows 'Filtered Results' in
 * place of Recent Posts and hides Newest.
 */
import { Link, useSearchParams } from 'react-router';
import { LIMITS } from '../../../../common/constants';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { useCategories } from '../../lib/categories';
import { SponsoredStrip } from '../../entities/ads';
import { filtersFromSearchParams, toFilterQuery, toSearchString, type PostFilters } from '../../entities/posts';
import { useAvailablePosts } from '../../entities/posts/api/get-available-posts';
import { useFilteredPosts } from '../../entities/posts/api/get-filtered-posts';
import { useSuggestedPosts } from '../../entities/posts/api/get-suggested-posts';
import { BusinessSearchBar } from './components/BusinessSearchBar';
import { FilterPanel } from './components/FilterPanel';
import { PostSection } from './components/PostSection';

export default function BusinessDashboardPage() {
  const t = useT();
  usePageTitle('dashboard.title');
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
      <h1 className="visually-hidden">{t('dashboard.title')}</h1>
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
              <h2>{t('dashboard.business.promo.title')}</h2>
              <p>{t('dashboard.business.promo.body')}</p>
            </div>
            <Link to="/subscriptions" className="btn btn-primary btn-lg">
              {t('dashboard.business.promo.action')}
            </Link>
          </section>
          <SponsoredStrip />
          {filtering ? (
            <PostSection
              title={t('dashboard.section.filtered')}
              testId="filtered-results"
              posts={filtered.data?.pages[0]?.items ?? []}
              loading={filtered.isPending}
              error={filtered.error}
              onRetry={() => void filtered.refetch()}
              empty={t('dashboard.section.filteredEmpty')}
              categoriesById={byId}
              action={
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => setSearchParams(new URLSearchParams())}
                >
                  {t('dashboard.section.clearFilters')}
                </button>
              }
            />
          ) : (
            <>
              <PostSection
                title={t('dashboard.section.recent')}
                testId="recent-posts"
                posts={(suggested.data ?? []).slice(0, LIMITS.sectionPosts)}
                loading={suggested.isPending}
                error={suggested.error}
                onRetry={() => void suggested.refetch()}
                empty={t('dashboard.section.suggestedEmpty')}
                categoriesById={byId}
                showMoreTo="/available-posts"
              />
              <PostSection
                title={t('dashboard.section.newest')}
                testId="newest-posts"
                posts={(newest.data?.pages[0]?.items ?? []).slice(0, LIMITS.sectionPosts)}
                loading={newest.isPending}
                error={newest.error}
                onRetry={() => void newest.refetch()}
                empty={t('dashboard.section.empty')}
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
