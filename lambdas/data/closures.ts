/**
 * Closed accounts (docs/privacy.md): deleting one's account closes it at once and erases it ERASURE_DELAY_DAYS later.
 * While it waits, one item `SUSPENSIONS` / `CLOSED#{sub}` (keys.accountClosure) holds what the closing and the
 * erasure need (the account's role and record, its email and language for the email that says the date), and its
 * record carries the mark `closed` (profiles answer 410, the public page 410, nobody is notified about it).
 *
 *  - The item sits in the partition of the accounts the API refuses, so the handler wrapper's one Query of it
 *    (lambdas/data/suspensions.ts) also refuses a closed account's tokens, except on its deletion routes.
 *  - Closing is one transaction: the item Put (condition: not there) and the record's mark (condition: the caller's
 *    own record, not closed yet). Cancelling is the reverse transaction. The erasure deletes the item last.
 *  - The erasure job reads them all (one Query of the prefix: only accounts closed in the last days are there).
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys, stripKeys } from '../model/keys';
import { getRecord } from './query';
import { conditionalWrite, transactWrite, type GuardedItem } from './transact';
import type { ClosedMark } from '../model/users';
import type { StoredClosure } from '../model/closures';

/** The account's closure, if it is closed (strongly consistent: right after closing or cancelling). */
export const getClosure = (sub: string) => getRecord<StoredClosure>(keys.accountClosure(sub), { consistent: true });

const profileKey = (c: Pick<StoredClosure, 'role' | 'profileId'>) =>
  c.role === 'business' ? keys.business(c.profileId) : keys.user(c.profileId);

const markOf = (c: StoredClosure): ClosedMark => ({ at: c.closedAt, eraseAfter: c.eraseAfter });

/**
 * The closure is still in force: its profile bears its mark (cancelling took the mark away). Strongly consistent: the
 * erasure job, which read its list of closures before a cancellation, asks before and after what it ends.
 */
export async function isStillClosing(closure: StoredClosure): Promise<boolean> {
  const profile = await getRecord<{ closed?: ClosedMark }>(profileKey(closure), { consistent: true });
  return profile?.closed?.at === closure.closedAt;
}

/** Closes the account: its closure item and its record's mark, in one transaction. */
export async function writeClosure(closure: StoredClosure): Promise<void> {
  const items: GuardedItem[] = [
    {
      Put: {
        TableName: table(),
        Item: { ...keys.accountClosure(closure.sub), ...closure },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
      onConditionFailed: { message: 'This account is closed already', code: 'ACCOUNT_CLOSED' },
    },
    {
      Update: {
        TableName: table(),
        Key: profileKey(closure),
        UpdateExpression: 'SET closed = :mark',
        ConditionExpression: 'attribute_exists(pk) AND cognitoId = :sub AND attribute_not_exists(closed)',
        ExpressionAttributeValues: { ':mark': markOf(closure), ':sub': closure.sub },
      },
      onConditionFailed: { message: 'Your profile changed at the same time. Try again.', code: 'CONCURRENT_CHANGE' },
    },
  ];
  await transactWrite(items);
}

/** Cancels the closure read as `closure`: the item goes and the record's mark with it (condition: still that closure). */
export async function removeClosure(closure: StoredClosure): Promise<void> {
  await transactWrite([
    {
      Delete: {
        TableName: table(),
        Key: keys.accountClosure(closure.sub),
        ConditionExpression: 'closedAt = :at',
        ExpressionAttributeValues: { ':at': closure.closedAt },
      },
      onConditionFailed: { message: 'This account is not waiting for its deletion', code: 'NOT_CLOSING' },
    },
    {
      Update: {
        TableName: table(),
        Key: profileKey(closure),
        UpdateExpression: 'REMOVE closed',
        ConditionExpression: 'attribute_exists(pk) AND cognitoId = :sub',
        ExpressionAttributeValues: { ':sub': closure.sub },
      },
      onConditionFailed: { message: 'Your profile changed at the same time. Try again.', code: 'CONCURRENT_CHANGE' },
    },
  ]);
}

/** Everything closing does is done (the job stops looking at it until its erasure). */
export async function markClosingDone(closure: StoredClosure, at: string): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.accountClosure(closure.sub),
      UpdateExpression: 'SET closingDoneAt = :at',
      ConditionExpression: 'closedAt = :closedAt',
      ExpressionAttributeValues: { ':at': at, ':closedAt': closure.closedAt },
    }),
  );
}

/** Every closed account waiting for its erasure (one Query of the prefix, every page). */
export async function listClosures(): Promise<StoredClosure[]> {
  const found: StoredClosure[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.suspensionsPartition, ':prefix': keys.closedAccountPrefix },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) found.push(stripKeys(item) as unknown as StoredClosure);
    start = out.LastEvaluatedKey;
  } while (start);
  return found;
}

/**
 * Claims the closure's email (condition: not claimed yet, or a claim older than a minute that never finished): a
 * stream record handed over twice sends it once. `settled` marks it sent; a failed send releases the claim.
 */
export async function claimClosureEmail(closure: StoredClosure, now: Date): Promise<boolean> {
  return conditionalWrite(
    new UpdateCommand({
      TableName: table(),
      Key: keys.accountClosure(closure.sub),
      UpdateExpression: 'SET emailState = :sending, emailClaimedAt = :now',
      ConditionExpression:
        'closedAt = :closedAt AND (attribute_not_exists(emailState) OR (emailState = :sending AND emailClaimedAt < :stale))',
      ExpressionAttributeValues: {
        ':sending': 'sending',
        ':now': now.toISOString(),
        ':stale': new Date(now.getTime() - 60_000).toISOString(),
        ':closedAt': closure.closedAt,
      },
    }),
  );
}

export async function settleClosureEmail(closure: StoredClosure, state: 'sent' | 'released'): Promise<void> {
  await conditionalWrite(
    new UpdateCommand({
      TableName: table(),
      Key: keys.accountClosure(closure.sub),
      UpdateExpression: state === 'sent' ? 'SET emailState = :sent' : 'REMOVE emailState, emailClaimedAt',
      ConditionExpression: 'closedAt = :closedAt',
      ExpressionAttributeValues: { ':closedAt': closure.closedAt, ...(state === 'sent' ? { ':sent': 'sent' } : {}) },
    }),
  );
}
