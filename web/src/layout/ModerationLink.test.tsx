/** "Moderation" in the navbar and in the phone menu, for members of the moderator group only. */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientUser } from '../../../common/types';
import { renderPage } from '../testing/render';
import { answer } from '../testing/server';
import { Navbar } from './Navbar';
import { Sidebar } from './Sidebar';

const session = vi.hoisted(() => ({
  moderator: false,
  readSession: vi.fn(),
  currentIdToken: async () => 'token',
  logOut: async () => {},
}));
vi.mock('../auth/session', () => session);

const TOKEN_KEY = 'CognitoIdentityServiceProvider.testclient.ana.idToken';
const client: ClientUser = {
  _id: 'u1',
  cognitoId: 'sub-1',
  username: 'Ana',
  email: 'ana@example.al',
  createdAt: '2026-01-01T00:00:00Z',
  language: 'en',
};

function Frame() {
  return (
    <>
      <Navbar onOpenMenu={() => {}} />
      <Sidebar open onClose={() => {}} />
    </>
  );
}

const show = (language: 'en' | 'sq' = 'en') => renderPage(<Frame />, { path: '/', url: '/', language });

beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, 'stored');
  session.readSession.mockImplementation(async () => ({
    sub: 'sub-1',
    email: 'ana@example.al',
    role: 'client',
    moderator: session.moderator,
  }));
});
afterEach(() => localStorage.clear());

describe('the Moderation link', () => {
  it('shows in the navbar and the phone menu of a moderator, leading to /moderation', async () => {
    session.moderator = true;
    answer('/account', { profile: client });
    show();
    const link = await screen.findByTestId('nav-moderation');
    expect(link.textContent).toBe('Moderation');
    expect(link.getAttribute('href')).toBe('/moderation');
    const menu = within(await screen.findByTestId('sidebar'));
    expect(menu.getByRole('link', { name: 'Moderation' }).getAttribute('href')).toBe('/moderation');
  });

  it('says it in Albanian', async () => {
    session.moderator = true;
    answer('/account', { profile: { ...client, language: 'sq' } });
    show('sq');
    expect((await screen.findByTestId('nav-moderation')).textContent).toBe('Moderimi');
  });

  it('does not show for anyone else', async () => {
    session.moderator = false;
    answer('/account', { profile: client });
    show();
    const menu = within(await screen.findByTestId('sidebar'));
    await screen.findAllByRole('link', { name: 'Profile' });
    expect(screen.queryByTestId('nav-moderation')).toBeNull();
    expect(menu.queryByRole('link', { name: 'Moderation' })).toBeNull();
  });
});
