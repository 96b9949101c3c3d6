/** GET /moderation/stats?weeks=: new requests, offers, accepted, finished and reports per week, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, toQuery } from '../../../lib/api';
import { moderationKeys } from './keys';
import type { ModerationStats } from './types';

/** The table shows the last 8 weeks. */
export const STATS_WEEKS = 8;

export const getModerationStats = (weeks = STATS_WEEKS) =>
  api.get<ModerationStats>(`/moderation/stats${toQuery({ weeks })}`);

export const moderationStatsQueryOptions = (weeks = STATS_WEEKS) =>
  queryOptions({ queryKey: moderationKeys.stats(weeks), queryFn: () => getModerationStats(weeks) });

export const useModerationStats = (weeks = STATS_WEEKS) => useQuery(moderationStatsQueryOptions(weeks));
