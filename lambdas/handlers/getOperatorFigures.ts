/**
 * GET /operator/figures?weeks=1..52&week=&town=&service= (operators): every figure of common/operatorFigures.ts for the
 * `weeks` weeks ending with the week of `week` (default: this week), oldest first, across Albania or in a town, a
 * service or a service in a town. One Query of the scope's partition (docs/operator-figures.md). A figure kept for the
 * whole country only is null in a town or a service.
 */
import { defineHandler } from '../api/http';
import { operatorFiguresQuery, type OperatorFiguresAnswer } from '../../common/schemas/operator';
import { OPERATOR_FIGURES, addWeeks, figureValues, figuresOfScope, weeksBetween } from '../../common/operatorFigures';
import { weekStartOf } from '../../common/moderation';
import { readWeeks } from '../data/operatorFigures';

export const handler = defineHandler('getOperatorFigures', {
  query: operatorFiguresQuery,
  run: async ({ query }): Promise<OperatorFiguresAnswer> => {
    const last = weekStartOf(query.week ? `${query.week}T00:00:00Z` : new Date());
    const scope = {
      ...(query.town !== undefined ? { town: query.town } : {}),
      ...(query.service !== undefined ? { service: query.service } : {}),
    };
    const kept = new Set(figuresOfScope(scope).map((f) => f.id));
    const weeks = await readWeeks(scope, weeksBetween(addWeeks(last, 1 - query.weeks), last));
    return {
      scope,
      weeks: weeks.map((w) => {
        const values = figureValues(w);
        for (const f of OPERATOR_FIGURES) if (!kept.has(f.id)) values[f.id] = null;
        return { weekStart: w.weekStart, values, counts: w.counts };
      }),
    };
  },
});
