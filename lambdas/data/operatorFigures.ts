/**
 * The operator's figures as stored (docs/operator-figures.md). One item per scope and ISO week:
 *   `OPS#ALL` | `OPS#T#{town}` | `OPS#C#{service}` | `OPS#C#{service}#T#{town}`  /  `{monday}`
 * holding each counter of common/operatorFigures.ts as a number attribute and the time-to-first-offer buckets as
 * `firstOffer#{bucket}`; a town and service pair is also on GSI1 (`OPSGRID#{monday}` / `{service}#{town}`).
 *
 * A level counter (OPERATOR_LEVELS: subscriptions active, monthly recurring revenue) is added to like any other on the
 * week's item (the week's net change) and, in the same transaction, to the scope's level item (`{scope}` / `LEVEL`,
 * the level now); a week reads its closing level as the level now less the net changes of the weeks after it.
 *
 * Every addition is a tally: one guard (the write that makes it count once) and the counters it adds, in one
 * transaction. Guards are of the thing counted, not of the stream event (a request, an offer, a client active in a
 * week...): a stream record handed over again, or the backfill counting what the stream counted already, fails the
 * guard's condition and adds nothing.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  OPERATOR_COUNTERS,
  OPERATOR_COUNTER_NAMES,
  OPERATOR_LEVELS,
  cents,
  emptyTally,
  isCountry,
  isLevel,
  scopesOf,
  type FigureScope,
  type GridCell,
  type OperatorCounter,
  type WeekTally,
} from '../../common/operatorFigures';
import { ddb, table } from './client';
import { keys } from '../model/keys';
import { transact, TransactionRefused, type TransactItem } from './transact';

/** The town and services a counted thing belongs to (a request's; a business's own town and services). */
export interface Area {
  town?: string;
  services?: readonly string[];
}

/** The write that makes a tally count once; its condition failing means it was counted already. */
export type Guard =
  /** A marker that is put once (condition: not there). */
  | { kind: 'marker'; key: { pk: string; sk: string } }
  /** A request's first offer: put when there is none, replaced when this one came earlier than `previous`. */
  | { kind: 'firstOffer'; postId: string; at: string; bucket: number; previous?: { at: string } };

export interface Tally {
  guard: Guard;
  weekStart: string;
  area?: Area;
  /** What each counter gets (counted in every scope its reach and the area give). */
  add: Partial<Record<OperatorCounter, number>>;
  /** Time-to-first-offer buckets moved (bucket -> amount). */
  firstOffer?: Map<number, number>;
}

const BUCKET_PREFIX = 'firstOffer#';
const bucketAttribute = (bucket: number) => `${BUCKET_PREFIX}${bucket}`;

export const factGuard = (kind: string, id: string): Guard => ({ kind: 'marker', key: keys.operatorFact(kind, id) });
export const activeGuard = (weekStart: string, role: string, id: string): Guard => ({
  kind: 'marker',
  key: keys.operatorActive(weekStart, role, id),
});

function guardItem(guard: Guard, countedAt: string): TransactItem {
  if (guard.kind === 'marker') {
    return {
      Put: {
        TableName: table(),
        Item: { ...guard.key, countedAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
  }
  return {
    Put: {
      TableName: table(),
      Item: { ...keys.operatorFirstOffer(guard.postId), at: guard.at, bucket: guard.bucket, countedAt },
      ...(guard.previous
        ? { ConditionExpression: '#at = :previous', ExpressionAttributeValues: { ':previous': guard.previous.at } }
        : { ConditionExpression: 'attribute_not_exists(pk)' }),
      ...(guard.previous ? { ExpressionAttributeNames: { '#at': 'at' } } : {}),
    },
  };
}

/** The Updates of a tally: one per scope it moves, each adding every counter kept there. */
export function tallyUpdates(tally: Tally): TransactItem[] {
  const byScope = new Map<string, { scope: FigureScope; adds: [string, number][] }>();
  const addTo = (scopes: FigureScope[], attribute: string, amount: number) => {
    for (const scope of scopes) {
      const pk = keys.operatorScope(scope);
      const entry = byScope.get(pk) ?? { scope, adds: [] };
      entry.adds.push([attribute, amount]);
      byScope.set(pk, entry);
    }
  };
  for (const [counter, amount] of Object.entries(tally.add) as [OperatorCounter, number][]) {
    if (amount) addTo(scopesOf(OPERATOR_COUNTERS[counter], tally.area), counter, amount);
  }
  for (const [bucket, amount] of tally.firstOffer ?? []) {
    if (amount) addTo(scopesOf('areas', tally.area), bucketAttribute(bucket), amount);
  }
  const levels = (Object.entries(tally.add) as [OperatorCounter, number][]).filter(([c, n]) => n && isLevel(c));
  const levelUpdates: TransactItem[] = scopesOf('country').flatMap((scope) =>
    levels.length
      ? [
          {
            Update: {
              TableName: table(),
              Key: keys.operatorLevel(scope),
              UpdateExpression: `ADD ${levels.map((_, i) => `#l${i} :l${i}`).join(', ')}`,
              ExpressionAttributeNames: Object.fromEntries(levels.map(([c], i) => [`#l${i}`, c])),
              ExpressionAttributeValues: Object.fromEntries(levels.map(([, n], i) => [`:l${i}`, n])),
            },
          },
        ]
      : [],
  );
  const weekUpdates = [...byScope.values()].map(({ scope, adds }): TransactItem => {
    const names = Object.fromEntries(adds.map(([attribute], i) => [`#a${i}`, attribute]));
    const values = Object.fromEntries(adds.map(([, amount], i) => [`:a${i}`, amount]));
    const grid =
      scope.town !== undefined && scope.service !== undefined
        ? keys.operatorGridIndex(tally.weekStart, scope.service, scope.town)
        : undefined;
    return {
      Update: {
        TableName: table(),
        Key: keys.operatorWeek(scope, tally.weekStart),
        UpdateExpression:
          `SET weekStart = :week${grid ? ', gsi1pk = :gp, gsi1sk = :gs, town = :town, service = :service' : ''} ` +
          `ADD ${adds.map((_, i) => `#a${i} :a${i}`).join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: {
          ':week': tally.weekStart,
          ...values,
          ...(grid ? { ':gp': grid.gsi1pk, ':gs': grid.gsi1sk, ':town': scope.town, ':service': scope.service } : {}),
        },
      },
    };
  });
  return [...weekUpdates, ...levelUpdates];
}

/** Count a tally once: false when its guard says it was counted already (nothing changes then). */
export async function applyTally(tally: Tally, now = new Date()): Promise<boolean> {
  try {
    await transact([guardItem(tally.guard, now.toISOString()), ...tallyUpdates(tally)]);
    return true;
  } catch (err) {
    if (err instanceof TransactionRefused && err.conditionFailed(0)) return false;
    throw err;
  }
}

/** A request's first offer as counted so far (strongly consistent), if any. */
export async function getFirstOffer(postId: string): Promise<{ at: string; bucket: number } | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: keys.operatorFirstOffer(postId), ConsistentRead: true }),
  );
  return Item ? { at: String(Item.at), bucket: Number(Item.bucket) } : undefined;
}

