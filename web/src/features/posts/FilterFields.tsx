/** The three filter pickers (Service Type, Location, Budget) of the dashboard panel and /filtered-posts. */
import type { Category } from '../../../../common/types';
import { BUDGET_RANGES, TOWNS } from '../../../../common/constants';
import { MultiSelect } from '../../components/MultiSelect';
import { budgetLabel, type PostFilters } from './filters';

export function FilterFields({
  filters,
  onChange,
  categories,
}: {
  filters: PostFilters;
  onChange: (f: PostFilters) => void;
  categories: readonly Category[];
}) {
  return (
    <>
      <div className="field">
        <MultiSelect
          label="Service Type"
          testId="filter-categories"
          placeholder="All services"
          options={categories.map((c) => ({ value: c._id, label: c.name }))}
          value={filters.categories}
          onChange={(categoriesPicked) => onChange({ ...filters, categories: categoriesPicked })}
        />
      </div>
      <div className="field">
        <MultiSelect
          label="Location"
          testId="filter-locations"
          placeholder="All locations"
          searchable
          options={TOWNS.map((t) => ({ value: t, label: t }))}
          value={filters.locations}
          onChange={(locations) => onChange({ ...filters, locations })}
        />
      </div>
      <div className="field">
        <MultiSelect
          label="Budget"
          testId="filter-budgets"
          placeholder="Any budget"
          options={BUDGET_RANGES.map((r) => ({ value: r.label, label: budgetLabel(r.label) }))}
          value={filters.budgets}
          onChange={(budgets) => onChange({ ...filters, budgets })}
        />
      </div>
    </>
  );
}
