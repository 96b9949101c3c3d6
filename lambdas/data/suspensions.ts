/**
 * Suspended accounts: the partition `SUSPENSIONS`, one item per account (sort key: its Cognito sub), written with a
 * moderator's 'suspend' decision (lambdas/data/moderation.ts). The handler wrapper asks on every signed-in call
 * (lambdas/lib/http.ts), so a call must not pay a read for it: each process (a Lambda container, the local gateway)
 * keeps the whole list and reads it again, with one strongly consistent Query, when its copy is older than
 * SUSPENSIONS_FRESH_MS. A suspension therefore refuses the account's calls at once in the process that decided it
 * (the local stack's only one) and within SUSPENSIONS_FRESH_MS everywhere else; the account is also disabled in the
 * user pool at once, so it gets no new token (lambdas/lib/userPool.ts). Suspensions are never lifted.
 * It uses the client directly (no paging helpers, which import the wrapper).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys } from './keys';

/** How old a process's copy of the suspended accounts may be before it reads them again. */
export const SUSPENSIONS_FRESH_MS = 5000;

interface KnownSuspensions {
  table: string;
  subs: Set<string>;
  /** When the read that gave `subs` started. */
  readAt: number;
}

let known: KnownSuspensions | undefined;
let reading: { table: string; subs: Promise<Set<string>> } | undefined;
/** Moves on with every suspension this process writes, so a read begun before it is not kept. */
let generation = 0;

async function readSuspensions(tableName: string): Promise<Set<string>> {
  const startedAt = Date.now();
  const startedIn = generation;
  const subs = new Set<string>();
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.suspensionsPartition },
        ProjectionExpression: 'sk',
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out?.Items ?? []) if (typeof item.sk === 'string') subs.add(item.sk);
    start = out?.LastEvaluatedKey;
  } while (start);
  if (startedIn === generation) known = { table: tableName, subs, readAt: startedAt };
  return subs;
}

/** The suspended accounts, from this process's copy while it is fresh; one Query (shared by concurrent calls) else. */
async function suspendedAccounts(): Promise<Set<string>> {
  const tableName = table();
  if (known?.table === tableName && Date.now() - known.readAt < SUSPENSIONS_FRESH_MS) return known.subs;
  if (reading?.table === tableName) return reading.subs;
  const current = { table: tableName, subs: readSuspensions(tableName) };
  reading = current;
  const done = () => {
    if (reading === current) reading = undefined;
  };
  current.subs.then(done, done);
  return current.subs;
}

export async function isSuspended(sub: string): Promise<boolean> {
  return (await suspendedAccounts()).has(sub);
}

/** After this process wrote a suspension: its next call reads the list again (and no read begun before is kept). */
export function suspensionWritten(): void {
  generation++;
  known = undefined;
  reading = undefined;
}
