/**
 * GET /operator/export?figure=&from=&to=&town=&service= (operators): one figure's weeks from the week of `from` to the
 * week of `to` (at most OPERATOR_EXPORT_WEEKS_MAX) as a CSV file (lambdas/domain/operatorCsv.ts), named by
 * `exportFileName`. One Query of the scope's partition. A range that ends before it starts, or is too long, is a 400.
 */
import { defineHandler, TextReply } from '../api/http';
import { operatorExportQuery } from '../../common/schemas/operator';
import { exportFileName, figureById, weeksBetween } from '../../common/operatorFigures';
import { readWeeks } from '../data/operatorFigures';
import { figureCsv } from '../domain/operatorCsv';

export const handler = defineHandler('exportOperatorFigure', {
  query: operatorExportQuery,
  run: async ({ query }) => {
    const scope = {
      ...(query.town !== undefined ? { town: query.town } : {}),
      ...(query.service !== undefined ? { service: query.service } : {}),
    };
    const figure = figureById(query.figure);
    const weeks = await readWeeks(scope, weeksBetween(query.from, query.to));
    return new TextReply(200, figureCsv(figure, scope, weeks), {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${exportFileName(query.figure, query.from, query.to, scope)}"`,
      'cache-control': 'no-store',
    });
  },
});
