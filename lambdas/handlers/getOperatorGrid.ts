/**
 * GET /operator/grid?week= (operators): the town and service pairs with requests in the week of `week` (default: this
 * week), each with how many of its requests got a first offer within 24 hours and its active businesses, worst first
 * (most requests left waiting). One Query of the week's grid partition (GSI1, docs/operator-figures.md).
 */
import { defineHandler } from '../api/http';
import { operatorGridQuery, type OperatorGridAnswer } from '../../common/schemas/operator';
import { worstCells } from '../../common/operatorFigures';
import { weekStartOf } from '../../common/moderation';
import { readGrid } from '../data/operatorFigures';

export const handler = defineHandler('getOperatorGrid', {
  query: operatorGridQuery,
  run: async ({ query }): Promise<OperatorGridAnswer> => {
    const weekStart = weekStartOf(query.week ? `${query.week}T00:00:00Z` : new Date());
    const cells = await readGrid(weekStart);
    return { weekStart, cells: worstCells(cells, cells.length) };
  },
});
