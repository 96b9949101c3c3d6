/** The notifications page: loading, error with Retry and empty as three states; entries in the reader's language; paging; marking read. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AppNotification } from '../../../../common/notifications';
import { API, server } from '../../testing/server';
import { renderPage } from '../../testing/render';
import NotificationsPage from './NotificationsPage';

const offer = (id: string, read = false): AppNotification => ({
  _id: id,
  kind: 'newOffer',
  createdAt: new Date().toISOString(),
  read,
  link: '/post/view/p1',
  data: { postId: 'p1', postTitle: 'Bathroom tiles', businessName: 'Tirana Tiles', price: 1200 },
});

const show = (language: 'en' | 'sq' = 'en') =>
  renderPage(<NotificationsPage />, { path: '/notifications', url: '/notifications', language });

describe('NotificationsPage', () => {
  it('shows loading, then each entry in the reader language linking to what it is about', async () => {
    server.use(
      http.get(`${API}/notifications`, () =>
        HttpResponse.json([offer('n2'), { ...offer('n1', true), kind: 'offerAccepted', link: '/post/p9' }]),
      ),
    );
    show();
    expect(screen.getByRole('status')).toBeTruthy();
    const items = await screen.findAllByTestId('notification');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Tirana Tiles made an offer of €1,200 on "Bathroom tiles"'),
      expect.stringContaining('Your offer on "Bathroom tiles" was accepted'),
    ]);
    expect(items[0].className).toContain('notification--unread');
    expect(items[1].className).not.toContain('notification--unread');
    expect(items[1].querySelector('a')?.getAttribute('href')).toBe('/post/p9');
    expect(document.title).toContain('Notifications');
  });

  it('says it in Albanian', async () => {
    server.use(http.get(`${API}/notifications`, () => HttpResponse.json([offer('n1')])));
    show('sq');
    expect((await screen.findByTestId('notification')).textContent).toContain('Tirana Tiles bëri një ofertë');
    expect(screen.getByRole('button', { name: 'Shënoji të gjitha si të lexuara' })).toBeTruthy();
  });

  it('a refund of a run the business cancelled says what the business did, not a moderator’s reason', async () => {
    const refund: AppNotification = {
      _id: 'n1',
      kind: 'paymentRefunded',
      createdAt: new Date().toISOString(),
      read: false,
      link: '/settings/b1/transactions',
      data: { businessId: 'b1', amount: 20, currency: 'EUR', paidFor: 'ad', runStop: 'cancel' },
    };
    server.use(http.get(`${API}/notifications`, () => HttpResponse.json([refund])));
    const { unmount } = show('sq');
    expect((await screen.findByTestId('notification')).textContent).toContain(
      'Arsyeja: e anuluat fushatën para se të nisej',
    );
    unmount();
    show('en');
    expect((await screen.findByTestId('notification')).textContent).toContain(
      'Reason: you cancelled the run before it started',
    );
  });

  it('words a closed request by why it closed, in both languages', async () => {
    const closed = (id: string, closedReason: 'client' | 'expired'): AppNotification => ({
      ...offer(id),
      kind: 'requestClosed',
      link: '/post/p1',
      data: { postId: 'p1', postTitle: 'Bathroom tiles', price: 1200, closedReason },
    });
    server.use(
      http.get(`${API}/notifications`, () => HttpResponse.json([closed('n2', 'client'), closed('n1', 'expired')])),
    );
    const { unmount } = show();
    expect((await screen.findAllByTestId('notification')).map((li) => li.textContent)).toEqual([
      expect.stringContaining('The client closed the request "Bathroom tiles" you offered on'),
      expect.stringContaining('The request "Bathroom tiles" you offered on expired'),
    ]);
    unmount();
    show('sq');
    expect((await screen.findAllByTestId('notification')).map((li) => li.textContent)).toEqual([
      expect.stringContaining('Klienti mbylli kërkesën „Bathroom tiles“ ku bëtë ofertë'),
      expect.stringContaining('Kërkesa „Bathroom tiles“ ku bëtë ofertë skadoi'),
    ]);
  });

  it('shows the empty state', async () => {
    server.use(http.get(`${API}/notifications`, () => HttpResponse.json([])));
    show();
    expect((await screen.findByTestId('notifications-empty')).textContent).toContain('No notifications yet');
    expect(screen.queryByTestId('notifications-mark-all')).toBeNull();
  });

  it('shows an error with Retry that loads again', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/notifications`, () =>
        fail
          ? HttpResponse.json({ message: 'x', code: 'INTERNAL' }, { status: 500 })
          : HttpResponse.json([offer('n1')]),
      ),
    );
    show();
    await screen.findByTestId('load-error');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('notification')).toBeTruthy();
  });

  it('pages with the cursor', async () => {
    server.use(
      http.get(`${API}/notifications`, ({ request }) =>
        new URL(request.url).searchParams.get('cursor') === 'c2'
          ? HttpResponse.json([offer('n1', true)])
          : HttpResponse.json([offer('n3'), offer('n2')], { headers: { 'x-next-cursor': 'c2' } }),
      ),
    );
    show();
    expect(await screen.findAllByTestId('notification')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('marks all read with the button and one on open', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get(`${API}/notifications`, () => HttpResponse.json([offer('n2'), offer('n1')])),
      http.post(`${API}/notifications/read`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ count: 0 });
      }),
    );
    show();
    await screen.findAllByTestId('notification');
    fireEvent.click(screen.getByTestId('notifications-mark-all'));
    await waitFor(() => expect(bodies).toEqual([{ all: true }]));
    fireEvent.click(screen.getAllByTestId('notification')[0].querySelector('a')!);
    await waitFor(() => expect(bodies).toEqual([{ all: true }, { id: 'n2' }]));
  });
});
