/** /filtered-posts: loading, a failed load with Retry, the empty state, and budget ranges in the stage's currency. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Post } from '../../../../common/types';
import { renderPage } from '../../testing/render';
import { answer } from '../../testing/server';
import FilteredPostsPage from './FilteredPostsPage';

const post = {
  _id: 'p1',
  userId: 'u',
  title: 'Painted hallway',
  content: '',
  category: [],
  images: [],
  location: 'Tirana',
  createdAt: new Date().toISOString(),
  status: 'open',
} as unknown as Post;

const show = (language: 'en' | 'sq' = 'en') =>
  renderPage(<FilteredPostsPage />, {
    path: '/filtered-posts',
    url: '/filtered-posts?minBudget=200&maxBudget=500',
    language,
  });

describe('filtered posts', () => {
  it('says it is loading while the posts are on their way', async () => {
    answer('/category/all', []);
    answer('/post/filtred', 'never');
    show();
    expect(await screen.findByRole('heading', { name: 'Filtered Posts' })).toBeTruthy();
    expect(await screen.findByRole('status', { name: 'Loading...' })).toBeTruthy();
    expect(screen.queryByText('No posts found with the selected filters.')).toBeNull();
    expect(screen.queryByTestId('load-error')).toBeNull();
  });

  it('a failed load is an error with Retry, not the empty state; Retry shows the posts', async () => {
    answer('/category/all', []);
    answer('/post/filtred', { status: 500 });
    show();
    const error = await screen.findByTestId('load-error');
    expect(error.textContent).toContain('Could not load the posts.');
    expect(screen.queryByText('No posts found with the selected filters.')).toBeNull();
    answer('/post/filtred', [post]);
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Painted hallway')).toBeTruthy();
  });

  it('no matching post is the empty state; the chosen range reads in the stage currency', async () => {
    answer('/category/all', []);
    answer('/post/filtred', []);
    show();
    expect(await screen.findByText('No posts found with the selected filters.')).toBeTruthy();
    expect(screen.getByTestId('filter-budgets').textContent).toContain('€200-€500');
    expect(screen.getByTestId('filter-budgets').textContent).not.toContain('$');
  });

  it('speaks Albanian', async () => {
    answer('/category/all', []);
    answer('/post/filtred', []);
    show('sq');
    expect(await screen.findByText('Asnjë kërkesë nuk përputhet me filtrat e zgjedhur.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Kërkesat e filtruara' })).toBeTruthy();
  });
});
