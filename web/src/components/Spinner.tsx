import { useT } from '../i18n/useT';

/** `label`: already in the chosen language; 'Loading...' without it. */
export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return <div className="spinner" role="status" aria-label={label ?? t('common.loadingDots')} />;
}

/**
 * Centered spinner for a page or section that is loading. `text`: what is being waited for, said under it (a page
 * where a bare spinner says too little: the payment being confirmed).
 */
export function PageLoading({ label, text }: { label?: string; text?: string }) {
  return (
    <div className={text ? 'page-loading page-loading--said' : 'page-loading'}>
      <Spinner label={label ?? text} />
      {text && (
        <p className="page-loading-text" data-testid="page-loading-text">
          {text}
        </p>
      )}
    </div>
  );
}
