/**
 * A signed-in visit reads its session from the tokens stored in the browser while both have more than a minute to
 * live: who is signed in (role, groups) and the token the API gets come from them, and the sign-in library (Amplify)
 * is not loaded. Tokens near their end, a clock that runs behind, or a token the API refuses go through the sign-in
 * library, which refreshes them.
 */
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Business } from '../../../common/types';
import { renderPage } from '../testing/render';
import { API, server, testConfig } from '../testing/server';
import { useAuth } from './AuthProvider';
import * as signInLibrary from './session';
import { FRESH_FOR_MS, freshStoredIdToken } from './storedToken';

vi.mock('./session', () => ({
  readSession: vi.fn(async () => ({ sub: 'sub-b', email: 'studio@example.al', role: 'business', moderator: false })),
  currentIdToken: vi.fn(async () => 'refreshed-token'),
  logOut: vi.fn(async () => {}),
}));
const library = vi.mocked(signInLibrary);

const CLIENT = testConfig.userPoolClientId;
const USER = 'studio@example.al';
const key = (name: string) => `CognitoIdentityServiceProvider.${CLIENT}.${USER}.${name}`;

/** A token as the user pool signs one (the signature is not read by the app). */
const jwt = (claims: Record<string, unknown>) =>
  ['{"alg":"RS256"}', JSON.stringify(claims), 'signature'].map((part) => btoa(part).replace(/=+$/, '')).join('.');

function storeSession({ livesForMs, clockDrift = 0 }: { livesForMs: number; clockDrift?: number }) {
  const exp = Math.floor((Date.now() + livesForMs) / 1000);
  const idToken = jwt({
    sub: 'sub-b',
    email: USER,
    nickname: 'business',
    'cognito:groups': ['moderator', 'operator'],
    exp,
  });
  localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`, USER);
  localStorage.setItem(key('idToken'), idToken);
  localStorage.setItem(key('accessToken'), jwt({ sub: 'sub-b', exp }));
  localStorage.setItem(key('refreshToken'), 'refresh');
  localStorage.setItem(key('clockDrift'), String(clockDrift));
  return idToken;
}

const business: Business = {
  _id: 'b1',
  cognitoId: 'sub-b',
  businessName: 'Studio Drita',
  email: USER,
  location: 'Tirana',
  createdAt: '2026-01-01T00:00:00Z',
} as Business;

/** The bearer tokens the API received, in order. */
function watchAccount(answers: number[] = []) {
  const tokens: (string | null)[] = [];
  server.use(
    http.get(`${API}/account`, ({ request }) => {
      tokens.push(request.headers.get('authorization'));
      const status = answers.shift() ?? 200;
      return status === 200
        ? HttpResponse.json({ profile: business })
        : HttpResponse.json({ message: 'Unauthorized', code: 'UNAUTHORIZED' }, { status });
    }),
  );
  return tokens;
}

function Probe() {
  const { status, role, moderator, operator, account } = useAuth();
  return (
    <p data-testid="who">
      {status === 'signedIn' && account ? `${role} ${account.name} ${moderator} ${operator}` : status}
    </p>
  );
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => localStorage.clear());

describe('a signed-in visit', () => {
  it('with valid stored tokens is signed in and calls the API with the stored token, without the sign-in library', async () => {
    const idToken = storeSession({ livesForMs: 60 * 60_000 });
    const tokens = watchAccount();
    renderPage(<Probe />, { path: '/', url: '/' });
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('business Studio Drita true true'));
    expect(tokens).toEqual([`Bearer ${idToken}`]);
    expect(library.readSession).not.toHaveBeenCalled();
    expect(library.currentIdToken).not.toHaveBeenCalled();
  });

  it('with tokens near their end goes through the sign-in library, which refreshes them', async () => {
    storeSession({ livesForMs: FRESH_FOR_MS - 5_000 });
    const tokens = watchAccount();
    renderPage(<Probe />, { path: '/', url: '/' });
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('business Studio Drita false false'));
    expect(tokens).toEqual(['Bearer refreshed-token']);
    expect(library.readSession).toHaveBeenCalled();
  });

  it('asks the sign-in library for a new token when the API refuses the stored one, and calls again with it', async () => {
    const idToken = storeSession({ livesForMs: 60 * 60_000 });
    const tokens = watchAccount([401]);
    renderPage(<Probe />, { path: '/', url: '/' });
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('business Studio Drita true true'));
    expect(tokens).toEqual([`Bearer ${idToken}`, 'Bearer refreshed-token']);
    expect(library.currentIdToken).toHaveBeenCalledWith(true);
  });
});

describe('the stored ID token', () => {
  it('is used while both tokens live longer than FRESH_FOR_MS, with the clock drift the sign-in library stored', () => {
    const now = Date.now();
    const idToken = storeSession({ livesForMs: 10 * 60_000 });
    expect(freshStoredIdToken(CLIENT, now)?.token).toBe(idToken);
    expect(freshStoredIdToken(CLIENT, now)?.claims.nickname).toBe('business');
    expect(freshStoredIdToken(CLIENT, now + 10 * 60_000 - FRESH_FOR_MS + 1_000)).toBeUndefined();
    storeSession({ livesForMs: 10 * 60_000, clockDrift: 10 * 60_000 });
    expect(freshStoredIdToken(CLIENT, now)).toBeUndefined();
  });

  it('is not used without an access token, for another app client, or when a token is not a JWT', () => {
    storeSession({ livesForMs: 10 * 60_000 });
    expect(freshStoredIdToken('another-client')).toBeUndefined();
    localStorage.setItem(key('idToken'), 'not-a-token');
    expect(freshStoredIdToken(CLIENT)).toBeUndefined();
    storeSession({ livesForMs: 10 * 60_000 });
    localStorage.removeItem(key('accessToken'));
    expect(freshStoredIdToken(CLIENT)).toBeUndefined();
  });
});
