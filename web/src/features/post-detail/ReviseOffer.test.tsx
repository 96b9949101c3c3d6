/**
 * A business revises the price and message of its pending offer on an open request (PUT /offer/{id},
 * the shared schema's rules); an accepted offer or a closed request offers no revision.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Business, Offer, Post } from '../../../../common/types';
import { renderPage } from '../../testing/render';
import { API, answer, server } from '../../testing/server';
import PostDetailPage from './PostDetailPage';

vi.mock('../../auth/session', () => ({
  readSession: async () => ({ sub: 'sub-b', email: 'studio@example.al', role: 'business' }),
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
  offersCount: 1,
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
const myOffer: Offer = {
  _id: 'o1',
  postId: 'p1',
  businessId: 'b1',
  price: 1800,
  message: 'Oak, in three weeks',
  status: 'pending',
  createdAt: '2026-11-02T10:00:00Z',
};

const show = () => renderPage(<PostDetailPage />, { path: '/post/:postId', url: '/post/p1' });

function revisionsSent() {
  const sent: unknown[] = [];
  server.use(
    http.put(`${API}/offer/:id`, async ({ request, params }) => {
      const body = (await request.json()) as { price: number; message: string };
      sent.push({ id: params.id, ...body });
      const revised = { ...myOffer, ...body, revisedAt: '2026-11-05T10:00:00Z' };
      answer('/getPostOffers/:id', [revised]);
      return HttpResponse.json(revised);
    }),
  );
  return sent;
}

beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, 'stored');
  answer('/account', { profile: business });
  answer('/category/all', []);
  answer('/post/filter', []);
  answer('/post/:id', post);
});
afterEach(() => localStorage.clear());

describe('revising an offer', () => {
  it('the form starts from the offer; the new price and message are sent and the offer shows "revised"', async () => {
    answer('/getPostOffers/:id', [myOffer]);
    const sent = revisionsSent();
    show();
    await userEvent.click(await screen.findByTestId('offer-revise'));
    const form = await screen.findByRole('form', { name: 'Revise your offer' });
    const price = within(form).getByTestId('offer-price') as HTMLInputElement;
    expect(price.value).toBe('1800');
    expect((within(form).getByTestId('offer-message') as HTMLTextAreaElement).value).toBe('Oak, in three weeks');

    await userEvent.clear(price);
    await userEvent.type(price, '1650.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your offer was updated.')).toBeTruthy();
    expect(sent).toEqual([{ id: 'o1', price: 1650.5, message: 'Oak, in three weeks' }]);
    const mine = await screen.findByTestId('my-offer');
    expect(within(mine).getByTestId('my-offer-revised').textContent).toBe('revised');
  });

  it('a price the schema refuses is not sent', async () => {
    answer('/getPostOffers/:id', [myOffer]);
    const sent = revisionsSent();
    show();
    await userEvent.click(await screen.findByTestId('offer-revise'));
    const price = await screen.findByTestId('offer-price');
    await userEvent.clear(price);
    await userEvent.type(price, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByTestId('offer-price-error')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('an accepted offer, or one on a closed request, cannot be revised', async () => {
    answer('/getPostOffers/:id', [{ ...myOffer, status: 'accepted' }]);
    const { unmount } = show();
    await screen.findByTestId('my-offer');
    expect(screen.queryByTestId('offer-revise')).toBeNull();
    unmount();

    answer('/post/:id', { ...post, status: 'closed', closedReason: 'client' });
    answer('/getPostOffers/:id', [myOffer]);
    show();
    await screen.findByTestId('my-offer');
    expect(screen.queryByTestId('offer-revise')).toBeNull();
  });
});
