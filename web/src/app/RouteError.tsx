/** The router's error page: 'Unexpected Application Error!' with the status or message. */
import { isRouteErrorResponse, useRouteError } from 'react-router';

export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  // A chunk that failed to load (new deployment) is fixed by reloading once.
  const staleChunk =
    error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
  return (
    <div className="status-page" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p className="muted">{detail}</p>
      <div className="hero-actions">
        {staleChunk && (
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload
          </button>
        )}
        <a className="btn btn-secondary" href="/">
          Go to the home page
        </a>
      </div>
    </div>
  );
}
