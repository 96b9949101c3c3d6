/**
 * The business dashboard's left panel 'Filters': Service Type, Location and Budget (multi-select,
 * clearable). Apply Filters opens /filtered-posts with the filters in the query string. On mobile the
 * panel folds open and closed.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Category } from '../../../../../common/types';
import { EMPTY_FILTERS, FilterFields, toSearchString, type PostFilters } from '../../posts';

export function FilterPanel({ categories }: { categories: readonly Category[] }) {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<PostFilters>(EMPTY_FILTERS);
  const [open, setOpen] = useState(false);
  return (
    <aside className={`card filter-panel${open ? '' : ' collapsed'}`} aria-label="Filters" data-testid="filter-panel">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <h2>Filters</h2>
        <button
          type="button"
          className="btn btn-ghost btn-sm filter-panel-toggle"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide' : 'Show'}
        </button>
      </div>
      <div className="filter-panel-body">
        <FilterFields filters={filters} onChange={setFilters} categories={categories} />
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => navigate(`/filtered-posts${toSearchString(filters)}`)}
        >
          Apply Filters
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-block"
          style={{ marginTop: 8 }}
          onClick={() => setFilters(EMPTY_FILTERS)}
        >
          Clear all
        </button>
      </div>
    </aside>
  );
}
