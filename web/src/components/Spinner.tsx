import { useT } from '../i18n/useT';

/** `label`: already in the chosen language; 'Loading...' without it. */
export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return <div className="spinner" role="status" aria-label={label ?? t('common.loadingDots')} />;
}

/** Centered spinner for a page or section that is loading. */
export function PageLoading({ label }: { label?: string }) {
  return (
    <div className="page-loading">
      <Spinner label={label} />
    </div>
  );
}
