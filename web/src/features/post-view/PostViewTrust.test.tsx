/**
 * The client's choice on its own post: each offer shows how its business was rated, the offers sort by
 * price or by rating (kept in the URL), a revised offer says so, and the request can be closed (after
 * a confirmation) and reopened once.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientUser, Offer, Post } from '../../../../common/types';
import { renderPage } from '../../testing/render';
import { API, answer, server } from '../../testing/server';
import PostViewPage from './PostViewPage';

vi.mock('../../auth/session', () => ({
  readSession: async () => ({ sub: 'sub-1', email: 'ana@example.al', role: 'client' }),
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
const post: Post = {
  _id: 'p1',
  userId: 'u1',
  title: 'Bathroom tiles',
  content: 'Small bathroom',
  category: [],
  images: [],
  location: 'Vlorë',
  budget: 800,
  createdAt: '2026-11-01T10:00:00Z',
  status: 'open',
};
const offer = (id: string, name: string, price: number, ratingAverage: number, reviewCount: number): Offer => ({
  _id: id,
  postId: 'p1',
  businessId: `b-${id}`,
  price,
  message: `Offer of ${name}`,
  status: 'pending',
  createdAt: '2026-11-02T10:00:00Z',
  business: { businessName: name, ratingAverage, reviewCount, verified: false },
});
const cheapUnrated = offer('o1', 'Casa Bella', 500, 0, 0);
const dearBest = offer('o2', 'Mermeri Tirana', 900, 4.8, 12);
const middle = { ...offer('o3', 'Dru & Stil', 700, 3.5, 1), revisedAt: '2026-11-03T10:00:00Z' };

const show = (url = '/post/view/p1') => renderPage(<PostViewPage />, { path: '/post/view/:id', url });
const names = () => screen.getAllByTestId('offer-card').map((card) => within(card).getByRole('link').textContent);

beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, 'stored');
  answer('/account', { profile: owner });
  answer('/category/all', []);
});
afterEach(() => localStorage.clear());

describe("the offers on a client's request", () => {
  it('show each business rating, and sort by price or by rating', async () => {
    answer('/post/:id', post);
    answer('/getPostOffers/:id', [dearBest, cheapUnrated, middle]);
    show();
    await screen.findByText('Mermeri Tirana');
    expect(names()).toEqual(['Casa Bella', 'Dru & Stil', 'Mermeri Tirana']);
    const [cheap, mid, best] = screen.getAllByTestId('offer-card');
    expect(within(cheap).getByTestId('rating-summary').textContent).toBe('No reviews yet');
    expect(within(mid).getByTestId('rating-summary').textContent).toContain('(1 review)');
    expect(within(best).getByTestId('rating-summary').textContent).toContain('4.8');
    expect(within(best).getByTestId('rating-summary').textContent).toContain('(12 reviews)');
    expect(within(best).getByRole('img', { name: 'Rated 4.8 out of 5' })).toBeTruthy();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort offers' }), 'Best rated');
    expect(names()).toEqual(['Mermeri Tirana', 'Dru & Stil', 'Casa Bella']);
  });

  it('show the verified badge on the offers of verified businesses only', async () => {
    answer('/post/:id', post);
    answer('/getPostOffers/:id', [{ ...dearBest, business: { ...dearBest.business!, verified: true } }, cheapUnrated]);
    show();
    await screen.findByText('Mermeri Tirana');
    const [cheap, best] = screen.getAllByTestId('offer-card');
    expect(within(best).getByTestId('verified-badge').textContent).toBe('Verified');
    expect(within(cheap).queryByTestId('verified-badge')).toBeNull();
  });

  it('open sorted by rating from the URL', async () => {
    answer('/post/:id', post);
    answer('/getPostOffers/:id', [cheapUnrated, middle, dearBest]);
    show('/post/view/p1?sort=rating');
    await screen.findByText('Mermeri Tirana');
    expect(names()).toEqual(['Mermeri Tirana', 'Dru & Stil', 'Casa Bella']);
    expect((screen.getByRole('combobox', { name: 'Sort offers' }) as HTMLSelectElement).value).toBe('rating');
  });

  it('mark an offer its business revised', async () => {
    answer('/post/:id', post);
    answer('/getPostOffers/:id', [cheapUnrated, middle]);
    show();
    await screen.findByText('Dru & Stil');
    const [plain, revised] = screen.getAllByTestId('offer-card');
    expect(within(revised).getByTestId('offer-revised').textContent).toBe('revised');
    expect(within(plain).queryByTestId('offer-revised')).toBeNull();
  });

  it('in Albanian, the rating and sort read in Albanian', async () => {
    answer('/account', { profile: { ...owner, language: 'sq' } });
    answer('/post/:id', post);
    answer('/getPostOffers/:id', [cheapUnrated, dearBest]);
    renderPage(<PostViewPage />, { path: '/post/view/:id', url: '/post/view/p1', language: 'sq' });
    await screen.findByText('Mermeri Tirana');
    expect(screen.getByText('Ende pa vlerësime')).toBeTruthy();
    expect(screen.getByText('(12 vlerësime)')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Rendit ofertat' })).toBeTruthy();
  });
});

describe("a request's whole life", () => {
  it('the owner closes an open request after confirming, and then sees it closed with Reopen', async () => {
    answer('/post/:id', post);
    answer('/getPostOffers/:id', [cheapUnrated]);
    const closed: Post = { ...post, status: 'closed', closedReason: 'client', closedAt: '2026-11-20T10:00:00Z' };
    let calls = 0;
    server.use(
      http.post(`${API}/post/:id/close`, () => {
        calls += 1;
        answer('/post/:id', closed);
        answer('/getPostOffers/:id', [{ ...cheapUnrated, status: 'declined' }]);
        return HttpResponse.json(closed);
      }),
    );
    show();
    await userEvent.click(await screen.findByTestId('post-close'));
    const dialog = screen.getByTestId('close-post-dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it open' }));
    expect(calls).toBe(0);
    expect(screen.getByTestId('post-close')).toBeTruthy();

    await userEvent.click(screen.getByTestId('post-close'));
    await userEvent.click(screen.getByTestId('post-close-confirm'));
    expect((await screen.findByTestId('post-closed')).textContent).toContain('You closed this request on');
    expect(calls).toBe(1);
    expect(screen.queryByTestId('post-close')).toBeNull();
    expect(screen.getByTestId('post-reopen')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('offer-card').getAttribute('data-offer-status')).toBe('declined'));
  });

  it('an expired request says so; Reopen opens it again, and a reopened one cannot be reopened', async () => {
    const expired: Post = { ...post, status: 'closed', closedReason: 'expired', closedAt: '2026-11-20T10:00:00Z' };
    answer('/post/:id', expired);
    answer('/getPostOffers/:id', []);
    const reopened: Post = { ...post, reopenedAt: '2026-11-21T10:00:00Z' };
    server.use(
      http.post(`${API}/post/:id/reopen`, () => {
        answer('/post/:id', reopened);
        return HttpResponse.json(reopened);
      }),
    );
    show();
    expect((await screen.findByTestId('post-closed')).textContent).toContain('closed by itself');
    await userEvent.click(screen.getByTestId('post-reopen'));
    await waitFor(() => expect(screen.queryByTestId('post-closed')).toBeNull());
    expect(screen.getByTestId('post-close')).toBeTruthy();
    expect(screen.getByText('Open')).toBeTruthy();

    answer('/post/:id', { ...expired, reopenedAt: '2026-11-21T10:00:00Z' });
    show('/post/view/p1');
    await waitFor(() => expect(screen.getAllByTestId('post-closed').at(-1)?.textContent).toContain('already was'));
  });

  it('a refused reopen shows its reason and the request stays closed', async () => {
    const closed: Post = { ...post, status: 'closed', closedReason: 'client', closedAt: '2026-11-20T10:00:00Z' };
    answer('/post/:id', closed);
    answer('/getPostOffers/:id', []);
    server.use(
      http.post(`${API}/post/:id/reopen`, () =>
        HttpResponse.json({ message: 'Already reopened once', code: 'ALREADY_REOPENED' }, { status: 409 }),
      ),
    );
    show();
    await userEvent.click(await screen.findByTestId('post-reopen'));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByTestId('post-closed')).toBeTruthy();
  });
});
