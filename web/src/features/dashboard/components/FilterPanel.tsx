/**
 * The business dashboard's left panel 'Filters': Service Type, Location and Budget (multi-select,
 * clearable). Apply Filters opens /filtered-posts with the filters in the query string. On mobile the
 * panel folds open and closed.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Category } from '../../../../../common/types';
import { useT } from '../../../i18n/useT';
import { EMPTY_FILTERS, FilterFields, toSearchString, type PostFilters } from '../../../entities/posts';

export function FilterPanel({ categories }: { categories: readonly Category[] }) {
  const t = useT();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<PostFilters>(EMPTY_FILTERS);
  const [open, setOpen] = useState(false);
  return (
    <aside
      className={`card filter-panel${open ? '' : ' collapsed'}`}
      aria-label={t('dashboard.panel.title')}
      data-testid="filter-panel"
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <h2>{t('dashboard.panel.title')}</h2>
        <button
          type="button"
          className="btn btn-ghost btn-sm filter-panel-toggle"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t('dashboard.panel.hide') : t('dashboard.panel.show')}
        </button>
      </div>
      <div className="filter-panel-body">
        <FilterFields filters={filters} onChange={setFilters} categories={categories} />
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => navigate(`/filtered-posts${toSearchString(filters)}`)}
        >
          {t('posts.filter.apply')}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-block"
          style={{ marginTop: 8 }}
          onClick={() => setFilters(EMPTY_FILTERS)}
        >
          {t('dashboard.panel.clearAll')}
        </button>
      </div>
    </aside>
  );
}
