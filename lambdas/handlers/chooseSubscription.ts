/**
 * POST /subscription {plan}: a business chooses basic, standard or premium; a paid plan is a monthly subscription
 * with the payment provider.
 *
 * - A paid plan without a subscription: a pending payment of its first month and a checkout (202 with
 *   `checkout.url`); the plan is set when the provider's webhook says the payment completed.
 * - Another paid plan with a subscription: the provider changes the subscription at once, prorated (202); the plan
 *   is set when its webhook confirms the change.
 * - Basic with a subscription: cancelled at the end of the paid period (200, `effectiveAt`); the plan stays until
 *   then. Basic without one: set at once (nothing to pay).
 *
 * A declined card changes no plan. With an Idempotency-Key header a retried or doubled request starts one payment
 * and answers the first answer.
 */
import { randomUUID } from 'node:crypto';
import { subscriptionBody as body } from '../../common/schemas/ads';
import { planPrice } from '../../common/payments';
import { defineHandler, reply } from '../lib/http';
import { conflict, notFound } from '../lib/errors';
import { requireOwnRecordId } from '../data/accounts';
import { getBusinessById } from '../data/users';
import { setPlanItem } from '../data/subscriptions';
import { getSubscriptionRecord } from '../data/transactions';
import { transactWrite } from '../data/transact';
import { startPurchase, toTransactionDto } from '../domain/payments';
import { chargeIdFor, idempotencyKeyOf, oncePerKey } from '../domain/idempotency';
import { assertPlanChange, planDescription } from '../domain/subscriptions';
import { paymentProvider } from '../payments/provider';

export const handler = defineHandler('chooseSubscription', {
  body,
  run: async ({ caller, body: input, event, log }) => {
    const idempotencyKey = idempotencyKeyOf(event);
    return oncePerKey(caller.sub, idempotencyKey, input, async () => {
      const businessId = await requireOwnRecordId(caller, 'business');
      const business = await getBusinessById(businessId);
      if (!business) throw notFound('Business not found');
      const current = business.plan ?? 'basic';
      assertPlanChange(current, input.plan);
      const subscription = business.subscriptionId ? await getSubscriptionRecord(business.subscriptionId) : undefined;
      const live = subscription && subscription.status !== 'canceled' ? subscription : undefined;

      if (input.plan === 'basic') {
        if (!live) {
          await transactWrite([setPlanItem(businessId, 'basic', current)]);
          return { plan: 'basic' };
        }
        if (live.cancelAt) throw conflict('Your plan already ends at the end of the paid period', 'ALREADY_ON_PLAN');
        const canceled = await (await paymentProvider()).cancelSubscription(live.subscriptionId);
        const effectiveAt = canceled.cancelAt ?? canceled.currentPeriodEnd;
        return {
          plan: current,
          message: 'Your plan changes to Basic at the end of the paid period',
          ...(effectiveAt ? { effectiveAt } : {}),
        };
      }

      if (live) {
        if (live.status === 'past_due')
          throw conflict(
            'Your last monthly payment failed: update your card before changing plan',
            'CONCURRENT_CHANGE',
          );
        await (await paymentProvider()).changeSubscription(live.subscriptionId, input.plan);
        return reply(202, {
          plan: current,
          message: 'Your plan changes as soon as the payment provider confirms it',
        });
      }

      const { payment, checkout } = await startPurchase(
        {
          payer: { sub: caller.sub, businessId, businessName: business.businessName },
          product: input.plan,
          amount: planPrice(input.plan),
          description: planDescription(input.plan),
          purpose: { kind: 'plan', plan: input.plan },
          id: idempotencyKey ? chargeIdFor(caller.sub, idempotencyKey) : randomUUID(),
          email: business.email,
        },
        log,
      );
      return reply(202, {
        plan: current,
        message: 'Pay on the checkout page: the plan changes when the payment completes',
        transaction: toTransactionDto(payment),
        checkout: { url: checkout.url, transactionId: checkout.transactionId },
      });
    });
  },
});
