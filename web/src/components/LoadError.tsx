/** What a screen or section shows when its data could not be loaded: a short message and Retry. */
export function LoadError({
  onRetry,
  message = 'Could not load this page. Check your connection and try again.',
  testId = 'load-error',
}: {
  onRetry: () => void;
  message?: string;
  testId?: string;
}) {
  return (
    <div className="load-error" role="alert" data-testid={testId}>
      <p>{message}</p>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
