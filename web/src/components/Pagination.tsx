import { useT } from '../i18n/useT';

/** Previous / numbered / Next buttons. `pageCount` is the number of pages reachable so far. */
export function Pagination({
  page,
  pageCount,
  hasNext,
  onChange,
  disabled,
}: {
  /** 0-based current page */
  page: number;
  pageCount: number;
  hasNext: boolean;
  onChange: (page: number) => void;
  disabled?: boolean;
}) {
  const t = useT();
  if (pageCount <= 1 && !hasNext) return null;
  return (
    <nav className="pagination" aria-label={t('common.pagination.label')} data-testid="pagination">
      <button
        type="button"
        className="btn btn-secondary"
        disabled={disabled || page === 0}
        onClick={() => onChange(page - 1)}
      >
        {t('common.pagination.previous')}
      </button>
      {Array.from({ length: pageCount }, (_, i) => (
        <button
          key={i}
          type="button"
          className="btn btn-secondary"
          aria-label={t('common.pagination.page', { page: i + 1 })}
          aria-current={i === page ? 'page' : undefined}
          disabled={disabled}
          onClick={() => onChange(i)}
        >
          {i + 1}
        </button>
      ))}
      <button
        type="button"
        className="btn btn-secondary"
        disabled={disabled || !hasNext}
        onClick={() => onChange(page + 1)}
      >
        {t('common.pagination.next')}
      </button>
    </nav>
  );
}
