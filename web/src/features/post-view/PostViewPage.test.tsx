import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Offer, Post } from '../../../../common/types';
import { renderPage } from '../../testing/render';
import { answer } from '../../testing/server';
import PostViewPage from './PostViewPage';

const post = {
  _id: 'p1',
  userId: 'u1',
  title: 'Bathroom tiles',
  content: 'Small bathroom',
  category: [],
  images: [],
  location: 'Vlorë',
  budget: 800,
  createdAt: new Date().toISOString(),
  status: 'open',
} as unknown as Post;
const offer = {
  _id: 'o1',
  postId: 'p1',
  businessId: 'b1',
  price: 750,
  message: 'Next week',
  status: 'pending',
  createdAt: new Date().toISOString(),
  business: { businessName: 'Casa Bella' },
} as unknown as Offer;

const show = () => renderPage(<PostViewPage />, { path: '/post/view/:id', url: '/post/view/p1' });

describe("a post's owner view", () => {
  it('offers: loading, then a failed load with Retry (not "No offers available."), then the offers', async () => {
    answer('/category/all', []);
    answer('/post/:id', post);
    answer('/getPostOffers/:id', 'never');
    const { unmount } = show();
    const section = await screen.findByRole('region', { name: 'Offers' });
    expect(within(section).getByText('Loading...')).toBeTruthy();
    unmount();

    answer('/getPostOffers/:id', { status: 502 });
    show();
    const offers = await screen.findByRole('region', { name: 'Offers' });
    const error = await within(offers).findByTestId('load-error');
    expect(within(offers).queryByText('No offers available.')).toBeNull();
    answer('/getPostOffers/:id', [offer]);
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await within(offers).findByText('Casa Bella')).toBeTruthy();
  });

  it('no offers yet is the empty state', async () => {
    answer('/category/all', []);
    answer('/post/:id', post);
    answer('/getPostOffers/:id', []);
    show();
    expect(await screen.findByText('No offers available.')).toBeTruthy();
  });

  it("names the request's services before the list of services arrives, and an unknown one as such", async () => {
    answer('/category/all', 'never');
    answer('/post/:id', { ...post, category: ['interior-design', 'flooring', 'retired-service'] });
    answer('/getPostOffers/:id', []);
    show();
    await screen.findByRole('heading', { name: 'Bathroom tiles' });
    const chips = document.querySelectorAll('.pv-categories .chip');
    expect([...chips].map((c) => c.textContent)).toEqual(['Interior Design', 'Flooring', 'Unknown Category']);
  });
});
