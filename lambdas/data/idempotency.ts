/**
 * Idempotency records of purchases: one item per caller and Idempotency-Key
 * (`IDEMPOTENCY#{sub}#{key}` / `IDEMPOTENCY`), claimed with a conditional write before the charge and
 * holding the answer once there is one. Expired by the table's TTL attribute.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys } from '../model/keys';
import { TTL_ATTRIBUTE } from '../model/schema';
import type { IdempotencyRecord, StoredAnswer } from '../model/idempotency';

const isConditionFailure = (err: unknown) => (err as { name?: string })?.name === 'ConditionalCheckFailedException';

/**
 * Claims the key for this request: true when it was free (or its earlier holder is taken as lost),
 * false when another request holds it or has answered.
 */
export async function claimIdempotencyKey(
  sub: string,
  key: string,
  requestHash: string,
  lockedUntil: number,
  expiresAt: number,
): Promise<boolean> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...keys.idempotency(sub, key),
          requestHash,
          state: 'IN_PROGRESS',
          lockedUntil,
          [TTL_ATTRIBUTE]: expiresAt,
        },
        ConditionExpression:
          'attribute_not_exists(pk) OR (#state = :inProgress AND lockedUntil < :now AND requestHash = :hash)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':inProgress': 'IN_PROGRESS', ':now': Date.now(), ':hash': requestHash },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export async function getIdempotencyRecord(sub: string, key: string): Promise<IdempotencyRecord | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: table(), Key: keys.idempotency(sub, key), ConsistentRead: true }),
  );
  return out.Item as IdempotencyRecord | undefined;
}

export async function saveIdempotentAnswer(sub: string, key: string, answer: StoredAnswer): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.idempotency(sub, key),
      UpdateExpression: 'SET #state = :done, answer = :answer',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':done': 'DONE', ':answer': answer },
    }),
  );
}

/** Frees the key after a failure that charged nothing final (a 5xx), so a retry runs again. */
export async function releaseIdempotencyKey(sub: string, key: string): Promise<void> {
  await ddb()
    .send(
      new DeleteCommand({
        TableName: table(),
        Key: keys.idempotency(sub, key),
        ConditionExpression: '#state = :inProgress',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':inProgress': 'IN_PROGRESS' },
      }),
    )
    .catch((err) => {
      if (!isConditionFailure(err)) throw err;
    });
}
