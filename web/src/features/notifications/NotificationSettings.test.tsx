/** Settings > Notifications: loads the preferences (loading, error with Retry), shows each role its kinds for email and push, saves with PUT. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../../../common/notifications';
import { API, server } from '../../testing/server';
import { renderPage } from '../../testing/render';
import { NotificationSettings } from './NotificationSettings';

const show = (role: 'client' | 'business', language: 'en' | 'sq' = 'en') =>
  renderPage(<NotificationSettings role={role} />, { path: '/s', url: '/s', language });

describe('NotificationSettings', () => {
  it('lets a business turn a kind off and choose the daily summary, saved with PUT', async () => {
    const puts: unknown[] = [];
    server.use(
      http.get(`${API}/notifications/preferences`, () => HttpResponse.json(DEFAULT_PREFERENCES)),
      http.put(`${API}/notifications/preferences`, async ({ request }) => {
        const body = (await request.json()) as typeof DEFAULT_PREFERENCES;
        puts.push(body);
        return HttpResponse.json({
          emails: { ...DEFAULT_PREFERENCES.emails, ...body.emails },
          push: { ...DEFAULT_PREFERENCES.push, ...body.push },
          leadAlerts: body.leadAlerts,
        });
      }),
    );
    show('business');
    const emails = within(await screen.findByRole('group', { name: 'Email me about' }));
    const pushes = within(screen.getByRole('group', { name: 'Push notifications about' }));
    const reviews = emails.getByRole('checkbox', { name: 'New reviews' }) as HTMLInputElement;
    expect(reviews.checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Each one at once' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(reviews);
    fireEvent.click(pushes.getByRole('checkbox', { name: 'Payment receipts' }));
    fireEvent.click(screen.getByRole('radio', { name: 'One summary a day' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('notification-settings-saved')).toBeTruthy();
    expect(puts).toHaveLength(1);
    const sent = puts[0] as typeof DEFAULT_PREFERENCES;
    expect(sent.leadAlerts).toBe('daily');
    expect(sent.emails.reviewReceived).toBe(false);
    expect(sent.emails.newLead).toBe(true);
    expect(sent.push.paymentReceipt).toBe(false);
    expect(sent.push.reviewReceived).toBe(true);
    expect(sent.emails.paymentReceipt).toBe(true);
  });

  it('shows a client only its kinds and no lead alerts, in Albanian', async () => {
    server.use(http.get(`${API}/notifications/preferences`, () => HttpResponse.json(DEFAULT_PREFERENCES)));
    show('client', 'sq');
    const emails = within(await screen.findByRole('group', { name: 'Më dërgoni email për' }));
    expect(emails.getByRole('checkbox', { name: 'Oferta të reja për kërkesat e mia' })).toBeTruthy();
    expect(
      emails.getByRole('checkbox', { name: 'Përgjigjet për kundërofertat e mia dhe ofertat e rishikuara' }),
    ).toBeTruthy();
    expect(emails.getAllByRole('checkbox')).toHaveLength(3);
    const pushes = within(screen.getByRole('group', { name: 'Njoftime push për' }));
    expect(pushes.getAllByRole('checkbox')).toHaveLength(3);
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('shows an error with Retry when the preferences cannot be loaded', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/notifications/preferences`, () =>
        fail
          ? HttpResponse.json({ message: 'x', code: 'INTERNAL' }, { status: 500 })
          : HttpResponse.json(DEFAULT_PREFERENCES),
      ),
    );
    show('client');
    await screen.findByTestId('load-error');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(6));
  });

  it('says why a save was refused', async () => {
    server.use(
      http.get(`${API}/notifications/preferences`, () => HttpResponse.json(DEFAULT_PREFERENCES)),
      http.put(`${API}/notifications/preferences`, () =>
        HttpResponse.json({ message: 'nope', code: 'FORBIDDEN' }, { status: 403 }),
      ),
    );
    show('client');
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('notification-settings-error')).textContent).not.toBe('');
    expect(screen.queryByTestId('notification-settings-saved')).toBeNull();
  });
});
