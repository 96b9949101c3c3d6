/**
 * The Sponsored strip keeps its page view: coming Back to a screen shows the strip the reader saw there (one GET /ads
 * for that view), while navigating to the screen again is a new view with a strip of its own.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Ad } from '../../../../common/types';
import { InLanguage } from '../../testing/render';
import { API, server } from '../../testing/server';
import { createQueryClient } from '../../lib/queryClient';
import { SponsoredStrip } from './SponsoredStrip';

const ad = (id: string, businessName: string): Ad =>
  ({ _id: id, businessId: `b-${id}`, businessName, image: '', createdAt: new Date().toISOString() }) as Ad;

describe('SponsoredStrip', () => {
  it('shows the same strip on coming Back (no new request), a new one on a new visit', async () => {
    const views: string[] = [];
    // The server rotates: each request draws the next business.
    const names = ['Casa Bella', 'Drita Lighting', 'Druri Vlorë'];
    server.use(
      http.get(`${API}/ads`, ({ request }) => {
        const view = new URL(request.url).searchParams.get('view') ?? '';
        views.push(view);
        const name = names[(views.length - 1) % names.length]!;
        return HttpResponse.json([ad(String(views.length), name)]);
      }),
    );
    server.use(http.post(`${API}/ad/:id/click`, () => HttpResponse.json({ counted: true })));
    const router = createMemoryRouter(
      [
        { path: '/client-dashboard', element: <SponsoredStrip /> },
        { path: '/businessprofile/:id', element: <p>Profile</p> },
      ],
      { initialEntries: ['/client-dashboard'] },
    );
    render(
      <InLanguage>
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </InLanguage>,
    );

    const first = await screen.findByRole('button', { name: /Casa Bella/ });
    await userEvent.click(first);
    await screen.findByText('Profile');
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('button', { name: /Casa Bella/ })).toBeTruthy();
    expect(views).toHaveLength(1);

    await act(() => router.navigate('/client-dashboard'));
    expect(await screen.findByRole('button', { name: /Drita Lighting/ })).toBeTruthy();
    await waitFor(() => expect(views).toHaveLength(2));
    expect(views[1]).not.toBe(views[0]);
  });
});
