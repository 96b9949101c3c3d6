/**
 * Who may read the operator's figures (common/routes.ts auth 'operator'): members of the pool's operator group only.
 * Every operator route is refused to no token (401), to a client and a business (403 NOT_OPERATOR) and to a moderator
 * who is no operator; an operator gets the figures, the grid and a CSV file named by the figure and the weeks. A range
 * that ends before it starts, is too long, or asks a country-only figure in a town is a 400 that says why.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../common/routes';
import { OPERATOR_CHART_WEEKS, OPERATOR_FIGURE_IDS } from '../../common/operatorFigures';
import { call, newBusiness, newClient, newModerator, newOperator } from '../support/api';

const operatorRoutes = routes.filter((r) => r.auth === 'operator');
const EXPORT = '/operator/export?figure=requests&from=2026-01-05&to=2026-03-02';
const pathOf = (path: string) => (path === '/operator/export' ? EXPORT : path);

let operator: Awaited<ReturnType<typeof newOperator>>;
beforeAll(async () => {
  operator = await newOperator();
});

describe('the operator routes', () => {
  it('are the figures, the grid and the export', () => {
    expect(operatorRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET /operator/export',
      'GET /operator/figures',
      'GET /operator/grid',
    ]);
  });

  it('are refused without a token (401), to a client, a business and a moderator (403 NOT_OPERATOR)', async () => {
    const [client, business, moderator] = await Promise.all([newClient(), newBusiness(), newModerator()]);
    for (const route of operatorRoutes) {
      const path = pathOf(route.path);
      expect((await call(route.method, path)).status, `${path} without a token`).toBe(401);
      for (const [who, token] of [
        ['client', client.token],
        ['business', business.token],
        ['moderator', moderator.token],
      ] as const) {
        const res = await call(route.method, path, { token });
        expect([res.status, res.body?.code], `${who} ${path}`).toEqual([403, 'NOT_OPERATOR']);
      }
    }
  });

  it('answer an operator: every figure of the last weeks, the grid, and a CSV file with its name', async () => {
    const figures = await call('GET', '/operator/figures', { token: operator.token });
    expect(figures.status).toBe(200);
    expect(figures.body.weeks).toHaveLength(OPERATOR_CHART_WEEKS);
    expect(Object.keys(figures.body.weeks[0].values).sort()).toEqual([...OPERATOR_FIGURE_IDS].sort());

    const town = await call('GET', '/operator/figures?weeks=3&town=Fier&service=decor', { token: operator.token });
    expect(town.body.scope).toEqual({ town: 'Fier', service: 'decor' });
    // Kept for the whole country only: no figure in a town.
    expect(town.body.weeks.map((w: { values: Record<string, unknown> }) => w.values.activeClients)).toEqual([
      null,
      null,
      null,
    ]);

    const grid = await call('GET', '/operator/grid?week=2026-03-04', { token: operator.token });
    expect(grid.status).toBe(200);
    expect(grid.body.weekStart).toBe('2026-03-02');

    const csv = await call('GET', EXPORT, { token: operator.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      'attachment; filename="figures-requests-2026-01-05-to-2026-03-08.csv"',
    );
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('week_start,week_end,town,service,requests');
    expect(lines).toHaveLength(1 + 9);
    expect(lines[1]).toBe('2026-01-05,2026-01-11,,,0');
  });

  it('a bad or too long range, or a country-only figure in a town, is a 400 that names the field', async () => {
    const ask = (query: string) => call('GET', `/operator/export?${query}`, { token: operator.token });
    const backwards = await ask('figure=requests&from=2026-03-02&to=2026-01-05');
    expect([backwards.status, backwards.body.code, backwards.body.errors[0].field]).toEqual([
      400,
      'INVALID_DATE',
      'to',
    ]);
    const tooLong = await ask('figure=requests&from=2020-01-06&to=2026-03-02');
    expect([tooLong.status, tooLong.body.code]).toEqual([400, 'INVALID_DATE']);
    expect(tooLong.body.message).toMatch(/at most 104 weeks/);
    const notADay = await ask('figure=requests&from=2026-02-30&to=2026-03-02');
    expect([notADay.status, notADay.body.errors[0].field]).toEqual([400, 'from']);
    const unknown = await ask('figure=happiness&from=2026-01-05&to=2026-03-02');
    expect([unknown.status, unknown.body.errors[0].field]).toEqual([400, 'figure']);
    const countryOnly = await ask('figure=activeClients&from=2026-01-05&to=2026-03-02&town=Tirana');
    expect([countryOnly.status, countryOnly.body.code, countryOnly.body.errors[0].field]).toEqual([
      400,
      'INVALID_VALUE',
      'figure',
    ]);
    const weeks = await call('GET', '/operator/figures?weeks=53', { token: operator.token });
    expect([weeks.status, weeks.body.code]).toEqual([400, 'NUMBER_OUT_OF_RANGE']);
  });
});
