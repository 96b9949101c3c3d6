export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return <div className="spinner" role="status" aria-label={label} />;
}

/** Centered spinner for a page or section that is loading. */
export function PageLoading({ label }: { label?: string }) {
  return (
    <div className="page-loading">
      <Spinner label={label} />
    </div>
  );
}
