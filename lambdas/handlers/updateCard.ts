/**
 * POST /subscription/card: where the caller business gives the card its subscription is charged to (the provider's
 * checkout; a renewal past due is paid with it too, which ends the grace period). 409 NO_SUBSCRIPTION on Basic.
 */
import { defineHandler } from '../api/http';
import { notFound } from '../lib/errors';
import { requireOwnRecordId } from '../data/accounts';
import { getBusinessById } from '../data/users';
import { cardCheckout } from '../domain/plans';

export const handler = defineHandler('updateCard', {
  run: async ({ caller }) => {
    const business = await getBusinessById(await requireOwnRecordId(caller, 'business'));
    if (!business) throw notFound('Business not found');
    return cardCheckout(business);
  },
});
