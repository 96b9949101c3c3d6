/**
 * Business search by name ('Searching...' while it runs; results show picture, name and town and open
 * the business profile). A blank query clears the results. For business users a filter icon opens the
 * in-page filter: category toggles, Location and Budget dropdowns, Apply Filters.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Category } from '../../../../../common/types';
import { BUDGET_RANGES } from '../../../../../common/constants';
import { Avatar } from '../../../components/Avatar';
import { FilterIcon, SearchIcon } from '../../../components/icons';
import { useT } from '../../../i18n/useT';
import { EMPTY_FILTERS, useBudgetLabel, type PostFilters } from '../../../entities/posts';
import { useBusinessSearch } from '../api/search-businesses';
import { TownSelect } from '../../../components/TownSelect';
import { RatingSummary } from '../../../components/RatingSummary';
import { VerifiedBadge } from '../../../components/VerifiedBadge';

const DEBOUNCE_MS = 300;

/** The in-page filter; it opens showing the filters applied now, so what it shows matches the results. */
function InlineFilters({
  categories,
  applied,
  onApply,
}: {
  categories: readonly Category[];
  applied: PostFilters;
  onApply: (f: PostFilters) => void;
}) {
  const t = useT();
  const budgetLabel = useBudgetLabel();
  const [picked, setPicked] = useState<string[]>(applied.categories);
  const [town, setTown] = useState(applied.locations[0] ?? '');
  const [budget, setBudget] = useState(applied.budgets[0] ?? '');
  const toggle = (id: string) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));
  return (
    <div className="card search-filters" data-testid="search-filters">
      <div className="field-label" style={{ marginBottom: 8 }}>
        {t('posts.filter.serviceType')}
      </div>
      <div className="chip-row" role="group" aria-label={t('posts.filter.serviceType')}>
        {categories.map((c) => (
          <button
            key={c._id}
            type="button"
            className="chip chip-toggle"
            aria-pressed={picked.includes(c._id)}
            onClick={() => toggle(c._id)}
          >
            {c.name}
          </button>
        ))}
      </div>
      <div className="form-row">
        <div className="field">
          <label htmlFor="inline-filter-location">{t('posts.filter.location')}</label>
          <TownSelect
            id="inline-filter-location"
            value={town}
            onChange={setTown}
            placeholder={t('posts.filter.allLocations')}
          />
        </div>
        <div className="field">
          <label htmlFor="inline-filter-budget">{t('posts.filter.budget')}</label>
          <select
            id="inline-filter-budget"
            className="select"
            value={budget}
            onChange={(e) => setBudget(e.target.value)}
          >
            <option value="">{t('posts.filter.anyBudget')}</option>
            {BUDGET_RANGES.map((r) => (
              <option key={r.label} value={r.label}>
                {budgetLabel(r.label)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="form-actions" style={{ marginTop: 0 }}>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            setPicked([]);
            setTown('');
            setBudget('');
            onApply(EMPTY_FILTERS);
          }}
        >
          {t('posts.filter.clear')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() =>
            onApply({ categories: picked, locations: town ? [town] : [], budgets: budget ? [budget] : [] })
          }
        >
          {t('posts.filter.apply')}
        </button>
      </div>
    </div>
  );
}

export function BusinessSearchBar({
  showFilter,
  categories,
  appliedFilters = EMPTY_FILTERS,
  onApplyFilters,
}: {
  showFilter: boolean;
  categories?: readonly Category[];
  appliedFilters?: PostFilters;
  onApplyFilters?: (filters: PostFilters) => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [debounced, setDebounced] = useState('');
  const [dismissed, setDismissed] = useState(false);
  const [filterOpen, setFilterOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const search = useBusinessSearch(debounced);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(query.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  useEffect(() => {
    const close = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setDismissed(true);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, []);

  const typed = query.trim();
  const searching = !!typed && (typed !== debounced || search.isFetching);
  const results = typed && debounced ? search.data : undefined;
  const open = !!typed && !dismissed;
  return (
    <div className="search-bar" ref={root} data-testid="business-search">
      <div className="search-row">
        <div className="search-input-wrap">
          <SearchIcon />
          <input
            className="input"
            type="search"
            placeholder={t('dashboard.search.placeholder')}
            aria-label={t('dashboard.search.label')}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setDismissed(false);
            }}
            onFocus={() => setDismissed(false)}
          />
        </div>
        {showFilter && (
          <button
            type="button"
            className={`icon-btn${filterOpen ? ' active' : ''}`}
            aria-label={t('dashboard.search.filters')}
            aria-expanded={filterOpen}
            data-testid="search-filter-toggle"
            onClick={() => setFilterOpen((o) => !o)}
          >
            <FilterIcon />
          </button>
        )}
      </div>
      {open && (
        <div className="card search-results" role="listbox" aria-label={t('dashboard.search.results')}>
          {searching ? (
            <div className="search-status">{t('dashboard.search.searching')}</div>
          ) : search.isError ? (
            <div className="search-status" role="alert">
              {t('dashboard.search.failed')}{' '}
              <button type="button" className="btn-link" onClick={() => void search.refetch()}>
                {t('common.retry')}
              </button>
            </div>
          ) : results && results.length === 0 ? (
            <div className="search-status">{t('dashboard.search.none')}</div>
          ) : (
            results?.map((b) => (
              <button
                key={b._id}
                type="button"
                role="option"
                aria-selected="false"
                className="search-result"
                onClick={() => navigate(`/businessprofile/${b._id}`)}
              >
                <Avatar src={b.profilePicture} alt="" />
                <span>
                  <strong>{b.businessName}</strong>
                  <span className="muted small" style={{ display: 'block' }}>
                    {b.location}
                  </span>
                  <RatingSummary rating={b} />
                  <VerifiedBadge verified={b.verified} />
                </span>
              </button>
            ))
          )}
        </div>
      )}
      {showFilter && filterOpen && onApplyFilters && (
        <InlineFilters
          categories={categories ?? []}
          applied={appliedFilters}
          onApply={(f) => {
            onApplyFilters(f);
            setFilterOpen(false);
          }}
        />
      )}
    </div>
  );
}
