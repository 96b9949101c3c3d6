/**
 * The plan of a business, set on its profile record (`plan`, `planSince`, `subscriptionId`), and the list of the
 * businesses on each paid plan (`PLANMEMBERS#{plan}` / `{businessId}`: Premium's monthly report reads it). Every
 * change of the plan moves the business's `cardVersion` (the plan is on its card copies: its offers' mark, its
 * place in search), so its copies follow (lambdas/data/copies.ts) (lambdas/model/copies.ts COPIES.businessCard).
 */
import type { PlanId } from '../../common/constants';
import { PLAN_IDS } from '../../common/plans';
import { table } from './client';
import { keys } from '../model/keys';
import type { GuardedItem, TransactItem } from './transact';

/** The members list entries of a business now on `plan`: in that plan's list, in no other paid plan's. */
function memberItems(businessId: string, plan: PlanId, since: string): TransactItem[] {
  const items: TransactItem[] = PLAN_IDS.filter((p) => p !== 'basic' && p !== plan).map((p) => ({
    Delete: { TableName: table(), Key: keys.planMember(p, businessId) },
  }));
  if (plan !== 'basic')
    items.push({ Put: { TableName: table(), Item: { ...keys.planMember(plan, businessId), businessId, since } } });
  return items;
}

/** Sets the plan if it is still `from` (two plan changes racing: one wins, the other gets 409). */
export const setPlanItems = (businessId: string, plan: PlanId, from: PlanId): GuardedItem[] => {
  const now = new Date().toISOString();
  return [
    {
      Update: {
        TableName: table(),
        Key: keys.business(businessId),
        UpdateExpression: 'SET #plan = :plan, planSince = :now ADD cardVersion :one',
        ConditionExpression:
          'attribute_exists(pk) AND (#plan = :from OR (attribute_not_exists(#plan) AND :from = :basic))',
        ExpressionAttributeNames: { '#plan': 'plan' },
        ExpressionAttributeValues: { ':plan': plan, ':from': from, ':basic': 'basic', ':now': now, ':one': 1 },
      },
      onConditionFailed: {
        message: 'Your plan was changed by another request. Reload and try again.',
        code: 'CONCURRENT_CHANGE',
      },
    },
    ...memberItems(businessId, plan, now),
  ];
};

/**
 * Gives a business the plan its payment bought (part of the payment's completion), or the plan its subscription
 * changed to. The first item is the business's own (its condition: the business exists).
 */
export const grantPlanItems = (businessId: string, plan: PlanId, subscriptionId?: string): TransactItem[] => {
  const now = new Date().toISOString();
  return [
    {
      Update: {
        TableName: table(),
        Key: keys.business(businessId),
        UpdateExpression: `SET #plan = :plan, planSince = :now${subscriptionId ? ', subscriptionId = :sub' : ''} ADD cardVersion :one`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#plan': 'plan' },
        ExpressionAttributeValues: {
          ':plan': plan,
          ':now': now,
          ':one': 1,
          ...(subscriptionId ? { ':sub': subscriptionId } : {}),
        },
      },
    },
    ...memberItems(businessId, plan, now),
  ];
};

/**
 * Gives back the plan a refund or chargeback took back, when that is reversed: only to a business still on Basic
 * (another plan bought since is kept).
 */
export const restorePlanItems = (businessId: string, plan: PlanId, subscriptionId?: string): TransactItem[] => {
  const [business, ...members] = grantPlanItems(businessId, plan, subscriptionId);
  const update = business.Update!;
  return [
    {
      Update: {
        ...update,
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#plan) OR #plan = :basic)',
        ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':basic': 'basic' },
      },
    },
    ...members,
  ];
};

/**
 * Takes a plan back (a wholly refunded payment, a subscription that ended, a grace period over): Basic again, if the
 * business is still on that plan through that subscription (another plan bought since is kept). Nothing else of the
 * business changes: pictures and offers above Basic's limits are kept.
 */
export const revokePlanItems = (businessId: string, plan: PlanId, subscriptionId?: string): TransactItem[] => {
  const now = new Date().toISOString();
  return [
    {
      Update: {
        TableName: table(),
        Key: keys.business(businessId),
        UpdateExpression: 'SET #plan = :basic, planSince = :now REMOVE subscriptionId ADD cardVersion :one',
        ConditionExpression: `attribute_exists(pk) AND #plan = :plan${subscriptionId ? ' AND (attribute_not_exists(subscriptionId) OR subscriptionId = :sub)' : ''}`,
        ExpressionAttributeNames: { '#plan': 'plan' },
        ExpressionAttributeValues: {
          ':plan': plan,
          ':basic': 'basic',
          ':now': now,
          ':one': 1,
          ...(subscriptionId ? { ':sub': subscriptionId } : {}),
        },
      },
    },
    ...memberItems(businessId, 'basic', now),
  ];
};
