/**
 * Verification requests of businesses (docs/access-patterns.md, "Verified businesses"): one item per business,
 * `BUSINESS#{id}` / `VERIFICATION`, on GSI1 `VERIFICATIONS#PENDING` / `{requestedAt}#{businessId}` only while it
 * waits, so the moderators' queue is one Query (oldest first) and a decision takes the item out of it. Approving
 * sets `verified` on the business record in the same transaction, moving its card's version (the badge is copied onto
 * its offers, ads and search entries: lambdas/model/copies.ts COPIES.businessCard).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { table } from './client';
import { keys } from '../model/keys';
import { getRecord, queryPage, type Page, type PageRequest } from './query';
import { transactWrite, type GuardedItem, conditionalWrite } from './transact';
import type { StoredVerification } from '../model/verifications';

/** The business's request, or undefined when it never asked. */
export const getVerification = (businessId: string, opts: { consistent?: boolean } = {}) =>
  getRecord<StoredVerification>(keys.verification(businessId), opts);

/**
 * Store a new pending request: allowed when the business has none, or when its request read as `previous`
 * was refused and has not changed since. False when the condition failed (a request arrived or was decided
 * meanwhile): read it again to say why.
 */
export async function putVerificationRequest(
  request: StoredVerification,
  previous: StoredVerification | undefined,
): Promise<boolean> {
  return conditionalWrite(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.verification(request.businessId),
        ...keys.pendingVerificationIndex(request.requestedAt, request.businessId),
        ...request,
      },
      ...(previous
        ? {
            ConditionExpression: '#status = :refused AND requestedAt = :seen',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':refused': 'refused', ':seen': previous.requestedAt },
          }
        : { ConditionExpression: 'attribute_not_exists(pk)' }),
    }),
  );
}

/** One page of the pending requests, oldest first. */
export const listPendingVerifications = (page: PageRequest): Promise<Page<StoredVerification>> =>
  queryPage<StoredVerification>({ index: 'GSI1', partition: keys.pendingVerifications, oldestFirst: true }, page);

/**
 * Decide the pending request `current` (as just read): it leaves the queue with its decision; an approval sets
 * `verified` on the business in the same transaction. A request decided meanwhile is a 409 ALREADY_DECIDED.
 */
export async function decideVerification(
  current: StoredVerification,
  decision: { approve: boolean; reason?: string; moderatorSub: string; now: string },
): Promise<StoredVerification> {
  const next: StoredVerification = {
    ...current,
    status: decision.approve ? 'verified' : 'refused',
    decidedAt: decision.now,
    decidedBy: decision.moderatorSub,
    ...(decision.approve ? {} : { reason: decision.reason }),
  };
  if (decision.approve) delete next.reason;
  const items: GuardedItem[] = [
    {
      Update: {
        TableName: table(),
        Key: keys.verification(current.businessId),
        UpdateExpression: decision.approve
          ? 'SET #status = :status, decidedAt = :now, decidedBy = :by REMOVE reason, gsi1pk, gsi1sk'
          : 'SET #status = :status, decidedAt = :now, decidedBy = :by, reason = :reason REMOVE gsi1pk, gsi1sk',
        ConditionExpression: '#status = :pending AND requestedAt = :seen',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': next.status,
          ':now': decision.now,
          ':by': decision.moderatorSub,
          ':pending': 'pending',
          ':seen': current.requestedAt,
          ...(decision.approve ? {} : { ':reason': decision.reason }),
        },
      },
      onConditionFailed: { message: 'This request has already been decided', code: 'ALREADY_DECIDED' },
    },
  ];
  if (decision.approve)
    items.push({
      Update: {
        TableName: table(),
        Key: keys.business(current.businessId),
        UpdateExpression: 'SET verified = :true ADD cardVersion :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':true': true, ':one': 1 },
      },
      onConditionFailed: { message: 'The business no longer exists', code: 'CONFLICT' },
    });
  await transactWrite(items);
  return next;
}
