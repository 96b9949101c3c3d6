import { BrowserRouter } from 'react-router';
import { AuthProvider } from '../auth/AuthProvider';
import { AppRoutes } from './router';
import { RouteErrorBoundary } from './RouteErrorBoundary';

/** The session, the router and the routes. The data layer comes with the first page that reads the API (DataPages). */
export function App() {
  return (
    <AuthProvider>
      <BrowserRouter>
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
      </BrowserRouter>
    </AuthProvider>
  );
}
