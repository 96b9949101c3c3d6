/** POST /contactForm: any signed-in user sends a message; it is stored with the sender. */
import { describe, expect, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { call, newAccount, newBusiness, stack } from '../support/api';

describe('POST /contactForm', () => {
  it('stores the message with the sender and answers 201', async () => {
    const biz = await newBusiness();
    const res = await call('POST', '/contactForm', {
      token: biz.token,
      body: { message: '  How do I upgrade my plan?  ' },
    });
    expect(res.status).toBe(201);
    const s = stack();
    const doc = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: s.dynamoEndpoint,
        region: s.region,
        credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
      }),
    );
    const { Item } = await doc.send(
      new GetCommand({ TableName: s.tableName, Key: { pk: `CONTACT#${res.body._id}`, sk: 'CONTACT' } }),
    );
    doc.destroy();
    expect(Item).toMatchObject({
      message: 'How do I upgrade my plan?',
      senderSub: biz.sub,
      senderEmail: biz.email,
      senderRole: 'business',
    });
  });

  it('works before the user has a profile, and refuses an empty or oversized message', async () => {
    const acc = await newAccount('client');
    expect((await call('POST', '/contactForm', { token: acc.idToken, body: { message: 'Hello' } })).status).toBe(201);
    for (const message of ['', '   ', 'x'.repeat(5001)]) {
      const res = await call('POST', '/contactForm', { token: acc.idToken, body: { message } });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('message');
    }
    expect((await call('POST', '/contactForm', { body: { message: 'Hello' } })).status).toBe(401);
  });
});
