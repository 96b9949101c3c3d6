/**
 * A business reads a client's request and can report it (POST /report with kind 'post'); a business that
 * moderation hid reads it too but is told why it cannot make an offer.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Business, Post } from '../../../../common/types';
import { billingAnswer } from '../../testing/billing';
import { renderPage } from '../../testing/render';
import { API, answer, server } from '../../testing/server';
import PostDetailPage from './PostDetailPage';

vi.mock('../../auth/session', () => ({
  readSession: async () => ({ sub: 'sub-b', email: 'studio@example.al', role: 'business', moderator: false }),
  currentIdToken: async () => 'token',
  logOut: async () => {},
}));

const TOKEN_KEY = 'CognitoIdentityServiceProvider.testclient.studio.idToken';
const business = {
  _id: 'b1',
  cognitoId: 'sub-b',
  businessName: 'Studio Drita',
  location: 'Tirana',
  serviceTowns: ['Tirana'],
  categories: [],
  showroom: [],
  offersCount: 0,
  postsCount: 0,
  finishedJobsCount: 0,
  ratingAverage: 0,
  reviewCount: 0,
  language: 'en',
} as unknown as Business;
const post: Post = {
  _id: 'p1',
  userId: 'u1',
  title: 'Kitchen cabinets',
  category: [],
  images: [],
  location: 'Tirana',
  budget: 2000,
  createdAt: '2026-11-01T10:00:00Z',
  status: 'open',
};

beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, 'stored');
  answer('/account', { profile: business });
  answer('/category/all', []);
  answer('/post/filter', []);
  answer('/post/:id', post);
  answer('/getPostOffers/:id', []);
  answer('/subscription', billingAnswer());
});
afterEach(() => localStorage.clear());

describe('reporting a request', () => {
  it('a business reports the request it reads', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(`${API}/report`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { _id: 'r1', kind: 'post', targetId: 'p1', createdAt: '2026-11-23T10:00:00Z' },
          { status: 201 },
        );
      }),
    );
    renderPage(<PostDetailPage />, { path: '/post/:postId', url: '/post/p1' });
    await userEvent.click(await screen.findByTestId('report-post'));
    const dialog = await screen.findByTestId('report-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Report this request' })).toBeTruthy();
    await userEvent.click(within(dialog).getByLabelText('Fake or misleading'));
    await userEvent.click(within(dialog).getByTestId('report-submit'));
    await screen.findByTestId('report-sent');
    expect(sent).toEqual([{ kind: 'post', targetId: 'p1', reason: 'fake' }]);
    // The page goes on working: the offer form is still there.
    expect(screen.getByTestId('make-offer-button')).toBeTruthy();
  });
});

describe('a business moderation hid', () => {
  it('reads the request, and in place of "Make an offer" is told why it cannot offer', async () => {
    answer('/account', { profile: { ...business, hidden: { reason: 'Fraud', at: '2026-11-20T10:00:00Z' } } });
    renderPage(<PostDetailPage />, { path: '/post/:postId', url: '/post/p1' });
    expect((await screen.findByTestId('offer-refused-hidden')).textContent).toBe(
      'Your business profile is hidden by moderation, so it cannot make offers. Its profile page says why.',
    );
    expect(screen.getByRole('heading', { name: 'Kitchen cabinets' })).toBeTruthy();
    expect(screen.queryByTestId('make-offer-button')).toBeNull();
  });
});
