/** Renders a page as the app does (query client, session, router) at a URL of a route. */
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AuthProvider } from '../auth/AuthProvider';
import { createQueryClient } from '../lib/queryClient';

export function renderPage(page: ReactNode, { path, url }: { path: string; url: string }) {
  const queryClient = createQueryClient();
  // Tests see the failure at once (the app retries a failed load once).
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = createMemoryRouter([{ path, element: page }], { initialEntries: [url] });
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
}
