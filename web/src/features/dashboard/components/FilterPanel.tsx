/**
 * The business dashboard's left panel 'Filters': Service Type, Location and Budget (multi-select,
 * clearable). Apply Filters opens /filtered-posts with the filters in the query string. On mobile the
 * panel folds open and closed.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Category } from '../../../../../common/types';
import { BUDGET_RANGES, TOWNS } from '../../../../../common/constants';
import { MultiSelect } from '../../../components/MultiSelect';
import { budgetLabel, EMPTY_FILTERS, toSearchString, type PostFilters } from '../../posts/filters';

export function FilterFields({ filters, onChange, categories }: {
  filters: PostFilters;
  onChange: (f: PostFilters) => void;
  categories: readonly Category[];
}) {
  return (
    <>
      <div className="field">
        <MultiSelect label="Service Type" testId="filter-categories" placeholder="All services"
          options={categories.map((c) => ({ value: c._id, label: c.name }))}
          value={filters.categories} onChange={(categoriesPicked) => onChange({ ...filters, categories: categoriesPicked })} />
      </div>
      <div className="field">
        <MultiSelect label="Location" testId="filter-locations" placeholder="All locations" searchable
          options={TOWNS.map((t) => ({ value: t, label: t }))}
          value={filters.locations} onChange={(locations) => onChange({ ...filters, locations })} />
      </div>
      <div className="field">
        <MultiSelect label="Budget" testId="filter-budgets" placeholder="Any budget"
          options={BUDGET_RANGES.map((r) => ({ value: r.label, label: budgetLabel(r.label) }))}
          value={filters.budgets} onChange={(budgets) => onChange({ ...filters, budgets })} />
      </div>
    </>
  );
}

export function FilterPanel({ categories }: { categories: readonly Category[] }) {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<PostFilters>(EMPTY_FILTERS);
  const [open, setOpen] = useState(false);
  return (
    <aside className={`card filter-panel${open ? '' : ' collapsed'}`} aria-label="Filters" data-testid="filter-panel">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <h2>Filters</h2>
        <button type="button" className="btn btn-ghost btn-sm filter-panel-toggle" aria-expanded={open}
          onClick={() => setOpen((o) => !o)}>{open ? 'Hide' : 'Show'}</button>
      </div>
      <div className="filter-panel-body">
        <FilterFields filters={filters} onChange={setFilters} categories={categories} />
        <button type="button" className="btn btn-primary btn-block" onClick={() => navigate(`/filtered-posts${toSearchString(filters)}`)}>
          Apply Filters
        </button>
        <button type="button" className="btn btn-ghost btn-block" style={{ marginTop: 8 }} onClick={() => setFilters(EMPTY_FILTERS)}>
          Clear all
        </button>
      </div>
    </aside>
  );
}
