/**
 * The accounts the API refuses, in one partition `SUSPENSIONS`:
 *  - suspended accounts, one item each (sort key: its Cognito sub), written with a moderator's 'suspend' decision
 *    (lambdas/data/moderation.ts). Suspensions are never lifted;
 *  - closed accounts waiting for their erasure (sort key `CLOSED#{sub}`: lambdas/data/closures.ts), written when the
 *    person deletes their account and removed when they cancel it or once it is erased.
 * The handler wrapper asks on every signed-in call (lambdas/api/http.ts), so a call must not pay a read for it: each
 * process (a Lambda container, the local gateway) keeps both lists and reads them again, with one strongly
 * consistent Query of their partition, when its copy is older than SUSPENSIONS_FRESH_MS. A suspension or a closure
 * therefore refuses the account's calls at once in the process that wrote it (the local stack's only one) and within
 * SUSPENSIONS_FRESH_MS everywhere else; the account is also signed out in the user pool at once (a suspended one is
 * disabled too, so it gets no new token: lambdas/lib/userPool.ts).
 * It uses the client directly (no paging helpers, which import the wrapper).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys } from '../model/keys';

/** How old a process's copy of the suspended accounts may be before it reads them again. */
export const SUSPENSIONS_FRESH_MS = 5000;

/** The refused accounts by Cognito sub: suspended, and closed (waiting for their erasure). */
interface RefusedAccounts {
  suspended: Set<string>;
  closed: Set<string>;
}

interface KnownSuspensions {
  table: string;
  subs: RefusedAccounts;
  /** When the read that gave `subs` started. */
  readAt: number;
}

let known: KnownSuspensions | undefined;
let reading: { table: string; subs: Promise<RefusedAccounts> } | undefined;
/** Moves on with every suspension or closure this process writes, so a read begun before it is not kept. */
let generation = 0;

async function readSuspensions(tableName: string): Promise<RefusedAccounts> {
  const startedAt = Date.now();
  const startedIn = generation;
  const subs: RefusedAccounts = { suspended: new Set(), closed: new Set() };
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
    for (const item of out?.Items ?? []) {
      if (typeof item.sk !== 'string') continue;
      if (item.sk.startsWith(keys.closedAccountPrefix)) subs.closed.add(item.sk.slice(keys.closedAccountPrefix.length));
      else subs.suspended.add(item.sk);
    }
    start = out?.LastEvaluatedKey;
  } while (start);
  if (startedIn === generation) known = { table: tableName, subs, readAt: startedAt };
  return subs;
}

/** The refused accounts, from this process's copy while it is fresh; one Query (shared by concurrent calls) else. */
async function refusedAccounts(): Promise<RefusedAccounts> {
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
  return (await refusedAccounts()).suspended.has(sub);
}

/** Whether the account was closed by its owner and waits for its erasure (only its deletion routes answer it). */
export async function isClosed(sub: string): Promise<boolean> {
  return (await refusedAccounts()).closed.has(sub);
}

/** After this process wrote a suspension: its next call reads the list again (and no read begun before is kept). */
export function suspensionWritten(): void {
  generation++;
  known = undefined;
  reading = undefined;
}

/** After this process closed an account, cancelled a closure or erased an account: the lists are read again. */
export const closureWritten = suspensionWritten;
