/**
 * What a client's Sponsored strip is drawn for (lambdas/domain/sponsoredStrip.ts): the town of its newest open
 * request (else its own town) and the services of its open requests there. Kept per process for
 * STRIP_CONTEXT_FRESH_MS (one GetItem and one Query a minute per client and process, not per strip).
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys } from '../model/keys';
import { INDEXES } from '../model/schema';

/** How old a process's copy of a client's open requests and town may be. */
export const STRIP_CONTEXT_FRESH_MS = 60_000;
const CONTEXTS_KEPT = 10_000;

export interface StripContext {
  /** The town the strip is for (its newest open request's, else the client's own). */
  town?: string;
  /** The services of the client's open requests in that town. */
  services: string[];
}

const contexts = new Map<string, { context: StripContext; readAt: number }>();

/** A client's strip context: from its record's town and its newest open requests (kept STRIP_CONTEXT_FRESH_MS). */
export async function clientStripContext(userId: string, nowIso: string): Promise<StripContext> {
  const cacheKey = `${table()}/${userId}`;
  const kept = contexts.get(cacheKey);
  if (kept && Date.now() - kept.readAt < STRIP_CONTEXT_FRESH_MS) return kept.context;
  const readAt = Date.now();
  const [user, posts] = await Promise.all([
    ddb().send(
      new GetCommand({
        TableName: table(),
        Key: keys.user(userId),
        ProjectionExpression: '#loc',
        ExpressionAttributeNames: { '#loc': 'location' },
      }),
    ),
    ddb().send(
      new QueryCommand({
        TableName: table(),
        IndexName: INDEXES.GSI1.name,
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.userPostsPartition(userId) },
        ProjectionExpression: '#status, category, #loc, expiresAt, #hidden',
        ExpressionAttributeNames: { '#status': 'status', '#loc': 'location', '#hidden': 'hidden' },
        ScanIndexForward: false,
        Limit: 20,
      }),
    ),
  ]);
  const open = (posts.Items ?? []).filter((p) => p.status === 'open' && !p.hidden && String(p.expiresAt) > nowIso);
  const town = (open[0]?.location as string | undefined) ?? (user.Item?.location as string | undefined);
  const services = [
    ...new Set(open.filter((p) => p.location === town).flatMap((p) => (p.category as string[] | undefined) ?? [])),
  ];
  const context: StripContext = { ...(town ? { town } : {}), services };
  contexts.delete(cacheKey);
  if (contexts.size >= CONTEXTS_KEPT) contexts.delete(contexts.keys().next().value!);
  contexts.set(cacheKey, { context, readAt });
  return context;
}
