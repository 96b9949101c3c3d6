/**
 * Whether an account is suspended (`SUSPENDED#{sub}` / `SUSPENSION`, written with a moderator's 'suspend'
 * decision: lambdas/data/moderation.ts). Read by the handler wrapper on every call (lambdas/lib/http.ts), so
 * it uses the client directly (no paging helpers, which import the wrapper).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys } from './keys';

export async function isSuspended(sub: string): Promise<boolean> {
  const out = await ddb().send(
    new GetCommand({
      TableName: table(),
      Key: keys.suspension(sub),
      ProjectionExpression: '#sub',
      ExpressionAttributeNames: { '#sub': 'sub' },
    }),
  );
  // The record names the account it suspends.
  return out?.Item?.sub === sub;
}
