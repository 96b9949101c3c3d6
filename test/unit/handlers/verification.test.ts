/**
 * POST /moderation/verifications/{businessId}/decision with a mocked table: the decision is one transaction that
 * takes the request out of the queue on condition it is still the pending one read, and only an approval sets
 * `verified` on the business; a decision that lost a race is 409 ALREADY_DECIDED.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientCaller, invoke, useTestEnv } from '../../support/events';
import { keys } from '../../../lambdas/model/keys';
import { handler as decideVerification } from '../../../lambdas/handlers/decideVerification';
import { cancelled, ddbMock, givenItem, resetDb, transactions, writes } from './fixtures';

beforeAll(useTestEnv);
beforeEach(resetDb);

const moderator = () => clientCaller({ groups: ['moderator'] });
const pending = {
  businessId: 'b1',
  businessSub: 'owner-sub',
  nipt: 'L21718020A',
  document: 'uploads/owner-sub/doc.png',
  status: 'pending',
  requestedAt: '2026-11-20T10:00:00.000Z',
  ...keys.pendingVerificationIndex('2026-11-20T10:00:00.000Z', 'b1'),
};
const decide = (body: unknown, caller = moderator()) =>
  invoke(decideVerification, { caller, pathParameters: { businessId: 'b1' }, body });

describe('POST /moderation/verifications/{businessId}/decision', () => {
  it('approves in one transaction: the request leaves the queue and the business becomes verified', async () => {
    givenItem(keys.verification('b1'), pending);
    const res = await decide({ approve: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'verified', nipt: 'L21718020A' });
    expect(res.body.documentUrl).toBe('https://cdn.test/images/owner-sub/doc.png/1280.webp');
    const [items] = transactions();
    expect(items).toHaveLength(2);
    expect(items[0].Update).toMatchObject({
      Key: keys.verification('b1'),
      ConditionExpression: '#status = :pending AND requestedAt = :seen',
      ExpressionAttributeValues: { ':status': 'verified', ':seen': pending.requestedAt },
    });
    expect(items[0].Update?.UpdateExpression).toContain('REMOVE reason, gsi1pk, gsi1sk');
    // The badge moves the business's card version: its copies on offers, ads and search entries follow it.
    expect(items[1].Update).toMatchObject({
      Key: keys.business('b1'),
      UpdateExpression: 'SET verified = :true ADD cardVersion :one',
    });
  });

  it('refuses with the reason and leaves the business as it is', async () => {
    givenItem(keys.verification('b1'), pending);
    const res = await decide({ approve: false, reason: '  Not readable  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'refused', reason: 'Not readable' });
    const [items] = transactions();
    expect(items).toHaveLength(1);
    expect(items[0].Update?.ExpressionAttributeValues).toMatchObject({
      ':status': 'refused',
      ':reason': 'Not readable',
    });
  });

  it('answers 409 ALREADY_DECIDED when another moderator decided first', async () => {
    givenItem(keys.verification('b1'), pending);
    ddbMock.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    const res = await decide({ approve: true });
    expect([res.status, res.body.code]).toEqual([409, 'ALREADY_DECIDED']);
  });

  it('refuses a decided request, a missing one, a missing reason and a non-moderator without writing', async () => {
    givenItem(keys.verification('b1'), { ...pending, status: 'refused', reason: 'x' });
    expect((await decide({ approve: true })).body.code).toBe('ALREADY_DECIDED');
    resetDb();
    expect((await decide({ approve: true })).status).toBe(404);
    expect((await decide({ approve: false })).body).toMatchObject({
      code: 'FIELD_REQUIRED',
      errors: [{ field: 'reason', code: 'FIELD_REQUIRED' }],
    });
    expect((await decide({ approve: true }, clientCaller())).body.code).toBe('NOT_MODERATOR');
    givenItem(keys.verification('b1'), pending);
    expect((await decide({ approve: true }, clientCaller({ sub: 'owner-sub', groups: ['moderator'] }))).status).toBe(
      403,
    );
    expect(writes()).toEqual([]);
  });
});
