import { BrowserRouter, StaticRouter } from 'react-router';
import { AuthProvider } from '../auth/AuthProvider';
import { AppRoutes } from './router';
import { RouteErrorBoundary } from './RouteErrorBoundary';

/**
 * The session, the router and the routes. The data layer comes with the first page that reads the API (DataPages).
 * `location` renders one address outside a browser (the sign-in screen at build time: prerender.tsx).
 */
export function App({ location }: { location?: string }) {
  const routes = (
    <RouteErrorBoundary>
      <AppRoutes />
    </RouteErrorBoundary>
  );
  return (
    <AuthProvider>
      {location === undefined ? (
        <BrowserRouter>{routes}</BrowserRouter>
      ) : (
        <StaticRouter location={location}>{routes}</StaticRouter>
      )}
    </AuthProvider>
  );
}
