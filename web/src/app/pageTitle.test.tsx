/** Every route has a title in the chosen language; a route without its own shows the brand, never the previous page's. */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '../auth/AuthProvider';
import NotFoundPage from '../features/misc/NotFoundPage';
import { BRAND } from '../../../common/brand';
import { createQueryClient } from '../lib/queryClient';
import { InLanguage } from '../testing/render';
import { RootLayout } from './RootLayout';

function Untitled() {
  return <p>untitled</p>;
}

function renderRoutes(language: 'en' | 'sq') {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/untitled', element: <Untitled /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
    { initialEntries: ['/missing'] },
  );
  render(
    <InLanguage language={language}>
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </InLanguage>,
  );
  return router;
}

describe('page titles', () => {
  it.each([
    ['en', 'Page Not Found'],
    ['sq', 'Faqja nuk u gjet'],
  ] as const)(
    'in %s: a titled page sets its title, and the next page without one shows the brand',
    async (language, title) => {
      const router = renderRoutes(language);
      await screen.findByTestId('not-found-page');
      await waitFor(() => expect(document.title).toBe(`${title} · ${BRAND.name}`));
      await act(() => router.navigate('/untitled'));
      await screen.findByText('untitled');
      expect(document.title).toBe(BRAND.name);
      await act(() => router.navigate('/elsewhere'));
      await waitFor(() => expect(document.title).toBe(`${title} · ${BRAND.name}`));
    },
  );
});
