/** /moderation/stats: the last 8 weeks' counts as a table (newest first); loading, error with Retry and empty states. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../testing/render';
import { API, server } from '../../testing/server';
import type { WeeklyCounts } from './api/types';
import ModerationPage from './ModerationPage';

const week = (weekStart: string, n: number): WeeklyCounts => ({
  weekStart,
  requests: 10 * n,
  offers: 20 * n,
  accepted: 3 * n,
  finished: 2 * n,
  reports: n,
});

const show = (language: 'en' | 'sq' = 'en') =>
  renderPage(<ModerationPage />, { path: '/moderation/*', url: '/moderation/stats', language });

function stats(weeks: WeeklyCounts[] | 'fail') {
  const asked: string[] = [];
  server.use(
    http.get(`${API}/moderation/stats`, ({ request }) => {
      asked.push(new URL(request.url).search);
      return weeks === 'fail'
        ? HttpResponse.json({ message: 'x', code: 'INTERNAL_ERROR' }, { status: 500 })
        : HttpResponse.json({ weeks });
    }),
  );
  return asked;
}

describe('the weekly counts', () => {
  it('shows the last 8 weeks in a table: requests, offers, accepted, finished and reports', async () => {
    const asked = stats([week('2026-11-23', 1), week('2026-11-16', 120)]);
    show();
    const table = await screen.findByTestId('stats-table');
    expect(screen.getByRole('heading', { name: 'The last 8 weeks' })).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Week of', 'Requests', 'Offers', 'Accepted', 'Finished', 'Reports']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      ),
    ).toEqual([
      ['10', '20', '3', '2', '1'],
      ['1,200', '2,400', '360', '240', '120'],
    ]);
    expect(within(rows[0]).getByRole('rowheader').textContent).toBe('Nov 23, 2026');
    expect(asked).toEqual(['?weeks=8']);
    expect(screen.getByRole('link', { name: 'Weekly counts' }).getAttribute('aria-current')).toBe('page');
  });

  it('says it in Albanian', async () => {
    stats([week('2026-11-23', 1)]);
    show('sq');
    const table = await screen.findByTestId('stats-table');
    expect(within(table).getByRole('columnheader', { name: 'Kërkesa' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '8 javët e fundit' })).toBeTruthy();
  });

  it('shows loading, then the empty state', async () => {
    stats([]);
    show();
    expect(screen.getByRole('status')).toBeTruthy();
    expect((await screen.findByTestId('stats-empty')).textContent).toBe('No weeks to show yet.');
  });

  it('shows an error with Retry that loads again', async () => {
    stats('fail');
    show();
    await screen.findByTestId('load-error');
    stats([week('2026-11-23', 1)]);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('stats-table')).toBeTruthy();
  });
});
