/**
 * The expiry index (pattern 29 of docs/access-patterns.md): an open post's GSI2 entry
 * `EXPIRES#S#{shard}` / `{expiresAt}#{id}`, sharded by post id, read by the scheduled expiry job only.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys } from '../model/keys';
import { INDEXES } from '../model/schema';
import { config } from '../lib/config';

/** Open posts whose expiry passed before `now`, oldest first, one page of one shard of the expiry index (pattern 29). */
export async function expiredPostIds(
  shard: number,
  now: string,
  start?: Record<string, unknown>,
): Promise<{ ids: string[]; next?: Record<string, unknown> }> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: INDEXES.GSI2.name,
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :now',
      ExpressionAttributeValues: { ':pk': keys.expiryShard(shard), ':now': now },
      Limit: 25,
      ExclusiveStartKey: start,
    }),
  );
  return { ids: (out.Items ?? []).map((i) => String(i._id)), next: out.LastEvaluatedKey };
}

export const expiryShards = () => Array.from({ length: config.openIndexShards }, (_, i) => i);
