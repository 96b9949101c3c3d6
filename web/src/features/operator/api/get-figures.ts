/** GET /operator/figures?weeks=&week=&town=&service=: every figure of the weeks ending with `week`, oldest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FigureScope } from '../../../../../common/operatorFigures';
import type { OperatorFiguresAnswer } from '../../../../../common/schemas/operator';
import { api, toQuery } from '../../../lib/api';
import { operatorKeys } from './keys';

export const getOperatorFigures = (week: string, weeks: number, scope: FigureScope) =>
  api.get<OperatorFiguresAnswer>(
    `/operator/figures${toQuery({ weeks, week, town: scope.town, service: scope.service })}`,
  );

export const operatorFiguresQueryOptions = (week: string, weeks: number, scope: FigureScope) =>
  queryOptions({
    queryKey: operatorKeys.figures(week, weeks, scope),
    queryFn: () => getOperatorFigures(week, weeks, scope),
  });

export const useOperatorFigures = (week: string, weeks: number, scope: FigureScope) =>
  useQuery(operatorFiguresQueryOptions(week, weeks, scope));
