/**
 * /operator: it opens on the last whole week, whose headline figures show their change from the week before; the
 * week in progress says how many of its hours have passed and compares nothing; a chart per figure, the town x
 * service grid (empty and slow cells marked) and the download are each one tab away; loading, error with Retry and
 * empty as three states; a town keeps only the figures kept there.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  OPERATOR_COUNTER_NAMES,
  OPERATOR_FIGURES,
  addWeeks,
  emptyTally,
  figureValues,
  type OperatorCounter,
} from '../../../../common/operatorFigures';
import type { OperatorFiguresAnswer, OperatorGridAnswer } from '../../../../common/schemas/operator';
import { renderPage } from '../../testing/render';
import { answer, server } from '../../testing/server';
import { currentWeek } from './weeks';
import OperatorPage from './OperatorPage';

/** The week the page opens on: the last whole one. */
const WEEK = addWeeks(currentWeek(), -1);

function weekOf(weekStart: string, counts: Partial<Record<OperatorCounter, number>>) {
  const tally = emptyTally(weekStart);
  Object.assign(tally.counts, counts);
  return { weekStart, values: figureValues(tally), counts: tally.counts };
}

function figures(
  latest: Partial<Record<OperatorCounter, number>>,
  before: Partial<Record<OperatorCounter, number>>,
  week = WEEK,
) {
  const weeks = Array.from({ length: 12 }, (_, i) => addWeeks(week, i - 11)).map((w) =>
    weekOf(w, w === week ? latest : w === addWeeks(week, -1) ? before : {}),
  );
  return { scope: {}, weeks } satisfies OperatorFiguresAnswer;
}

const grid: OperatorGridAnswer = {
  weekStart: WEEK,
  cells: [
    { town: 'Fier', service: 'decor', requests: 3, answered: 1, answeredWithin24h: 0, activeBusinesses: 0 },
    { town: 'Tirana', service: 'lights', requests: 4, answered: 4, answeredWithin24h: 1, activeBusinesses: 2 },
    { town: 'Tirana', service: 'decor', requests: 2, answered: 2, answeredWithin24h: 2, activeBusinesses: 5 },
  ],
};

const show = (url = '/operator', language: 'en' | 'sq' = 'en') =>
  renderPage(<OperatorPage />, { path: '/operator', url, language });

/** Until the figures came (the loading state shows the cards and charts without values). */
const figuresLoaded = () => waitFor(() => expect(screen.queryByTestId('figures-loading')).toBeNull());

