/** GET /business/statistics: the signed-in business's figures month by month (as many months as its plan shows). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Statistics } from '../../../../../common/types';
import { api } from '../../../lib/api';

export const statisticsKeys = { all: ['statistics'] as const };

export const getStatistics = () => api.get<Statistics>('/business/statistics');

export const statisticsQueryOptions = () => queryOptions({ queryKey: statisticsKeys.all, queryFn: getStatistics });

export const useStatistics = () => useQuery(statisticsQueryOptions());
