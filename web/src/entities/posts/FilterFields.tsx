/** The three filter pickers (Service Type, Location, Budget) of the dashboard panel and /filtered-posts. */
import type { Category } from '../../../../common/types';
import { BUDGET_RANGES, TOWNS } from '../../../../common/constants';
import { MultiSelect } from '../../components/MultiSelect';
import { albanianOrder } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { useBudgetLabel, type PostFilters } from './filters';

/** The towns in Albanian alphabetical order (Ç after C, Ë after E). */
export const TOWNS_IN_ORDER = [...TOWNS].sort(albanianOrder.compare);

export function FilterFields({
  filters,
  onChange,
  categories,
}: {
  filters: PostFilters;
  onChange: (f: PostFilters) => void;
  categories: readonly Category[];
}) {
  const t = useT();
  const budgetLabel = useBudgetLabel();
  return (
    <>
      <div className="field">
        <MultiSelect
          label={t('posts.filter.serviceType')}
          testId="filter-categories"
          placeholder={t('posts.filter.allServices')}
          options={categories.map((c) => ({ value: c._id, label: c.name }))}
          value={filters.categories}
          onChange={(categoriesPicked) => onChange({ ...filters, categories: categoriesPicked })}
        />
      </div>
      <div className="field">
        <MultiSelect
          label={t('posts.filter.location')}
          testId="filter-locations"
          placeholder={t('posts.filter.allLocations')}
          searchable
          options={TOWNS_IN_ORDER.map((town) => ({ value: town, label: town }))}
          value={filters.locations}
          onChange={(locations) => onChange({ ...filters, locations })}
        />
      </div>
      <div className="field">
        <MultiSelect
          label={t('posts.filter.budget')}
          testId="filter-budgets"
          placeholder={t('posts.filter.anyBudget')}
          options={BUDGET_RANGES.map((r) => ({ value: r.label, label: budgetLabel(r.label) }))}
          value={filters.budgets}
          onChange={(budgets) => onChange({ ...filters, budgets })}
        />
      </div>
    </>
  );
}
