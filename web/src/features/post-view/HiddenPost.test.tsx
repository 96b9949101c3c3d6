/** The client whose request moderation hid reads why on its own view of it; its offers still show and work. */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientUser, Offer, Post } from '../../../../common/types';
import { renderPage } from '../../testing/render';
import { answer } from '../../testing/server';
import PostViewPage from './PostViewPage';

vi.mock('../../auth/session', () => ({
  readSession: async () => ({ sub: 'sub-1', email: 'ana@example.al', role: 'client', moderator: false }),
  currentIdToken: async () => 'token',
  logOut: async () => {},
}));

const TOKEN_KEY = 'CognitoIdentityServiceProvider.testclient.ana.idToken';
const owner: ClientUser = {
  _id: 'u1',
  cognitoId: 'sub-1',
  username: 'Ana',
  email: 'ana@example.al',
  createdAt: '2026-01-01T00:00:00Z',
  language: 'en',
};
const post: Post & { hidden?: { reason: string; at: string } } = {
  _id: 'p1',
  userId: 'u1',
  title: 'Bathroom tiles',
  category: [],
  images: [],
  location: 'Vlorë',
  budget: 800,
  createdAt: '2026-11-01T10:00:00Z',
  status: 'open',
};
const offer: Offer = {
  _id: 'o1',
  postId: 'p1',
  businessId: 'b1',
  price: 500,
  message: 'Next week',
  status: 'pending',
  createdAt: '2026-11-02T10:00:00Z',
  business: { businessName: 'Casa Bella', ratingAverage: 0, reviewCount: 0, verified: false },
};

const show = (language: 'en' | 'sq' = 'en') =>
  renderPage(<PostViewPage />, { path: '/post/view/:id', url: '/post/view/p1', language });

beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, 'stored');
  answer('/account', { profile: owner });
  answer('/category/all', []);
  answer('/getPostOffers/:id', [offer]);
});
afterEach(() => localStorage.clear());

describe('a hidden request on its owner’s view', () => {
  it('says it was hidden by moderation and why; the offers still show', async () => {
    answer('/post/:id', { ...post, hidden: { reason: 'Contact details in the title', at: '2026-11-20T10:00:00Z' } });
    show();
    expect((await screen.findByTestId('hidden-notice')).textContent).toBe(
      'Hidden by moderation: Contact details in the title Since November 20, 2026 only you and the moderators can see it.',
    );
    expect(await screen.findByText('Casa Bella')).toBeTruthy();
    expect(screen.getByTestId('post-close')).toBeTruthy();
  });

  it('in Albanian', async () => {
    answer('/account', { profile: { ...owner, language: 'sq' } });
    answer('/post/:id', { ...post, hidden: { reason: 'Numër telefoni në titull', at: '2026-11-20T10:00:00Z' } });
    show('sq');
    expect((await screen.findByTestId('hidden-notice')).textContent).toContain(
      'Fshehur nga moderimi: Numër telefoni në titull',
    );
  });

  it('a request that is not hidden shows no notice', async () => {
    answer('/post/:id', post);
    show();
    await screen.findByText('Casa Bella');
    expect(screen.queryByTestId('hidden-notice')).toBeNull();
  });
});