/** Whether a marker (a fact, a client or business active in a week) is there already: a cheap read before a write. */
export async function hasMarker(guard: Guard): Promise<boolean> {
  if (guard.kind !== 'marker') return false;
  const { Item } = await ddb().send(new GetCommand({ TableName: table(), Key: guard.key, ProjectionExpression: 'pk' }));
  return !!Item;
}

/** One stored week item as counts. */
export function tallyOf(item: Record<string, unknown>): WeekTally {
  const tally = emptyTally(String(item.weekStart ?? item.sk));
  for (const counter of OPERATOR_COUNTER_NAMES) {
    const v = item[counter];
    if (typeof v === 'number') tally.counts[counter] = v;
  }
  for (const [name, v] of Object.entries(item)) {
    if (name.startsWith(BUCKET_PREFIX) && typeof v === 'number' && v > 0)
      tally.firstOfferSeconds.set(Number(name.slice(BUCKET_PREFIX.length)), v);
  }
  return tally;
}

async function queryAll(input: ConstructorParameters<typeof QueryCommand>[0]): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * The weeks `weekStarts` (consecutive, oldest first) of one scope: one Query of the scope's partition between the
 * first and the last week. A week nothing was counted in is all zeros.
 *
 * Across Albania, where the levels are kept, the Query runs from the first week to the end of the partition (every
 * later week and the level item): a week's level is the level now less the net changes of the weeks after it, so a
 * week with no change shows the level it closed on.
 */
export async function readWeeks(scope: FigureScope, weekStarts: readonly string[]): Promise<WeekTally[]> {
  if (weekStarts.length === 0) return [];
  const withLevels = isCountry(scope);
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: withLevels ? 'pk = :pk AND sk >= :first' : 'pk = :pk AND sk BETWEEN :first AND :last',
    ExpressionAttributeValues: {
      ':pk': keys.operatorScope(scope),
      ':first': weekStarts[0],
      ...(withLevels ? {} : { ':last': weekStarts[weekStarts.length - 1] }),
    },
  });
  const level = items.find((i) => i.sk === keys.operatorLevel(scope).sk);
  const weeks = items.filter((i) => i !== level).map(tallyOf);
  const byWeek = new Map(weeks.map((t) => [t.weekStart, t]));
  const out = weekStarts.map((w) => byWeek.get(w) ?? emptyTally(w));
  if (!withLevels) return out;
  for (const counter of OPERATOR_LEVELS) {
    const now = typeof level?.[counter] === 'number' ? level[counter] : 0;
    for (const week of out) {
      const later = weeks.filter((t) => t.weekStart > week.weekStart).reduce((sum, t) => sum + t.counts[counter], 0);
      week.counts[counter] = cents(now - later);
    }
  }
  return out;
}

/** Every town and service pair of a week with something counted: one Query of the week's grid partition (GSI1). */
export async function readGrid(weekStart: string): Promise<GridCell[]> {
  const items = await queryAll({
    TableName: table(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.operatorGridPartition(weekStart) },
  });
  return items.map((i) => {
    const t = tallyOf(i);
    return {
      town: String(i.town),
      service: String(i.service),
      requests: t.counts.requests,
      answered: t.counts.answered,
      answeredWithin24h: t.counts.answeredWithin24h,
      activeBusinesses: t.counts.activeBusinesses,
    };
  });
}