describe('the operator screen', () => {
  it('opens on the last whole week: its headline figures with their change from the week before; charts and grid one tab away', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/operator/figures')) asked.push(new URL(request.url).searchParams.get('week') ?? '');
    });
    answer(
      '/operator/figures',
      figures({ requests: 20, answeredWithin24h: 15, offers: 40 }, { requests: 16, answeredWithin24h: 8, offers: 40 }),
    );
    answer('/operator/grid', grid);
    const { container } = show();
    await figuresLoaded();
    expect(asked).toEqual([WEEK]);
    expect(screen.getByTestId('week-label').textContent).toContain('The last whole week');
    const headlines = await screen.findByTestId('operator-headlines');
    expect(within(headlines).getAllByRole('listitem')).toHaveLength(OPERATOR_FIGURES.filter((f) => f.headline).length);
    expect(screen.getByTestId('headline-value-requests').textContent).toBe('20');
    expect(screen.getByTestId('headline-change-requests').textContent).toBe('up 25% from the week before');
    expect(screen.getByTestId('headline-change-requests').className).toContain('op-change--good');
    // A share changes by percentage points: 50 % to 75 %.
    expect(screen.getByTestId('headline-value-answeredWithin24h').textContent).toBe('75%');
    expect(screen.getByTestId('headline-change-answeredWithin24h').textContent).toBe(
      'up 25 points from the week before',
    );
    // 2.5 offers per request the week before, 2.0 now: fewer offers per request is bad news.
    expect(screen.getByTestId('headline-value-offersPerRequest').textContent).toBe('2.0');
    expect(screen.getByTestId('headline-change-offersPerRequest').className).toContain('op-change--bad');
    // The first screen is the headlines: no chart and no grid until their tab is chosen.
    expect(container.querySelectorAll('svg')).toHaveLength(0);
    expect(screen.queryByTestId('operator-grid')).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'Over 12 weeks' }));
    const charts = await screen.findAllByRole('img');
    expect(charts).toHaveLength(OPERATOR_FIGURES.length);
    expect(within(screen.getByTestId('chart-requests')).getByRole('img').getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getByTestId('chart-requests').querySelector('desc')?.textContent).toMatch(
      /^Requests posted, week by week: .*: 20\.$/,
    );

    // Towns in the order of the API's cells: the most requests left waiting first.
    await userEvent.click(screen.getByRole('tab', { name: 'Towns and services' }));
    const table = await screen.findByTestId('operator-grid');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Fier', 'Tirana']);
    expect(screen.getByTestId('cell-Fier-decor').getAttribute('data-state')).toBe('empty');
    expect(screen.getByTestId('cell-Tirana-lights').getAttribute('data-state')).toBe('slow');
    expect(screen.getByTestId('cell-Tirana-decor').getAttribute('data-state')).toBe('ok');
    expect(screen.getByTestId('cell-Fier-lights').getAttribute('data-state')).toBe('none');
    expect(screen.getByTestId('cell-Fier-decor').getAttribute('title')).toBe(
      'Fier, Decor: 0 of 3 requests answered within 24 hours; no active business',
    );
    server.events.removeAllListeners();
  });

  it('the week in progress says how many of its hours have passed and compares nothing', async () => {
    const thisWeek = currentWeek();
    answer('/operator/figures', figures({ requests: 2 }, { requests: 30 }, thisWeek));
    answer('/operator/grid', grid);
    show(`/operator?week=${thisWeek}`);
    await figuresLoaded();
    const hours = Math.floor((Date.now() - Date.parse(`${thisWeek}T00:00:00Z`)) / 3_600_000);
    expect(screen.getByTestId('week-hours').textContent).toBe(`In progress: ${hours} of its 168 hours so far`);
    expect(screen.getByTestId('headline-value-requests').textContent).toBe('2');
    // Two requests against thirty would read as a fall of 93 %: no change is shown until the week ends.
    expect(screen.queryByTestId('headline-change-requests')).toBeNull();
    expect(screen.getByTestId('headlines-in-progress').textContent).toContain('in progress');
    expect(screen.getByTestId('week-next')).toHaveProperty('disabled', true);
  });

  it('says it in Albanian', async () => {
    answer('/operator/figures', figures({ requests: 3 }, {}));
    answer('/operator/grid', grid);
    show('/operator', 'sq');
    await figuresLoaded();
    await screen.findByTestId('operator-headlines');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Shifrat e tregut');
    expect(screen.getByTestId('headline-change-requests').textContent).toBe('asnjë javën e mëparshme');
  });

  it('in a town, shows only the figures kept there', async () => {
    answer('/operator/figures', { ...figures({ requests: 3 }, {}), scope: { town: 'Fier' } });
    answer('/operator/grid', grid);
    show('/operator?town=Fier&view=charts');
    await figuresLoaded();
    await screen.findByTestId('chart-requests');
    expect(screen.queryByTestId('chart-activeClients')).toBeNull();
    expect(screen.getByTestId('chart-activeBusinesses')).toBeTruthy();
    expect((screen.getByTestId('scope-town') as HTMLSelectElement).value).toBe('Fier');
  });

  it('shows loading, then the empty states when nothing was counted, with the week in progress one click on', async () => {
    answer('/operator/figures', figures({}, {}));
    answer('/operator/grid', { weekStart: WEEK, cells: [] });
    show();
    expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
    const empty = await screen.findByTestId('figures-empty');
    expect(empty.textContent).toContain('Nothing was counted in these 12 weeks yet.');
    await userEvent.click(within(empty).getByRole('button', { name: 'See the week in progress' }));
    await screen.findByTestId('week-hours');
    await userEvent.click(screen.getByRole('tab', { name: 'Towns and services' }));
    expect((await screen.findByTestId('grid-empty')).textContent).toBe('No requests were posted this week.');
  });

  it('shows an error with Retry that loads again', async () => {
    answer('/operator/figures', { status: 500 });
    answer('/operator/grid', { status: 500 });
    show();
    await screen.findByTestId('figures-error');
    answer('/operator/figures', figures({ requests: 2 }, {}));
    await userEvent.click(within(screen.getByTestId('figures-error')).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('headline-value-requests')).textContent).toBe('2');
    await userEvent.click(screen.getByRole('tab', { name: 'Towns and services' }));
    await screen.findByTestId('grid-error');
  });

  it('counts in the figures every counter the API answers', () => {
    expect(Object.keys(weekOf(WEEK, {}).counts).sort()).toEqual([...OPERATOR_COUNTER_NAMES].sort());
  });
});
