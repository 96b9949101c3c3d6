import { useT } from '../i18n/useT';

/** What a screen or section shows when its data could not be loaded: a short message and Retry. */
export function LoadError({
  onRetry,
  message,
  testId = 'load-error',
}: {
  onRetry: () => void;
  /** Already in the chosen language; the general 'could not load' text without it. */
  message?: string;
  testId?: string;
}) {
  const t = useT();
  return (
    <div className="load-error" role="alert" data-testid={testId}>
      <p>{message ?? t('common.loadError')}</p>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
