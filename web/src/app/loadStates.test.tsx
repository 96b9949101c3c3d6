/**
 * The screens that load a list: loading, error (with Retry that loads again) and empty are three
 * different states, and an error never reads as an empty list.
 */
import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Ad, Post } from '../../../common/types';
import { renderPage } from '../testing/render';
import { answer } from '../testing/server';
import SponsoredPostsPage from '../features/ads/SponsoredPostsPage';
import ClientDashboardPage from '../features/dashboard/ClientDashboardPage';
import AvailablePostsPage from '../features/posts/AvailablePostsPage';
import FilteredPostsPage from '../features/posts/FilteredPostsPage';
import ClientProfilePage from '../features/profiles/ClientProfilePage';
import BusinessProfilePage from '../features/profiles/BusinessProfilePage';

const post = (id: string, title: string): Post =>
  ({
    _id: id,
    userId: 'u1',
    title,
    content: 'Details',
    category: [],
    images: [],
    location: 'Durrës',
    budget: 500,
    createdAt: new Date().toISOString(),
    status: 'open',
  }) as Post;
const ad: Ad = {
  _id: 'a1',
  businessId: 'b1',
  businessName: 'Casa Bella',
  image: '',
  createdAt: new Date().toISOString(),
} as Ad;

interface Screen {
  name: string;
  page: ReactNode;
  path: string;
  url: string;
  /** The list's endpoint (MSW path). */
  endpoint: string;
  /** Other endpoints the screen calls, answered empty. */
  others?: Record<string, unknown>;
  item: unknown;
  itemText: string;
  empty: string;
}

const screens: Screen[] = [
  {
    name: 'available posts',
    page: <AvailablePostsPage />,
    path: '/available-posts',
    url: '/available-posts',
    endpoint: '/post/available',
    item: post('p1', 'Sofa repair'),
    itemText: 'Sofa repair',
    empty: 'No posts available yet.',
  },
  {
    name: 'filtered posts',
    page: <FilteredPostsPage />,
    path: '/filtered-posts',
    url: '/filtered-posts?locations=Durr%C3%ABs',
    endpoint: '/post/filtred',
    item: post('p1', 'Tiles'),
    itemText: 'Tiles',
    empty: 'No posts found with the selected filters.',
  },
  {
    name: 'sponsored',
    page: <SponsoredPostsPage />,
    path: '/sponsoredPosts',
    url: '/sponsoredPosts',
    endpoint: '/ads',
    item: ad,
    itemText: 'Casa Bella',
    empty: 'No ads available',
  },
  {
    name: 'client dashboard',
    page: <ClientDashboardPage />,
    path: '/client-dashboard',
    url: '/client-dashboard',
    endpoint: '/post/available',
    others: { '/ads': [] },
    item: post('p1', 'Curtains'),
    itemText: 'Curtains',
    empty: 'No posts available yet.',
  },
  {
    name: 'client profile',
    page: <ClientProfilePage />,
    path: '/clientprofile/:id',
    url: '/clientprofile/u1',
    endpoint: '/post/user/:id',
    others: { '/user/:id': { _id: 'u1', username: 'Arta', cognitoId: 's', createdAt: '' } },
    item: post('p1', 'Lamp'),
    itemText: 'Lamp',
    empty: 'No posts yet.',
  },
  {
    name: 'business profile, ads tab',
    page: <BusinessProfilePage />,
    path: '/businessprofile/:id',
    url: '/businessprofile/b1?tab=ads',
    endpoint: '/business/ads/:id',
    others: {
      '/business/:id': { _id: 'b1', businessName: 'Casa Bella', categories: [], showroom: [], location: 'Tirana' },
    },
    item: { ...ad, image: 'http://cdn.test/ad.jpg' },
    itemText: '',
    empty: 'No ads available.',
  },
];

function answerOthers(s: Screen) {
  answer('/category/all', []);
  for (const [path, reply] of Object.entries(s.others ?? {})) answer(path, reply as never);
}

describe.each(screens)('$name', (s) => {
  it('shows that it is loading, then the items', async () => {
    answerOthers(s);
    answer(s.endpoint, 'never');
    const { unmount } = renderPage(s.page, s);
    await waitFor(() =>
      expect([
        ...screen.queryAllByRole('status', { name: 'Loading...' }),
        ...screen.queryAllByText('Loading...'),
      ]).not.toHaveLength(0),
    );
    expect(screen.queryByText(s.empty)).toBeNull();
    unmount();

    answer(s.endpoint, [s.item]);
    renderPage(s.page, s);
    if (s.itemText) expect((await screen.findAllByText(s.itemText)).length).toBeGreaterThan(0);
    else expect(await screen.findByTestId('ad-card')).toBeTruthy();
  });

  it('a failed load shows an error with Retry, not the empty text; Retry loads again', async () => {
    answerOthers(s);
    answer(s.endpoint, { status: 500 });
    renderPage(s.page, s);
    const [error] = await screen.findAllByTestId('load-error');
    expect(screen.queryByText(s.empty)).toBeNull();

    answer(s.endpoint, []);
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect((await screen.findAllByText(s.empty)).length).toBeGreaterThan(0);
    expect(screen.queryAllByTestId('load-error')).toHaveLength(0);
  });

  it('an empty list says so', async () => {
    answerOthers(s);
    answer(s.endpoint, []);
    renderPage(s.page, s);
    expect((await screen.findAllByText(s.empty)).length).toBeGreaterThan(0);
    expect(screen.queryAllByTestId('load-error')).toHaveLength(0);
  });
});
