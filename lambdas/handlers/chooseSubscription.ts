/**
 * POST /subscription {plan}: a business chooses basic, standard or premium; a paid plan is a monthly subscription
 * with the payment provider (lambdas/domain/plans.ts changePlan).
 *
 * - A paid plan without a subscription: a pending payment of its first month and a checkout (202 with
 *   `checkout.url`); the plan is set when the provider's webhook says the payment completed.
 * - A dearer plan: the provider changes the subscription at once, prorated (202); the plan is set when its
 *   webhook confirms the change.
 * - A cheaper paid plan: from the end of the paid period (200, `effectiveAt`); the plan stays until then.
 * - Basic with a subscription: cancelled at the end of the paid period (200, `effectiveAt`). Basic without one: set
 *   at once (nothing to pay).
 * - The plan it is on while a cancellation or downgrade is scheduled: withdrawn, the plan continues (200).
 *
 * A declined card changes no plan; with a renewal past due, Basic ends the subscription at once (202) and any other
 * plan needs the renewal paid first (409 SUBSCRIPTION_PAST_DUE). An upgrade the provider refuses (the card on file
 * declined, or none) changes nothing (409 PAYMENT_DECLINED). With an
 * Idempotency-Key header a retried or doubled request starts one payment and answers the first answer.
 */
import { subscriptionBody as body } from '../../common/schemas/ads';
import { defineHandler, reply } from '../api/http';
import { notFound } from '../lib/errors';
import { requireOwnRecordId } from '../data/accounts';
import { getBusinessById } from '../data/users';
import { chargeIdFor, idempotencyKeyOf, oncePerKey } from '../api/idempotency';
import { changePlan } from '../domain/plans';

export const handler = defineHandler('chooseSubscription', {
  body,
  run: async ({ caller, body: input, event, log }) => {
    const idempotencyKey = idempotencyKeyOf(event);
    return oncePerKey(caller.sub, idempotencyKey, input, async () => {
      const businessId = await requireOwnRecordId(caller, 'business');
      const business = await getBusinessById(businessId);
      if (!business) throw notFound('Business not found');
      const answer = await changePlan({
        business,
        caller,
        plan: input.plan,
        ...(idempotencyKey ? { paymentId: chargeIdFor(caller.sub, idempotencyKey) } : {}),
        log,
      });
      return answer.status === 202 ? reply(202, answer.body) : answer.body;
    });
  },
});
