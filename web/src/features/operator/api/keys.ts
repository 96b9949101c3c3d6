/** Query keys of the operator's figures (per week and scope) and grid (per week). */
import type { FigureScope } from '../../../../../common/operatorFigures';

export const operatorKeys = {
  all: ['operator'] as const,
  figures: (week: string, weeks: number, scope: FigureScope) =>
    ['operator', 'figures', week, weeks, scope.town ?? '', scope.service ?? ''] as const,
  grid: (week: string) => ['operator', 'grid', week] as const,
};
