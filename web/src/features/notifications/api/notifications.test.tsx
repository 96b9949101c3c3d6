/** The notifications data layer against the API's answers (MSW): paging, the unread count, marking read refreshes both. */
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, server } from '../../../testing/server';
import { getNotifications } from './get-notifications';
import { unreadNotificationsQueryOptions } from './get-unread-notifications';
import { markNotificationsRead } from './mark-notifications-read';
import { notificationKeys } from './keys';

const item = (id: string) => ({
  _id: id,
  kind: 'newOffer',
  createdAt: '2026-11-23T10:00:00.000Z',
  read: false,
  link: '/post/view/p1',
  data: { postTitle: 'Bath' },
});

describe('notifications api', () => {
  it('pages the list with the cursor header and reads the unread count', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${API}/notifications`, ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json([item('n2'), item('n1')], { headers: { 'x-next-cursor': 'c2' } });
      }),
      http.get(`${API}/notifications/unread`, () => HttpResponse.json({ count: 2 })),
    );
    const page = await getNotifications();
    expect(page.items.map((n) => n._id)).toEqual(['n2', 'n1']);
    expect(page.nextCursor).toBe('c2');
    await getNotifications('c2');
    expect(asked).toEqual(['?limit=20', '?limit=20&cursor=c2']);
    const client = new QueryClient();
    expect(await client.fetchQuery(unreadNotificationsQueryOptions())).toEqual({ count: 2 });
    expect(client.getQueryData(notificationKeys.unread())).toEqual({ count: 2 });
  });

  it('marks one or all read with the body the API takes', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/notifications/read`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ count: 0 });
      }),
    );
    await markNotificationsRead({ id: 'n1' });
    await markNotificationsRead({ all: true });
    expect(bodies).toEqual([{ id: 'n1' }, { all: true }]);
  });
});
