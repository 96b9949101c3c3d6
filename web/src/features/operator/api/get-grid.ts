/** GET /operator/grid?week=: the week's town and service pairs with requests, worst first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OperatorGridAnswer } from '../../../../../common/schemas/operator';
import { api, toQuery } from '../../../lib/api';
import { operatorKeys } from './keys';

export const getOperatorGrid = (week: string) => api.get<OperatorGridAnswer>(`/operator/grid${toQuery({ week })}`);

export const operatorGridQueryOptions = (week: string) =>
  queryOptions({ queryKey: operatorKeys.grid(week), queryFn: () => getOperatorGrid(week) });

export const useOperatorGrid = (week: string) => useQuery(operatorGridQueryOptions(week));
