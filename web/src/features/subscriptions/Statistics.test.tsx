/** Settings > Statistics: this month's figures with the acceptance rate, a bar per figure and month, the empty state. */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../testing/render';
import { answer } from '../../testing/server';
import { Statistics } from './Statistics';

const show = (language: 'en' | 'sq' = 'en') =>
  renderPage(<Statistics />, { path: '/settings/:id/statistics', url: '/settings/b1/statistics', language });

describe('statistics', () => {
  it('shows this month in figures and the months in a chart, and the plan that shows more', async () => {
    answer('/business/statistics', {
      plan: 'basic',
      months: [{ month: '2026-11', views: 12, offers: 8, accepted: 2 }],
      moreMonthsWith: 'standard',
    });
    show();
    const figures = await screen.findByTestId('stats-this-month');
    expect(figures.textContent).toContain('Profile views12');
    expect(figures.textContent).toContain('Acceptance rate25%');
    expect(
      screen.getByRole('img', { name: 'November 2026: Profile views 12, Offers sent 8, Offers accepted 2' }),
    ).toBeTruthy();
    expect(screen.getByTestId('stats-more').textContent).toContain('Standard shows the last 12 months.');
  });

  it('says so when there is nothing yet (Albanian), and loads again after an error', async () => {
    answer('/business/statistics', {
      plan: 'standard',
      months: [
        { month: '2026-10', views: 0, offers: 0, accepted: 0 },
        { month: '2026-11', views: 0, offers: 0, accepted: 0 },
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
