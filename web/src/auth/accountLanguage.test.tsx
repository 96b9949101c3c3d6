/**
 * The account remembers the language: a profile created at the first sign-in is created in the
 * language the visitor reads the site in; on sign-in the account's language is applied when the
 * browser has no choice of its own; a choice made while signed in is saved on the account.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientUser } from '../../../common/types';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { LANGUAGE_STORAGE_KEY } from '../i18n/languages';
import { useT } from '../i18n/useT';
import { renderPage } from '../testing/render';
import { API, answer, server } from '../testing/server';
import { useAuth } from './AuthProvider';

vi.mock('./session', () => ({
  readSession: async () => ({ sub: 'sub-1', email: 'ana@example.al', role: 'client' }),
  currentIdToken: async () => 'token',
  logOut: async () => {},
}));

const TOKEN_KEY = 'CognitoIdentityServiceProvider.testclient.ana.idToken';
const record = (language?: 'sq' | 'en'): ClientUser => ({
  _id: 'u1',
  cognitoId: 'sub-1',
  username: 'Ana',
  email: 'ana@example.al',
  createdAt: '2026-01-01T00:00:00Z',
  ...(language ? { language } : {}),
});

function Probe() {
  const t = useT();
  const { status, account } = useAuth();
  return (
    <div>
      <p data-testid="status">{status === 'signedIn' && account ? 'ready' : 'waiting'}</p>
      <p data-testid="text">{t('common.nav.home')}</p>
      <LanguageSwitch />
    </div>
  );
}

beforeEach(() => localStorage.setItem(TOKEN_KEY, 'stored'));
afterEach(() => localStorage.clear());

describe('the account language', () => {
  it('is applied at sign-in when the browser has no choice of its own', async () => {
    answer('/account', { profile: record('sq') });
    renderPage(<Probe />, { path: '/', url: '/', language: 'en' });
    await waitFor(() => expect(screen.getByTestId('text').textContent).toBe('Kreu'));
    await waitFor(() => expect(document.documentElement.lang).toBe('sq'));
  });

  it('does not override a choice the browser already made', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    answer('/account', { profile: record('sq') });
    renderPage(<Probe />, { path: '/', url: '/', language: 'en' });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('ready'));
    expect(screen.getByTestId('text').textContent).toBe('Home');
  });

  it('is saved on the account when the signed-in user switches', async () => {
    answer('/account', { profile: record('en') });
    const saved: unknown[] = [];
    server.use(
      http.put(`${API}/user/:id`, async ({ request, params }) => {
        const body = (await request.json()) as { language: 'sq' | 'en' };
        saved.push({ id: params.id, ...body });
        return HttpResponse.json(record(body.language));
      }),
    );
    renderPage(<Probe />, { path: '/', url: '/', language: 'en' });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('ready'));
    await userEvent.click(screen.getByTestId('language-sq'));
    await waitFor(() => expect(saved).toEqual([{ id: 'u1', language: 'sq' }]));
    expect(screen.getByTestId('text').textContent).toBe('Kreu');
  });

  it('is sent when the profile is created at the first sign-in', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'sq');
    let created: Record<string, unknown> | undefined;
    server.use(
      http.get(`${API}/account`, () => HttpResponse.json({ profile: created ? record('sq') : null })),
      http.post(`${API}/user`, async ({ request }) => {
        created = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(record('sq'), { status: 201 });
      }),
    );
    renderPage(<Probe />, { path: '/', url: '/', language: 'sq' });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('ready'));
    expect(created).toMatchObject({ cognitoId: 'sub-1', language: 'sq' });
  });
});
