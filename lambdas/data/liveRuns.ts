/**
 * The live entries of Sponsored runs (docs/sponsored-runs.md; written by lambdas/data/ads.ts when a run goes live,
 * deleted when it ends): read only, so the public site (read-only access) shares them with the API.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { stripKeys } from '../model/keys';
import { isSuspended } from './suspensions';
import type { BusinessCardCopy } from '../model/copies';

/** What a strip shows of a live run: a copy on each of its live entries. */
export interface LiveRunEntry {
  _id: string;
  businessId: string;
  image: string;
  category: string;
  towns: string[];
  createdAt: string;
  endsAt: string;
  business?: BusinessCardCopy;
}

/** The live entries of one partition (a strip's one Query), optionally of one service only. */
export async function liveEntries(partition: string, service?: string): Promise<LiveRunEntry[]> {
  const found: LiveRunEntry[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: service ? 'pk = :pk AND begins_with(sk, :service)' : 'pk = :pk',
        ExpressionAttributeValues: { ':pk': partition, ...(service ? { ':service': `${service}#` } : {}) },
        ExclusiveStartKey: start,
      }),
    );
    found.push(...(out.Items ?? []).map((i) => stripKeys(i) as unknown as LiveRunEntry));
    start = out.LastEvaluatedKey;
  } while (start);
  return found;
}

/** Whether a live entry may be shown now: not past its end, its business not hidden, its owner not suspended. */
export async function showable(entries: LiveRunEntry[], nowIso: string): Promise<LiveRunEntry[]> {
  const checks = await Promise.all(
    entries.map(
      async (e) =>
        e.endsAt > nowIso && !e.business?.hidden && !(e.business && (await isSuspended(e.business.cognitoId))),
    ),
  );
  return entries.filter((_, i) => checks[i]);
}
