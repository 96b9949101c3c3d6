/**
 * Client users and businesses as stored (patterns 1 and 2 of docs/access-patterns.md). Records are
 * returned raw (keys stripped); lambdas/domain/profiles.ts turns them into API answers.
 */
import { copySourceWritten } from './copies';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { StoredBusiness, StoredUser } from '../model/users';
import { ddb, table } from './client';
import { keys, stripKeys } from '../model/keys';
import { accountPut } from './accounts';
import { startNotificationState } from './notifications';
import { getRecord } from './query';
import { transact, TransactionRefused } from './transact';

export const getUserById = (id: string, opts: { consistent?: boolean } = {}) =>
  getRecord<StoredUser>(keys.user(id), opts);
export const getBusinessById = (id: string, opts: { consistent?: boolean } = {}) =>
  getRecord<StoredBusiness>(keys.business(id), opts);

/**
 * Create the caller's client record together with its `ACCOUNT#{sub}` lookup. Returns false when the
 * Cognito user already has a record (the lookup's condition failed).
 */
export async function createUserRecord(user: StoredUser): Promise<boolean> {
  try {
    await transact([
      accountPut({ sub: user.cognitoId, role: 'client', id: user._id }, user.createdAt),
      {
        Put: {
          TableName: table(),
          Item: { ...keys.user(user._id), ...user },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      startNotificationState(user.cognitoId),
    ]);
    return true;
  } catch (err) {
    if (err instanceof TransactionRefused && (err.conditionFailed(0) || err.conflict)) return false;
    throw err;
  }
}

export type UserChanges = Partial<Pick<StoredUser, 'username' | 'location' | 'profilePicture' | 'language'>>;

/**
 * Apply changes to a client record owned by `ownerSub` (condition: the record still belongs to
 * it). A field set to undefined in `changes` with the key present is removed; its `revision` (the version its
 * copies carry) moves by one. Returns the record as written; the copies whose projection moved follow
 * (lambdas/data/copies.ts).
 */
export async function updateUserRecord(
  id: string,
  ownerSub: string,
  changes: UserChanges,
  now: string,
): Promise<StoredUser | undefined> {
  const update = buildUpdate({ ...changes, updatedAt: now });
  try {
    const out = await ddb().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.user(id),
        UpdateExpression: `${update.expression} ADD #revision :one`,
        ConditionExpression: 'attribute_exists(pk) AND cognitoId = :owner',
        ExpressionAttributeNames: { ...update.names, '#revision': 'revision' },
        ExpressionAttributeValues: { ...update.values, ':owner': ownerSub, ':one': 1 },
        ReturnValues: 'ALL_OLD',
      }),
    );
    if (!out.Attributes) return undefined;
    const before = stripKeys(out.Attributes) as StoredUser;
    const after: StoredUser = { ...before, updatedAt: now, revision: (before.revision ?? 0) + 1 };
    for (const [field, value] of Object.entries(changes)) {
      if (value === undefined) delete (after as unknown as Record<string, unknown>)[field];
      else (after as unknown as Record<string, unknown>)[field] = value;
    }
    copySourceWritten('user', before, after);
    return after;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return undefined;
    throw err;
  }
}

/** SET the defined fields, REMOVE the ones present with value undefined. */
export function buildUpdate(fields: Record<string, unknown>) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const set: string[] = [];
  const remove: string[] = [];
  Object.entries(fields).forEach(([name, value], i) => {
    names[`#f${i}`] = name;
    if (value === undefined) remove.push(`#f${i}`);
    else {
      values[`:v${i}`] = value;
      set.push(`#f${i} = :v${i}`);
    }
  });
  const expression = [set.length ? `SET ${set.join(', ')}` : '', remove.length ? `REMOVE ${remove.join(', ')}` : '']
    .filter(Boolean)
    .join(' ');
  return { expression, names, values };
}
