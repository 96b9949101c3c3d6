/**
 * Reading helpers shared by the data modules: one item by key, one page of a Query on the table or an
 * index (newest first, cursor from lib/paging), and BatchGet by keys with the unprocessed keys
 * retried. Items are answered as records: the key attributes (pk, sk, gsi*) are dropped.
 */
import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { stripKeys } from './keys';
import { INDEXES, TABLE_KEYS, type IndexName } from './schema';
import { decodeCursor, encodeCursor } from '../lib/paging';
import { badRequest } from '../lib/errors';

export interface PageRequest { limit: number; cursor?: string }

/** The record stored under `key`, or undefined. */
export async function getRecord<T>(key: { pk: string; sk: string }, opts: { consistent?: boolean } = {}): Promise<T | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: table(), Key: key, ...(opts.consistent ? { ConsistentRead: true } : {}) }));
  return Item ? (stripKeys(Item) as unknown as T) : undefined;
}
export interface Page<T> { items: T[]; nextCursor?: string }

/**
 * One page of the items whose partition key (on the table or the index) is `partition`, sort key
 * descending. The cursor must belong to that partition: a cursor of another list is a 400, not a
 * DynamoDB validation error.
 */
export async function queryPage<T>(
  where: { index?: IndexName; partition: string },
  page: PageRequest,
): Promise<Page<T>> {
  const names = where.index ? INDEXES[where.index] : { name: undefined, ...TABLE_KEYS };
  const start = decodeCursor(page.cursor);
  if (start && start[names.partitionKey] !== where.partition) {
    throw badRequest('Invalid cursor', [{ field: 'cursor', message: 'This cursor belongs to another list' }]);
  }
  const out = await ddb().send(new QueryCommand({
    TableName: table(),
    IndexName: names.name,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': names.partitionKey },
    ExpressionAttributeValues: { ':pk': where.partition },
    ScanIndexForward: false,
    Limit: page.limit,
    ExclusiveStartKey: start,
  }));
  return { items: (out.Items ?? []).map((i) => stripKeys(i) as unknown as T), nextCursor: out.Items?.length ? encodeCursor(out.LastEvaluatedKey) : undefined };
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
