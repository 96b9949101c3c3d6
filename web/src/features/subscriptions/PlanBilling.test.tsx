/**
 * Settings > Plan and billing: the state of the subscription in words with its dates, the month's use of the
 * plan's limits, the banner of a failed renewal, and a cancellation that says when it takes effect before it is sent.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { billingAnswer } from '../../testing/billing';
import { renderPage } from '../../testing/render';
import { API, answer, server } from '../../testing/server';
import { PlanBilling } from './PlanBilling';

const show = (language: 'en' | 'sq' = 'en') =>
  renderPage(<PlanBilling />, { path: '/settings/:id/plan', url: '/settings/b1/plan', language });

const standard = billingAnswer({
  plan: 'standard',
  price: 5,
  status: 'active',
  manageCard: true,
  renewsAt: '2026-12-20T10:00:00.000Z',
});

describe('Plan and billing', () => {
  it('an active plan: when it renews, its use this month, and a cancellation that names its date first', async () => {
    answer('/subscription', { ...standard, usage: { ...standard.usage, offers: { used: 7, limit: 40 } } });
    const sent: unknown[] = [];
    server.use(
      http.post(`${API}/subscription`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ plan: 'standard', effectiveAt: '2026-12-20T10:00:00.000Z' });
      }),
    );
    show();
    expect((await screen.findByTestId('plan-name')).textContent).toBe('Standard');
    expect(screen.getByTestId('plan-status').textContent).toBe(
      'Renews on December 20, 2026 for €5. Cancel at any time.',
    );
    expect(screen.getByTestId('usage-offers').textContent).toBe('7 of 40 offers this month');
    expect(screen.getByTestId('usage-pictures').textContent).toBe('3 of 12 portfolio pictures');
    await userEvent.click(screen.getByTestId('plan-cancel'));
    expect(screen.getByTestId('plan-cancel-confirm').textContent).toContain(
      'Cancel Standard? You keep it until December 20, 2026',
    );
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByTestId('plan-cancel-yes'));
    expect((await screen.findByTestId('billing-message')).textContent).toBe(
      'Your plan changes to Basic on December 20, 2026; you keep your current plan until then.',
    );
    expect(sent).toEqual([{ plan: 'basic' }]);
  });

  it('a renewal that failed: the banner asks for a new card by the end of the grace period (Albanian)', async () => {
    answer(
      '/subscription',
      billingAnswer({
        plan: 'standard',
        price: 5,
        status: 'pastDue',
        manageCard: true,
        graceEndsAt: '2026-12-27T10:00:00.000Z',
      }),
    );
    show('sq');
    const banner = await screen.findByTestId('plan-past-due');
    expect(banner.textContent).toContain('Përditësoni kartën deri më 27 dhjetor 2026');
    expect(screen.queryByTestId('plan-cancel')).toBeNull();
  });

  it("Premium's included Sponsored run: counted this month, started from here while it is left", async () => {
    const premium = billingAnswer({ plan: 'premium', price: 8, status: 'active', manageCard: true });
    answer('/subscription', { ...premium, usage: { ...premium.usage, includedRuns: { used: 0, limit: 1 } } });
    show();
    expect((await screen.findByTestId('usage-included-runs')).textContent).toBe(
      '0 of 1 included Sponsored runs started this month',
    );
    expect(screen.getByTestId('start-included-run').getAttribute('href')).toBe('/create-ad?included=1');
  });

  it('no included run once it is used, nor on a plan without one', async () => {
    const premium = billingAnswer({ plan: 'premium', price: 8, status: 'active', manageCard: true });
    answer('/subscription', { ...premium, usage: { ...premium.usage, includedRuns: { used: 1, limit: 1 } } });
    const { unmount } = show('sq');
    expect((await screen.findByTestId('usage-included-runs')).textContent).toBe(
      '1 nga 1 fushata të sponsorizuara të përfshira, të nisura këtë muaj',
    );
    expect(screen.queryByTestId('start-included-run')).toBeNull();
    unmount();
    answer('/subscription', standard);
    show();
    await screen.findByTestId('usage-offers');
    expect(screen.queryByTestId('usage-included-runs')).toBeNull();
  });

  it('a cancelled plan says until when it stays, and can be kept', async () => {
    answer('/subscription', { ...standard, status: 'ending', renewsAt: undefined, endsAt: '2026-12-20T10:00:00.000Z' });
    show();
    expect((await screen.findByTestId('plan-status')).textContent).toBe(
      'Cancelled: you keep Standard until December 20, 2026, then you move to Basic.',
    );
    expect(screen.getByTestId('plan-keep').textContent).toBe('Keep Standard');
  });

  it('says so when it cannot load, with Retry', async () => {
    answer('/subscription', { status: 500 });
    show();
    expect(await screen.findByTestId('load-error')).toBeTruthy();
  });
});
