/**
 * Settings > Statistics: this month's figures with the acceptance rate, a bar per figure and month (each in its own
 * colour, its value written on it, on an axis from 0 to a round top), the empty state.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../testing/render';
import { answer } from '../../testing/server';
import { Statistics, axisTop } from './Statistics';

const show = (language: 'en' | 'sq' = 'en') =>
  renderPage(<Statistics />, { path: '/settings/:id/statistics', url: '/settings/b1/statistics', language });

describe('statistics', () => {
  it('shows this month in figures and the months in a chart, and the plan that shows more', async () => {
    answer('/business/statistics', {
      plan: 'basic',
      months: [{ month: '2026-11', views: 12, offers: 8, accepted: 2, saves: 5 }],
      moreMonthsWith: 'standard',
    });
    show();
    const figures = await screen.findByTestId('stats-this-month');
    expect(figures.textContent).toContain('Profile views12');
    expect(figures.textContent).toContain('Acceptance rate25%');
    // How often clients saved its ideas to their boards this month.
    expect(screen.getByTestId('stats-saves').textContent).toBe('Ideas saved by clients5');
    expect(
      screen.getByRole('img', { name: 'November 2026: Profile views 12, Offers sent 8, Offers accepted 2' }),
    ).toBeTruthy();
    expect(screen.getByTestId('stats-more').textContent).toContain('Standard shows the last 12 months.');
    // Each bar says its value; the axis runs from 0 to a round top above the highest (12: 20), with its half.
    const bars = screen.getByTestId('stats-bars');
    expect(within(bars).getByTestId('stats-value-views').textContent).toBe('12');
    expect(within(bars).getByTestId('stats-value-offers').textContent).toBe('8');
    expect(within(bars).getByTestId('stats-value-accepted').textContent).toBe('2');
    expect(screen.getByTestId('stats-axis').textContent).toBe('20100');
    // Three series, three classes: each drawn in its own colour (subscriptions.css).
    expect(new Set([...bars.querySelectorAll('.plan-chart-bar')].map((b) => b.className.split('--')[1]))).toEqual(
      new Set(['views', 'offers', 'accepted']),
    );
  });

  it('rounds the axis up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 2, 3, 7, 12, 48, 51, 99, 101, 640].map(axisTop)).toEqual([
      2, 2, 2, 5, 10, 20, 50, 100, 100, 200, 1000,
    ]);
  });

  it('says so when there is nothing yet (Albanian), and loads again after an error', async () => {
    answer('/business/statistics', {
      plan: 'standard',
      months: [
        { month: '2026-10', views: 0, offers: 0, accepted: 0, saves: 0 },
        { month: '2026-11', views: 0, offers: 0, accepted: 0, saves: 0 },
      ],
    });
    show('sq');
    expect((await screen.findByTestId('stats-empty')).textContent).toContain('Ende pa shikime apo oferta');
    expect(screen.queryByTestId('stats-more')).toBeNull();
  });

  it('shows an error with Retry when it cannot load', async () => {
    answer('/business/statistics', { status: 500 });
    show();
    expect(await screen.findByTestId('load-error')).toBeTruthy();
  });
});
