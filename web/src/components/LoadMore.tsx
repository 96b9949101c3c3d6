import { useT } from '../i18n/useT';

/** 'Show more' under a list whose server has more pages. */
export function LoadMore({ hasMore, loading, onMore }: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  const t = useT();
  if (!hasMore) return null;
  return (
    <button type="button" className="btn btn-secondary btn-sm load-more" disabled={loading} onClick={onMore}>
      {loading ? t('common.loadingDots') : t('common.showMore')}
    </button>
  );
}
