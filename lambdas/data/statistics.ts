/**
 * A business's statistics as the table holds them (docs/access-patterns.md, "Plans"):
 *  - profile views: `BUSINESS#{id}` / `VIEWS#{YYYY-MM-DD}` {views}, one item per day (Albanian time); a view counts
 *    once per viewer and day (`VIEWED#{id}#{day}` / `{viewer}`, put on condition it is new in the same transaction as
 *    the ADD; TTL two days). A chart of months is ONE Query of the range of days;
 *  - offers sent and accepted: the business's own offers (GSI2 `BUSINESSOFFERS#{id}`, by creation time), ONE Query of
 *    the months' range with only `createdAt` and `status` returned (paged past 1 MB).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { monthOf } from '../../common/plans';
import { ddb, table } from './client';
import { keys } from '../model/keys';
import { INDEXES, TTL_ATTRIBUTE } from '../model/schema';
import { transact, TransactionRefused } from './transact';

/** How long a viewer's mark of a day is kept (its day, and the next in case of clocks apart). */
const VIEWER_MARK_SECONDS = 2 * 86_400;

/** One view of business `businessId` by `viewer` on `day`; false when that viewer was counted that day already. */
export async function countProfileView(businessId: string, day: string, viewer: string, at: Date): Promise<boolean> {
  try {
    await transact([
      {
        Put: {
          TableName: table(),
          Item: {
            ...keys.profileViewer(businessId, day, viewer),
            [TTL_ATTRIBUTE]: Math.floor(at.getTime() / 1000) + VIEWER_MARK_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: table(),
          Key: keys.profileViews(businessId, day),
          UpdateExpression: 'SET #d = :day ADD #v :one',
          ExpressionAttributeNames: { '#d': 'day', '#v': 'views' },
          ExpressionAttributeValues: { ':day': day, ':one': 1 },
        },
      },
    ]);
    return true;
  } catch (err) {
    if (err instanceof TransactionRefused && err.conditionFailed(0)) return false;
    throw err;
  }
}

/** Every page of one Query (a chart's range: bounded by its months). */
async function queryAll(input: ConstructorParameters<typeof QueryCommand>[0]): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * Profile views per month from `firstDay` to `lastDay` (YYYY-MM-DD, inclusive), and the times clients saved its ideas
 * to a board (`ideaSaves`, on the same day items: lambdas/data/boards.ts), read by the same Query.
 */
export async function viewsByMonth(
  businessId: string,
  firstDay: string,
  lastDay: string,
): Promise<Map<string, { views: number; saves: number }>> {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': keys.business(businessId).pk,
      ':from': `${keys.profileViewsPrefix}${firstDay}`,
      ':to': `${keys.profileViewsPrefix}${lastDay}`,
    },
    ProjectionExpression: '#d, #v, ideaSaves',
    ExpressionAttributeNames: { '#d': 'day', '#v': 'views' },
  });
  const months = new Map<string, { views: number; saves: number }>();
  for (const i of items) {
    const month = String(i.day).slice(0, 7);
    const m = months.get(month) ?? { views: 0, saves: 0 };
    m.views += Number(i.views ?? 0);
    m.saves += Number(i.ideaSaves ?? 0);
    months.set(month, m);
  }
  return months;
}

/** Offers a business made per month in [from, to) (ISO moments), and how many of them clients accepted. */
export async function offersByMonth(
  businessId: string,
  from: string,
  to: string,
): Promise<Map<string, { offers: number; accepted: number }>> {
  const items = await queryAll({
    TableName: table(),
    IndexName: INDEXES.GSI2.name,
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.businessOffersPartition(businessId), ':from': from, ':to': to },
    ProjectionExpression: 'createdAt, #s',
    ExpressionAttributeNames: { '#s': 'status' },
  });
  const months = new Map<string, { offers: number; accepted: number }>();
  for (const i of items) {
    if (typeof i.createdAt !== 'string' || i.createdAt >= to) continue;
    const month = monthOf(i.createdAt);
    const m = months.get(month) ?? { offers: 0, accepted: 0 };
    m.offers++;
    if (i.status === 'accepted' || i.status === 'finished') m.accepted++;
    months.set(month, m);
  }
  return months;
}
