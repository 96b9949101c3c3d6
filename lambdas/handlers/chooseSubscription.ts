/**
 * POST /subscription {plan}: a business chooses basic, standard or premium. The plan's monthly price
 * is charged through the payment provider (Basic: a completed $0 transaction) and recorded; a
 * completed charge sets the business's plan in the same transaction. A refused charge changes no
 * plan (402); a pending one records the transaction and answers 202 with the plan unchanged. With an
 * Idempotency-Key header a retried or doubled request charges once and answers the first answer.
 */
import { subscriptionBody as body } from '../../common/schemas/ads';
import { defineHandler, reply } from '../lib/http';
import { notFound, paymentRefused } from '../lib/errors';
import { requireOwnRecordId } from '../data/accounts';
import { getBusinessById } from '../data/users';
import { transactionPut } from '../data/transactions';
import { setPlanItem } from '../data/subscriptions';
import { transactWrite } from '../data/transact';
import { chargeBusiness, refusedMessage, toTransactionDto } from '../domain/payments';
import { chargeIdFor, idempotencyKeyOf, oncePerKey } from '../domain/idempotency';
import { assertPlanChange, planById, planDescription } from '../domain/subscriptions';

export const handler = defineHandler('chooseSubscription', {
  body,
  run: async ({ caller, body: input, event }) => {
    const idempotencyKey = idempotencyKeyOf(event);
    return oncePerKey(caller.sub, idempotencyKey, input, async () => {
      const businessId = await requireOwnRecordId(caller, 'business');
      const business = await getBusinessById(businessId);
      if (!business) throw notFound('Business not found');
      assertPlanChange(business.plan, input.plan);

      const txn = await chargeBusiness(
        { sub: caller.sub, businessId, businessName: business.businessName },
        {
          amount: planById(input.plan).pricePerMonth,
          description: planDescription(input.plan),
          purpose: { kind: 'plan', plan: input.plan },
        },
        idempotencyKey ? chargeIdFor(caller.sub, idempotencyKey) : undefined,
      );
      if (txn.status === 'Refused') {
        await transactWrite([transactionPut(txn)]);
        throw paymentRefused(refusedMessage('plan change'));
      }
      if (txn.status === 'Pending') {
        await transactWrite([transactionPut(txn)]);
        return reply(202, {
          plan: business.plan ?? 'basic',
          message: 'Payment pending: the plan changes when it completes',
          transaction: toTransactionDto(txn),
        });
      }
      await transactWrite([setPlanItem(businessId, input.plan, business.plan ?? 'basic'), transactionPut(txn)]);
      return { plan: input.plan, transaction: toTransactionDto(txn) };
    });
  },
});
