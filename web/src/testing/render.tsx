/** Renders a page as the app does (language, query client, session, router) at a URL of a route. */
import { useEffect, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import type { Language } from '../../../common/languages';
import { AuthProvider } from '../auth/AuthProvider';
import { I18nProvider } from '../i18n/I18nProvider';
import { registerCachedAnswers } from '../lib/cachedAnswers';
import { createQueryClient } from '../lib/queryClient';

/** Component tests read the English texts (the spec's) unless they ask for Albanian (all loaded: setup.ts). */
export function InLanguage({ language = 'en', children }: { language?: Language; children: ReactNode }) {
  return <I18nProvider language={language}>{children}</I18nProvider>;
}

/** Renders a component (in a memory router, no session) in a language. */
export const renderInLanguage = (ui: ReactNode, language: Language = 'en') =>
  render(
    <InLanguage language={language}>
      <MemoryRouter>{ui}</MemoryRouter>
    </InLanguage>,
  );

/** Signing out in a test forgets the test's cached answers, as in the app. */
function ForgottenAtSignOut({ client }: { client: QueryClient }) {
  useEffect(() => registerCachedAnswers(client), [client]);
  return null;
}

export function renderPage(
  page: ReactNode,
  { path, url, language = 'en' }: { path: string; url: string; language?: Language },
) {
  const queryClient = createQueryClient();
  // Tests see the failure at once (the app retries a failed load once).
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = createMemoryRouter([{ path, element: page }], { initialEntries: [url] });
  return render(
    <InLanguage language={language}>
      <QueryClientProvider client={queryClient}>
        <ForgottenAtSignOut client={queryClient} />
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </InLanguage>,
  );
}
