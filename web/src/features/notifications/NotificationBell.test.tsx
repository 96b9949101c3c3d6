/** The navbar's bell: the unread count from the API, in its label in both languages, nothing shown at zero. */
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, server } from '../../testing/server';
import { renderPage } from '../../testing/render';
import { NotificationBell } from './NotificationBell';

const unread = (count: number) =>
  server.use(http.get(`${API}/notifications/unread`, () => HttpResponse.json({ count })));

describe('NotificationBell', () => {
  it('shows the unread count and says it in its label', async () => {
    unread(3);
    renderPage(<NotificationBell />, { path: '/', url: '/' });
    expect((await screen.findByTestId('nav-notifications-count')).textContent).toBe('3');
    const bell = screen.getByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell.getAttribute('href')).toBe('/notifications');
  });

  it('shows no count when nothing is unread', async () => {
    unread(0);
    renderPage(<NotificationBell />, { path: '/', url: '/' });
    expect(await screen.findByRole('link', { name: 'Notifications, none unread' })).toBeTruthy();
    expect(screen.queryByTestId('nav-notifications-count')).toBeNull();
  });

  it('says the count in Albanian and caps a large one', async () => {
    unread(120);
    renderPage(<NotificationBell />, { path: '/', url: '/', language: 'sq' });
    expect((await screen.findByTestId('nav-notifications-count')).textContent).toBe('99+');
    expect(screen.getByRole('link', { name: 'Njoftimet, 120 të palexuar' })).toBeTruthy();
  });
});
