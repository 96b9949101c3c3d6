/** A page that fails to render shows the error page in its place, inside the frame; the next page shows again. */
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../auth/AuthProvider';
import { InLanguage } from '../testing/render';
import { RootLayout } from './RootLayout';

function Broken(): never {
  throw new Error('The page broke');
}

let quiet: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  // React and the boundary log the failure: expected here.
  quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => quiet.mockRestore());

describe('a page that fails', () => {
  it.each([
    ['en', 'Unexpected Application Error!', 'Go to the home page'],
    ['sq', 'Ndodhi një gabim i papritur!', 'Shko te faqja kryesore'],
  ] as const)(
    'in %s: shows what went wrong with a way home, and the next page renders',
    async (language, title, home) => {
      const router = createMemoryRouter(
        [
          {
            element: <RootLayout />,
            children: [
              { path: '/broken', element: <Broken /> },
              { path: '/fine', element: <p>fine page</p> },
            ],
          },
        ],
        { initialEntries: ['/broken'] },
      );
      render(
        <InLanguage language={language}>
          <AuthProvider>
            <RouterProvider router={router} />
          </AuthProvider>
        </InLanguage>,
      );
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(title);
      expect(screen.getByRole('link', { name: home }).getAttribute('href')).toBe('/');
      expect(screen.getAllByRole('main')).toHaveLength(1);
      expect(screen.getByRole('contentinfo')).toBeTruthy();
      await act(() => router.navigate('/fine'));
      expect(await screen.findByText('fine page')).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );
});
