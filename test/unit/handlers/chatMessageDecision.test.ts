/**
 * POST /moderation/reports/{id}/decision on a reported chat message, with a mocked table: when the chat database
 * cannot be reached, the moderator gets 503 with Retry-After and nothing is written to the table (the entry stays
 * open, so the retry can decide).
 */
import { generateKeyPairSync } from 'node:crypto';
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientCaller, invoke, useTestEnv } from '../../support/events';
import { keys } from '../../../lambdas/model/keys';
import { reportEntryId } from '../../../lambdas/domain/moderation';
import { chatMessageTargetId } from '../../../lambdas/model/moderation';
import { forgetServiceAccount } from '../../../lambdas/chat/serviceAccount';
import { handler as decideReportedItem } from '../../../lambdas/handlers/decideReportedItem';
import { ddbMock, givenItem, resetDb } from './fixtures';

beforeAll(useTestEnv);
beforeEach(resetDb);
afterEach(() => {
  delete process.env.FIREBASE_SERVICE_ACCOUNT;
  delete process.env.FIREBASE_DATABASE_URL;
  forgetServiceAccount();
});

const room = {
  _id: 'room-1',
  businessId: 'b1',
  clientId: 'u1',
  businessCognitoId: 'business-sub',
  clientCognitoId: 'client-sub',
  createdAt: '2026-11-01T10:00:00.000Z',
};
const targetId = chatMessageTargetId('room-1', '-Nmsg1');
const entryId = reportEntryId('chatMessage', targetId);

describe('hiding a reported chat message', () => {
  it('answers 503 and writes nothing to the table when the chat database cannot be reached', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    process.env.FIREBASE_SERVICE_ACCOUNT = JSON.stringify({
      type: 'service_account',
      project_id: 'demo-marketplace',
      client_email: 'chat@demo-marketplace.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      // Nothing listens there.
      token_uri: 'http://127.0.0.1:9/token',
    });
    process.env.FIREBASE_DATABASE_URL = 'http://127.0.0.1:9/?ns=demo-marketplace';
    givenItem(keys.reportedItem(entryId), {
      _id: entryId,
      kind: 'chatMessage',
      targetId,
      status: 'open',
      excerpt: 'Something rude',
      ownerSub: 'business-sub',
      reportCount: 1,
      reasons: { abusive: 1 },
      notes: [],
      firstReportedAt: '2026-11-20T10:00:00.000Z',
      lastReportedAt: '2026-11-20T10:00:00.000Z',
    });
    ddbMock.on(QueryCommand).resolves({ Items: [{ ...keys.room('b1', 'u1'), ...room }] });
    givenItem(keys.room('b1', 'u1'), room);

    const res = await invoke(decideReportedItem, {
      caller: clientCaller({ groups: ['moderator'] }),
      pathParameters: { id: entryId },
      body: { action: 'hide', reason: 'Insults' },
    });
    expect(res.status).toBe(503);
    expect(res.headers?.['retry-after'] ?? res.headers?.['Retry-After']).toBeTruthy();
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
