/**
 * GET /business/statistics: the caller business's figures month by month (profile views, offers made, offers
 * accepted), as many months as its plan shows: Basic this month, Standard and Premium the last twelve. One Query
 * per figure (lambdas/domain/statistics.ts).
 */
import { defineHandler } from '../api/http';
import { notFound } from '../lib/errors';
import { requireOwnRecordId } from '../data/accounts';
import { getBusinessById } from '../data/users';
import { businessStatistics } from '../domain/statistics';

export const handler = defineHandler('getStatistics', {
  run: async ({ caller }) => {
    const business = await getBusinessById(await requireOwnRecordId(caller, 'business'));
    if (!business) throw notFound('Business not found');
    return businessStatistics(business);
  },
});
