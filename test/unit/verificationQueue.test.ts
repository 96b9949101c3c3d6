/**
 * The moderators' verification queue (GET /moderation/verifications) answers each request with its business's name
 * and town from the copy on the request: one Query per page, no read of the businesses.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DocumentClient } from '../../lambdas/data/client';
import { clientCaller, dataCalls, invoke, useTestEnv } from '../support/events';
import { handler as listPendingVerifications } from '../../lambdas/handlers/listPendingVerifications';

useTestEnv();
const ddb = mockClient(DocumentClient);
beforeEach(() => ddb.reset());

const moderator = clientCaller({ groups: ['moderator'] });
const request = (businessId: string, copy: { businessName: string; location: string }) => ({
  pk: `BUSINESS#${businessId}`,
  sk: 'VERIFICATION',
  businessId,
  businessSub: `sub-${businessId}`,
  nipt: 'L21718020A',
  document: `uploads/sub-${businessId}/doc.png`,
  status: 'pending',
  requestedAt: `2026-11-2${businessId.length}T10:00:00.000Z`,
  ...copy,
  profileVersion: '2026-11-01T00:00:00.000Z',
});

describe('GET /moderation/verifications', () => {
  it('answers a page of requests carrying their copy from its one Query', async () => {
    ddb.on(QueryCommand).resolves({
      Items: [
        request('b1', { businessName: 'Casa Bella', location: 'Tiranë' }),
        request('b22', { businessName: 'Druri', location: 'Durrës' }),
      ],
    });
    const res = await invoke(listPendingVerifications, { caller: moderator });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.map((e: { businessName: string; location: string }) => [e.businessName, e.location])).toEqual([
      ['Casa Bella', 'Tiranë'],
      ['Druri', 'Durrës'],
    ]);
    expect(dataCalls(ddb)).toHaveLength(1);
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(0);
  });
});
