import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Post } from '../../../../common/types';
import { renderPage } from '../../testing/render';
import { answer } from '../../testing/server';
import BusinessDashboardPage from './BusinessDashboardPage';

const post = (id: string, title: string): Post =>
  ({
    _id: id,
    userId: 'u',
    title,
    content: '',
    category: [],
    images: [],
    location: 'Tirana',
    createdAt: new Date().toISOString(),
    status: 'open',
  }) as Post;

const show = (url = '/business-dashboard') =>
  renderPage(<BusinessDashboardPage />, { path: '/business-dashboard', url });

describe('business dashboard', () => {
  it('each section has its own states: a failed Recent Posts shows Retry while Newest shows its posts', async () => {
    answer('/category/all', []);
    answer('/ads', []);
    answer('/post/available', [post('p1', 'Shelves')]);
    answer('/post/suggested', { status: 500 });
    show();
    const recent = await screen.findByTestId('recent-posts');
    const error = await within(recent).findByTestId('load-error');
    expect(within(recent).queryByText('No suggested posts available')).toBeNull();
    expect(await within(screen.getByTestId('newest-posts')).findByText('Shelves')).toBeTruthy();
    expect(await within(screen.getByTestId('sponsored-section')).findByText('No ads available')).toBeTruthy();

    answer('/post/suggested', [post('p2', 'Wardrobe')]);
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await within(recent).findByText('Wardrobe')).toBeTruthy();
  });

  it('filters in the URL show Filtered Results, and the in-page filter opens with them', async () => {
    answer('/category/all', [{ _id: 'c1', name: 'Painting' }]);
    answer('/ads', []);
    answer('/post/available', []);
    answer('/post/suggested', []);
    answer('/post/filtred', []);
    show('/business-dashboard?categories=c1&locations=Tirana');
    const results = await screen.findByTestId('filtered-results');
    expect(await within(results).findByText('No posts match your filters')).toBeTruthy();
    expect(screen.queryByTestId('newest-posts')).toBeNull();

    await userEvent.click(screen.getByTestId('search-filter-toggle'));
    const inline = screen.getByTestId('search-filters');
    expect(within(inline).getByRole('button', { name: 'Painting' }).getAttribute('aria-pressed')).toBe('true');
    expect((within(inline).getByLabelText('Location') as HTMLSelectElement).value).toBe('Tirana');
  });
});
