/** The plan of a business, set on its profile record. */
import type { PlanId } from '../../common/constants';
import { table } from './client';
import { keys } from './keys';
import type { GuardedItem, TransactItem } from './transact';

/** Sets the plan if it is still `from` (two plan changes racing: one wins, the other gets 409). */
export const setPlanItem = (businessId: string, plan: PlanId, from: PlanId): GuardedItem => ({
  Update: {
    TableName: table(),
    Key: keys.business(businessId),
    UpdateExpression: 'SET #plan = :plan, planSince = :now',
    ConditionExpression: 'attribute_exists(pk) AND (#plan = :from OR (attribute_not_exists(#plan) AND :from = :basic))',
    ExpressionAttributeNames: { '#plan': 'plan' },
    ExpressionAttributeValues: { ':plan': plan, ':from': from, ':basic': 'basic', ':now': new Date().toISOString() },
  },
  onConditionFailed: {
    message: 'Your plan was changed by another request. Reload and try again.',
    code: 'CONCURRENT_CHANGE',
  },
});

/** Gives a business the plan its payment bought (part of the payment's completion). */
export const grantPlanItem = (businessId: string, plan: PlanId, subscriptionId?: string): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.business(businessId),
    UpdateExpression: `SET #plan = :plan, planSince = :now${subscriptionId ? ', subscriptionId = :sub' : ''}`,
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#plan': 'plan' },
    ExpressionAttributeValues: {
      ':plan': plan,
      ':now': new Date().toISOString(),
      ...(subscriptionId ? { ':sub': subscriptionId } : {}),
    },
  },
});

/**
 * Takes a plan back (a wholly refunded payment, a subscription that ended): Basic again, if the business is still on
 * that plan through that subscription (another plan bought since is kept).
 */
export const revokePlanItem = (businessId: string, plan: PlanId, subscriptionId?: string): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.business(businessId),
    UpdateExpression: 'SET #plan = :basic, planSince = :now REMOVE subscriptionId',
    ConditionExpression: `attribute_exists(pk) AND #plan = :plan${subscriptionId ? ' AND (attribute_not_exists(subscriptionId) OR subscriptionId = :sub)' : ''}`,
    ExpressionAttributeNames: { '#plan': 'plan' },
    ExpressionAttributeValues: {
      ':plan': plan,
      ':basic': 'basic',
      ':now': new Date().toISOString(),
      ...(subscriptionId ? { ':sub': subscriptionId } : {}),
    },
  },
});
