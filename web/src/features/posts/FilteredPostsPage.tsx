/**
 * /filtered-posts?categories=a,b&locations=x,y&minBudget=n&maxBudget=n&page=n: the list is driven by the
 * query string (GET /post/filtred with the same query, 15 per page). The filter bar rewrites the query
 * string (and goes back to page 1).
 */
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LIMITS } from '../../../../common/constants';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { useCategories } from '../../lib/categories';
import { usePagedList } from '../../lib/usePagedList';
import { useFilteredPosts } from '../../entities/posts/api/get-filtered-posts';
import { FilterFields } from '../../entities/posts/FilterFields';
import {
  EMPTY_FILTERS,
  filtersFromQuery,
  queryFromSearchParams,
  toSearchString,
  type PostFilters,
} from '../../entities/posts/filters';
import { PagedPostGrid } from './PagedPostGrid';

export default function FilteredPostsPage() {
  const t = useT();
  usePageTitle('posts.filtered.title');
  const [searchParams, setSearchParams] = useSearchParams();
  const { categories } = useCategories();
  const filterKey = toSearchString(filtersFromQuery(queryFromSearchParams(searchParams)));
  const rawQuery = searchParams.toString();
  const query = useMemo(() => queryFromSearchParams(new URLSearchParams(rawQuery)), [rawQuery]);
  // The filter bar shows the URL's filters again whenever they change (Apply, Clear, Back).
  const [draft, setDraft] = useState<PostFilters>(() => filtersFromQuery(query));
  const [draftFor, setDraftFor] = useState(filterKey);
  if (draftFor !== filterKey) {
    setDraftFor(filterKey);
    setDraft(filtersFromQuery(query));
  }

  const pages = usePagedList(useFilteredPosts(query, LIMITS.filteredPostsPageSize));

  const apply = (f: PostFilters) => setSearchParams(new URLSearchParams(toSearchString(f)));

  return (
    <div className="page" data-testid="filtered-posts-page">
      <div className="page-header">
        <h1>{t('posts.filtered.title')}</h1>
      </div>
      <form
        className="card card-body filter-bar"
        style={{ marginBottom: 'var(--space-8)' }}
        aria-label={t('posts.filter.label')}
        onSubmit={(e) => {
          e.preventDefault();
          apply(draft);
        }}
      >
        <div className="filter-bar-fields">
          <FilterFields filters={draft} onChange={setDraft} categories={categories} />
        </div>
        <div className="form-actions" style={{ marginTop: 0 }}>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setDraft(EMPTY_FILTERS);
              apply(EMPTY_FILTERS);
            }}
          >
            {t('posts.filter.clear')}
          </button>
          <button type="submit" className="btn btn-primary">
            {t('posts.filter.apply')}
          </button>
        </div>
      </form>
      <PagedPostGrid pages={pages} empty={t('posts.filtered.empty')} testId="filtered-posts" />
    </div>
  );
}
