/**
 * GET /subscription: the caller business's plan (Settings > Plan and billing, the offer form's meter): the plan and
 * its price, the subscription's state (free, active until a renewal date, ending on a date, past due until the grace
 * period ends), a downgrade scheduled, and this month's use of the plan's limits (lambdas/domain/plans.ts).
 */
import { defineHandler } from '../api/http';
import { notFound } from '../lib/errors';
import { requireOwnRecordId } from '../data/accounts';
import { getBusinessById } from '../data/users';
import { billingSummary } from '../domain/plans';

export const handler = defineHandler('getBilling', {
  run: async ({ caller }) => {
    const business = await getBusinessById(await requireOwnRecordId(caller, 'business'), { consistent: true });
    if (!business) throw notFound('Business not found');
    return billingSummary(business);
  },
});
