/**
 * Reading helpers shared by the data modules: one item by key, one page of a Query on the table or an
 * index (newest first, cursor from api/paging), and BatchGet by keys with the unprocessed keys
 * retried. Items are answered as records: the key attributes (pk, sk, gsi*) are dropped.
 */
import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { stripKeys } from '../model/keys';
import { INDEXES, TABLE_KEYS, type IndexName } from '../model/schema';
import { decodeCursor, encodeCursor } from '../lib/cursor';
import { badRequest } from '../lib/errors';
import { isWellFormed, utf8Bytes } from '../../common/text';

/** DynamoDB's limit on a sort key value; a cursor part over it is no position of any list. */
const MAX_SORT_KEY_BYTES = 1024;

export interface PageRequest {
  limit: number;
  cursor?: string;
}

/** The record stored under `key`, or undefined. */
export async function getRecord<T>(
  key: { pk: string; sk: string },
  opts: { consistent?: boolean } = {},
): Promise<T | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: key, ...(opts.consistent ? { ConsistentRead: true } : {}) }),
  );
  return Item ? (stripKeys(Item) as unknown as T) : undefined;
}
export interface Page<T> {
  items: T[];
  nextCursor?: string;
}

export const invalidCursor = (message = 'Invalid cursor') =>
  badRequest('Invalid cursor', [{ field: 'cursor', message, code: 'INVALID_CURSOR' }], 'INVALID_CURSOR');

/**
 * The start key a cursor holds, checked to be a position in this list: exactly the key attributes
 * of the table (and of the index), every one a non-empty string, the partition this one. Anything
 * else (a cursor of another list, an edited one) is a 400, never a DynamoDB validation error.
 */
export function startKeyOf(
  cursor: string | undefined,
  partition: string,
  index?: IndexName,
): Record<string, unknown> | undefined {
  const start = decodeCursor(cursor);
  return start && checkedStartKey(start, partition, index);
}

/** A decoded start key checked like startKeyOf's (for cursors that carry more than the key). */
export function checkedStartKey(
  start: Record<string, unknown>,
  partition: string,
  index?: IndexName,
): Record<string, unknown> {
  const names = index ? INDEXES[index] : TABLE_KEYS;
  if (start[names.partitionKey] !== partition) throw invalidCursor('This cursor belongs to another list');
  const expected = new Set<string>([TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey, names.partitionKey, names.sortKey]);
  const attributes = Object.keys(start);
  const wellFormed =
    attributes.length === expected.size &&
    attributes.every(
      (a) =>
        expected.has(a) &&
        typeof start[a] === 'string' &&
        (start[a] as string).length > 0 &&
        isWellFormed(start[a] as string) &&
        utf8Bytes(start[a] as string) <= MAX_SORT_KEY_BYTES,
    );
  if (!wellFormed) throw invalidCursor();
  return start;
}

/** True for DynamoDB's answer to a request it cannot run (here: a start key that is no position of the list). */
export const isValidationError = (err: unknown) => (err as { name?: string })?.name === 'ValidationException';

/**
 * One page of the items whose partition key (on the table or the index) is `partition`, sort key
 * descending (ascending with `oldestFirst`: queues), from the position of `page.cursor` (see startKeyOf).
 */
export async function queryPage<T>(
  where: { index?: IndexName; partition: string; oldestFirst?: boolean },
  page: PageRequest,
): Promise<Page<T>> {
  const names = where.index ? INDEXES[where.index] : { name: undefined, ...TABLE_KEYS };
  const start = startKeyOf(page.cursor, where.partition, where.index);
  const query = new QueryCommand({
    TableName: table(),
    IndexName: names.name,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': names.partitionKey },
    ExpressionAttributeValues: { ':pk': where.partition },
    ScanIndexForward: where.oldestFirst === true,
    Limit: page.limit,
    ExclusiveStartKey: start,
  });
  let out;
  try {
    out = await ddb().send(query);
  } catch (err) {
    // A well-formed key DynamoDB still refuses as a start (it is not a position of this list).
    throw start && isValidationError(err) ? invalidCursor() : err;
  }
  return {
    items: (out.Items ?? []).map((i) => stripKeys(i) as unknown as T),
    nextCursor: out.Items?.length ? encodeCursor(out.LastEvaluatedKey) : undefined,
  };
}

const BATCH_GET_LIMIT = 100;

/** Items by key (any order; missing keys are simply absent). */
export async function batchGet<T>(keyList: { pk: string; sk: string }[]): Promise<T[]> {
  const unique = [...new Map(keyList.map((k) => [`${k.pk}\u0000${k.sk}`, k])).values()];
  const found: T[] = [];
  for (let i = 0; i < unique.length; i += BATCH_GET_LIMIT) {
    let pending: { pk: string; sk: string }[] = unique.slice(i, i + BATCH_GET_LIMIT);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 25 * 2 ** attempt));
      if (attempt > 6) throw new Error('BatchGet left keys unprocessed after retries');
      const out = await ddb().send(new BatchGetCommand({ RequestItems: { [table()]: { Keys: pending } } }));
      found.push(...(out.Responses?.[table()] ?? []).map((i) => stripKeys(i) as unknown as T));
      pending = (out.UnprocessedKeys?.[table()]?.Keys ?? []) as { pk: string; sk: string }[];
    }
  }
  return found;
}

/**
 * Every item of one partition of the table or an index (keys included), page after page, optionally only the sort
 * keys starting with `skPrefix` of a table partition: what the jobs read (a person's data export and erasure), never
 * a list page of the API.
 */
export async function* eachItemOf(where: {
  index?: IndexName;
  partition: string;
  skPrefix?: string;
  consistent?: boolean;
}): AsyncGenerator<Record<string, unknown>> {
  const names = where.index ? INDEXES[where.index] : { name: undefined, ...TABLE_KEYS };
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: table(),
        IndexName: names.name,
        KeyConditionExpression: where.skPrefix ? '#pk = :pk AND begins_with(#sk, :prefix)' : '#pk = :pk',
        ExpressionAttributeNames: { '#pk': names.partitionKey, ...(where.skPrefix ? { '#sk': names.sortKey } : {}) },
        ExpressionAttributeValues: { ':pk': where.partition, ...(where.skPrefix ? { ':prefix': where.skPrefix } : {}) },
        ...(where.consistent && !where.index ? { ConsistentRead: true } : {}),
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) yield item;
    start = out.LastEvaluatedKey;
  } while (start);
}

/** eachItemOf, gathered. */
export async function allItemsOf(where: Parameters<typeof eachItemOf>[0]): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const item of eachItemOf(where)) items.push(item);
  return items;
}
