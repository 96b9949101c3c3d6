/**
 * A suspended account: any API answer 403 ACCOUNT_SUSPENDED signs the user out and the login screen says
 * the account is suspended; so does a sign-in the user pool refuses as "User is disabled.", and a
 * sign-in whose account the API refuses as suspended.
 */
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientUser } from '../../../../common/types';
import { AuthProvider } from '../../auth/AuthProvider';
import { RequireRole } from '../../auth/RequireRole';
import { api } from '../../lib/api';
import { createQueryClient } from '../../lib/queryClient';
import { InLanguage } from '../../testing/render';
import { answer } from '../../testing/server';
import LoginPage from './LoginPage';

const session = vi.hoisted(() => ({
  readSession: vi.fn(),
  currentIdToken: vi.fn(async () => 'token'),
  logOut: vi.fn(async () => {}),
  logIn: vi.fn(),
  register: vi.fn(),
  confirmRegistration: vi.fn(),
  resendCode: vi.fn(),
  sendResetCode: vi.fn(),
  confirmNewPassword: vi.fn(),
}));
vi.mock('../../auth/session', () => session);

const TOKEN_KEY = 'CognitoIdentityServiceProvider.testclient.ana.idToken';
const SUSPENDED = { status: 403, body: { message: 'Account suspended', code: 'ACCOUNT_SUSPENDED' } };
const TEXT =
  'Your account has been suspended by moderation, so you cannot sign in. Write to support if you think this is a mistake.';
const client: ClientUser = {
  _id: 'u1',
  cognitoId: 'sub-1',
  username: 'Ana',
  email: 'ana@example.al',
  createdAt: '2026-01-01T00:00:00Z',
  language: 'en',
};

/** A signed-in screen that loads something from the API (GET /notifications). */
function SignedInScreen() {
  const query = useQuery({ queryKey: ['probe'], queryFn: () => api.get<unknown[]>('/notifications') });
  return <output data-testid="signed-in-screen">{query.data?.length ?? 0}</output>;
}

function show(url: string, language: 'en' | 'sq' = 'en') {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = createMemoryRouter(
    [
      {
        path: '/notifications',
        element: (
          <RequireRole roles={['client', 'business']}>
            <SignedInScreen />
          </RequireRole>
        ),
      },
      { path: '/login', element: <LoginPage /> },
      { path: '/client-dashboard', element: <p>Dashboard</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <InLanguage language={language}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </InLanguage>,
  );
  return router;
}

beforeEach(() => {
  vi.clearAllMocks();
  session.readSession.mockResolvedValue({ sub: 'sub-1', email: 'ana@example.al', role: 'client', moderator: false });
});
afterEach(() => localStorage.clear());

describe('a suspended account', () => {
  it('is signed out by an API answer ACCOUNT_SUSPENDED, and the login screen says why', async () => {
    localStorage.setItem(TOKEN_KEY, 'stored');
    answer('/account', { profile: client });
    answer('/notifications', SUSPENDED);
    const router = show('/notifications');
    expect((await screen.findByTestId('login-suspended')).textContent).toBe(TEXT);
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(session.logOut).toHaveBeenCalled());
  });

  it('says it in Albanian', async () => {
    localStorage.setItem(TOKEN_KEY, 'stored');
    answer('/account', { profile: { ...client, language: 'sq' } });
    answer('/notifications', SUSPENDED);
    show('/notifications', 'sq');
    expect((await screen.findByTestId('login-suspended')).textContent).toContain('Llogaria juaj është pezulluar');
  });

  it('is refused at sign-in by the user pool ("User is disabled.") with the same text', async () => {
    session.readSession.mockResolvedValue(null);
    session.logIn.mockRejectedValue(Object.assign(new Error('User is disabled.'), { name: 'NotAuthorizedException' }));
    show('/login');
    await userEvent.type(await screen.findByLabelText('Email', { selector: 'input' }), 'ana@example.al');
    await userEvent.type(screen.getByLabelText(/^Password$/, { selector: 'input' }), 'Shtepi#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByTestId('login-suspended')).textContent).toBe(TEXT);
    expect(screen.queryByTestId('error-modal')).toBeNull();
  });

  it('whose token still works is signed out again when the API refuses its account at sign-in', async () => {
    session.logIn.mockResolvedValue({ nextStep: { signInStep: 'DONE' } });
    answer('/account', SUSPENDED);
    const router = show('/login');
    await userEvent.type(await screen.findByLabelText('Email', { selector: 'input' }), 'ana@example.al');
    await userEvent.type(screen.getByLabelText(/^Password$/, { selector: 'input' }), 'Shtepi#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByTestId('login-suspended')).textContent).toBe(TEXT);
    expect(session.logOut).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
  });
});
