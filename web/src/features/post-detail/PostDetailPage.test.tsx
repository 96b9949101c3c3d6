import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Post } from '../../../../common/types';
import { renderPage } from '../../testing/render';
import { answer } from '../../testing/server';
import PostDetailPage from './PostDetailPage';

const post: Post = {
  _id: 'p1',
  userId: 'u1',
  clientName: 'Arta',
  title: 'Kitchen cabinets',
  content: 'Oak, two walls',
  category: ['c1'],
  images: [],
  location: 'Tirana',
  budget: 1200,
  createdAt: new Date().toISOString(),
  status: 'open',
} as Post;

const show = () => renderPage(<PostDetailPage />, { path: '/post/:postId', url: '/post/p1' });

describe('post detail', () => {
  it('says it is loading while the post is on its way', async () => {
    answer('/category/all', []);
    answer('/post/:id', 'never');
    answer('/post/filtred', []);
    show();
    expect(await screen.findByText('Loading...')).toBeTruthy();
  });

  it('a failed load is an error with Retry, not "No post found."; Retry shows the post', async () => {
    answer('/category/all', []);
    answer('/post/filtred', []);
    answer('/post/:id', { status: 500 });
    show();
    const error = await screen.findByTestId('load-error');
    expect(error.textContent).toContain('Could not load this post');
    expect(screen.queryByText('No post found.')).toBeNull();

    answer('/post/:id', post);
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Kitchen cabinets' })).toBeTruthy();
  });

  it('a post that does not exist says "No post found."', async () => {
    answer('/category/all', []);
    answer('/post/filtred', []);
    answer('/post/:id', { status: 404, body: { message: 'Post not found', code: 'NOT_FOUND' } });
    show();
    expect(await screen.findByText('No post found.')).toBeTruthy();
    expect(screen.queryByTestId('load-error')).toBeNull();
  });

  it('no similar requests is an empty state; a failed load of them is an error with Retry', async () => {
    answer('/category/all', []);
    answer('/post/:id', post);
    answer('/post/filtred', []);
    const { unmount } = show();
    expect(await screen.findByText('No similar requests yet.')).toBeTruthy();
    unmount();

    answer('/post/filtred', { status: 503 });
    show();
    const similar = await screen.findByRole('complementary', { name: 'Similar requests you might like' });
    expect((await within(similar).findByTestId('load-error')).textContent).toContain(
      'Could not load similar requests.',
    );
    answer('/post/filtred', [{ ...post, _id: 'p2', title: 'Wardrobe' }]);
    await userEvent.click(within(similar).getByRole('button', { name: 'Retry' }));
    expect(await within(similar).findByText('Wardrobe')).toBeTruthy();
  });
});
