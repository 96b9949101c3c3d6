/**
 * What the plans keep in the table (docs/access-patterns.md, "Plans"):
 *  - `BUSINESS#{id}` / `USAGE#{YYYY-MM}` {offers}: the offers a business made in a calendar month, moved in the same
 *    transaction as each new offer and conditional on the plan's limit, so concurrent offers cannot pass it;
 *  - `BUSINESS#{id}` / `PLANEVENT#{at}#{kind}#{event}`: a change of its plan (common/plans.ts PLAN_EVENT_KINDS), put
 *    in the change's transaction under a key made from the provider's event, so a repeated delivery writes the same
 *    item again (a MODIFY, which the notifier does not act on);
 *  - `PLANDUE` / `{dueAt}#{subscriptionId}#{kind}`: what the lifecycle job must do when (a grace period's end, a
 *    scheduled downgrade), read with one Query of what is due;
 *  - `PLANREPORT#{YYYY-MM}` / `REPORT`: Premium's monthly reports of that month were written.
 * The list of each paid plan's businesses (`PLANMEMBERS#{plan}`) is kept with the plan itself (./subscriptions.ts).
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { PlanId } from '../../common/constants';
import { limitOf, monthOf, planThatLifts, quotaResetsAt, type PlanLimitDetails } from '../../common/plans';
import { ddb, table } from './client';
import { keys } from '../model/keys';
import { getRecord } from './query';
import { conditionalWrite, type GuardedItem, type TransactItem } from './transact';
import type { StoredPlanEvent } from '../model/plans';

// ---- The monthly offer quota ----

/** What a 409 PLAN_LIMIT of the offers quota says. */
export function offerLimitDetails(plan: PlanId | undefined, at: Date | string): PlanLimitDetails {
  const limit = limitOf(plan, 'offersPerMonth') ?? 0;
  const upgradeTo = planThatLifts(plan, 'offersPerMonth');
  return {
    kind: 'offersPerMonth',
    plan: plan ?? 'basic',
    limit,
    used: limit,
    resetsAt: quotaResetsAt(at),
    ...(upgradeTo ? { upgradeTo } : {}),
  };
}

/**
 * One more offer in the month of `at`, on condition the plan's limit is not reached (none on an unlimited plan):
 * part of the new offer's transaction, so twenty offers racing at one below the limit let exactly one through.
 */
export function offerQuotaItem(businessId: string, plan: PlanId | undefined, at: string): GuardedItem {
  const limit = limitOf(plan, 'offersPerMonth');
  const month = monthOf(at);
  return {
    Update: {
      TableName: table(),
      Key: keys.planUsage(businessId, month),
      UpdateExpression: 'SET #m = :month, businessId = :b ADD offers :one',
      ...(limit === null ? {} : { ConditionExpression: 'attribute_not_exists(offers) OR offers < :limit' }),
      ExpressionAttributeNames: { '#m': 'month' },
      ExpressionAttributeValues: {
        ':month': month,
        ':b': businessId,
        ':one': 1,
        ...(limit === null ? {} : { ':limit': limit }),
      },
    },
    onConditionFailed: {
      message: `Your plan allows ${limit} offers a month and you have made them all. They start again on the 1st, or a higher plan lifts the limit.`,
      code: 'PLAN_LIMIT',
      limit: offerLimitDetails(plan, at),
    },
  };
}

/** The offers a business made in a month (0 before its first). */
export async function offersMadeIn(businessId: string, month: string): Promise<number> {
  const usage = await getRecord<{ offers?: number }>(keys.planUsage(businessId, month), { consistent: true });
  return Number(usage?.offers ?? 0);
}

/** The plan's included Sponsored runs the business started in `month` (the month's one record: 0 or 1). */
export async function includedRunsStartedIn(businessId: string, month: string): Promise<number> {
  return (await getRecord(keys.includedRun(businessId, month), { consistent: true })) ? 1 : 0;
}

// ---- Plan events ----

/** A plan event's item, keyed by the event that caused it (written again by a repeated delivery: the same item). */
export const planEventPut = (event: StoredPlanEvent, eventKey: string): TransactItem => ({
  Put: {
    TableName: table(),
    Item: { ...keys.planEvent(event.businessId, event.at, `${event.kind}#${eventKey}`), ...event },
  },
});

// ---- What the lifecycle job must do ----

export const PLAN_DUE_KINDS = ['graceEnd', 'downgrade'] as const;
export type PlanDueKind = (typeof PLAN_DUE_KINDS)[number];

export interface PlanDue {
  dueAt: string;
  subscriptionId: string;
  kind: PlanDueKind;
}

export const planDuePut = (due: PlanDue): TransactItem => ({
  Put: { TableName: table(), Item: { ...keys.planDue(due.dueAt, due.subscriptionId, due.kind), ...due } },
});
export const planDueDelete = (due: PlanDue): TransactItem => ({
  Delete: { TableName: table(), Key: keys.planDue(due.dueAt, due.subscriptionId, due.kind) },
});

/** Everything due at `now` or before, oldest first (one Query, paged). */
export async function listDue(now: Date): Promise<PlanDue[]> {
  const out: PlanDue[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND sk <= :now',
        ExpressionAttributeValues: { ':pk': keys.planDuePartition, ':now': `${now.toISOString()}~` },
        ExclusiveStartKey: start,
      }),
    );
    out.push(...((page.Items ?? []) as PlanDue[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** The businesses on a paid plan (one Query, paged). */
export async function listPlanMembers(plan: PlanId): Promise<string[]> {
  const out: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.planMembersPartition(plan) },
        ProjectionExpression: 'businessId',
        ExclusiveStartKey: start,
      }),
    );
    out.push(...((page.Items ?? []) as { businessId: string }[]).map((i) => i.businessId));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** Whether the monthly reports of `month` were written already. */
export const reportsWritten = async (month: string) =>
  !!(await getRecord(keys.planReports(month), { consistent: true }));

/** Marks the monthly reports of `month` written (false when another run did it first). */
export const markReportsWritten = (month: string, at: string) =>
  conditionalWrite(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.planReports(month), month, at },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
