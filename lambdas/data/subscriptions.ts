/** The plan of a business, set on its profile record. */
import type { PlanId } from '../../common/constants';
import { table } from './client';
import { keys } from './keys';
import type { GuardedItem } from './transact';

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
