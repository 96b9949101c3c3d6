/** Numbered pages over a cursor list: the page is read from and written to the URL. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NEXT_CURSOR_HEADER } from '../../../../common/constants';
import type { Post } from '../../../../common/types';
import AvailablePostsPage from './AvailablePostsPage';
import { renderPage } from '../../testing/render';
import { API, server } from '../../testing/server';
import { http, HttpResponse } from 'msw';

const posts = (page: number) =>
  Array.from(
    { length: 6 },
    (_, i) =>
      ({
        _id: `p${page}-${i}`,
        userId: 'u',
        title: `Post ${page}.${i}`,
        content: '',
        category: [],
        images: [],
        location: 'Tirana',
        createdAt: new Date().toISOString(),
        status: 'open',
      }) as Post,
  );

/** Three pages of six, chained by cursor. */
function threePages() {
  server.use(
    http.get(`${API}/category/all`, () => HttpResponse.json([])),
    http.get(`${API}/post/available`, ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      const page = cursor ? Number(cursor) : 1;
      return HttpResponse.json(posts(page), { headers: page < 3 ? { [NEXT_CURSOR_HEADER]: String(page + 1) } : {} });
    }),
  );
}

describe('paged lists', () => {
  it('opening ?page=3 reads on to the third page and marks it current', async () => {
    threePages();
    renderPage(<AvailablePostsPage />, { path: '/available-posts', url: '/available-posts?page=3' });
    expect(await screen.findByText('Post 3.0')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the pages known so far plus the next one, and Next moves on', async () => {
    threePages();
    renderPage(<AvailablePostsPage />, { path: '/available-posts', url: '/available-posts' });
    expect(await screen.findByText('Post 1.0')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 3' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Post 2.0')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();
  });
});
