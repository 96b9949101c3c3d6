import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DocumentClient } from '../../lambdas/data/client';
import { SERVICE_NAMES } from '../../common/constants';
import { businessCaller, clientCaller, dataCalls, invoke, useTestEnv } from '../support/events';
import { seedCategories } from '../../lambdas/data/categories';
import { handler as listCategories } from '../../lambdas/handlers/listCategories';
import { handler as createContactMessage } from '../../lambdas/handlers/createContactMessage';
import { handler as createUploadUrl } from '../../lambdas/handlers/createUploadUrl';

useTestEnv();
const ddb = mockClient(DocumentClient);
beforeEach(() => ddb.reset());

describe('categories', () => {
  it('seeds the nine services with the same slug ids every time', async () => {
    ddb.on(PutCommand).resolves({});
    const first = await seedCategories();
    const again = await seedCategories();
    expect(first).toEqual(again);
    expect(first.map((c) => c.name)).toEqual([...SERVICE_NAMES]);
    expect(first[0]).toEqual({ _id: 'interior-design', name: 'Interior Design' });
    expect(ddb.commandCalls(PutCommand)[0].args[0].input.Item).toMatchObject({
      pk: 'CATEGORIES',
      sk: 'interior-design',
    });
  });

  it("GET /category/all answers {_id, name} in the services' order", async () => {
    ddb.on(QueryCommand).resolves({
      Items: [
        { pk: 'CATEGORIES', sk: 'decor', _id: 'decor', name: 'Decor', order: 1 },
        { pk: 'CATEGORIES', sk: 'interior-design', _id: 'interior-design', name: 'Interior Design', order: 0 },
      ],
    });
    const res = await invoke(listCategories, { caller: businessCaller() });
    expect(res.body).toEqual([
      { _id: 'interior-design', name: 'Interior Design' },
      { _id: 'decor', name: 'Decor' },
    ]);
    expect(dataCalls(ddb).map((c) => (c.args[0] as QueryCommand).input.ExpressionAttributeValues)).toEqual([
      { ':pk': 'CATEGORIES' },
    ]);
  });

  it('needs a signed-in user (401)', async () => {
    expect((await invoke(listCategories, { caller: null })).status).toBe(401);
  });
});

describe('POST /contactForm', () => {
  it('stores the trimmed message with the sender and answers 201', async () => {
    ddb.on(PutCommand).resolves({});
    const caller = businessCaller({ sub: 'biz', email: 'shop@example.com' });
    const res = await invoke(createContactMessage, { caller, body: { message: '  Hello there  ' } });
    expect(res.status).toBe(201);
    expect(ddb.commandCalls(PutCommand)[0].args[0].input.Item).toMatchObject({
      pk: `CONTACT#${res.body._id}`,
      message: 'Hello there',
      senderSub: 'biz',
      senderEmail: 'shop@example.com',
      senderRole: 'business',
    });
  });

  it.each([[{}], [{ message: '   ' }], [{ message: 'x'.repeat(5001) }]])(
    'refuses %j (400, field message)',
    async (body) => {
      const res = await invoke(createContactMessage, { caller: clientCaller(), body });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('message');
      expect(ddb.calls()).toHaveLength(0);
    },
  );

  it('refuses a token whose nickname is neither client nor business (403)', async () => {
    const res = await invoke(createContactMessage, {
      caller: { sub: 's', nickname: 'admin' },
      body: { message: 'hi' },
    });
    expect(res.status).toBe(403);
  });
});

describe('POST /generatePresignedURL', () => {
  it("presigns a PUT under the caller's prefix with type and length signed, 5 minutes, no checksum", async () => {
    const caller = clientCaller({ sub: 'sub-123' });
    const res = await invoke(createUploadUrl, {
      caller,
      body: { fileName: 'room.PNG', contentType: 'image/png', contentLength: 2048 },
    });
    expect(res.status).toBe(200);
    expect(res.body.key).toMatch(/^uploads\/sub-123\/[0-9a-f-]{36}\.png$/);
    expect(res.body).toMatchObject({ method: 'PUT', headers: { 'content-type': 'image/png' } });
    const url = new URL(res.body.url);
    expect(url.pathname).toContain(res.body.key);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-SignedHeaders')!.split(';')).toEqual(
      expect.arrayContaining(['content-length', 'content-type', 'host']),
    );
    expect([...url.searchParams.keys()].filter((k) => /checksum/i.test(k))).toEqual([]);
  });

  it.each([
    [{ contentType: 'image/gif', contentLength: 10 }, 'contentType'],
    [{ contentType: 'application/pdf', contentLength: 10 }, 'contentType'],
    [{ contentType: 'image/jpeg', contentLength: 5 * 1024 * 1024 + 1 }, 'contentLength'],
    [{ contentType: 'image/jpeg', contentLength: 0 }, 'contentLength'],
    [{ contentType: 'image/jpeg' }, 'contentLength'],
  ])('refuses %j (400, field %s)', async (body, field) => {
    const res = await invoke(createUploadUrl, { caller: clientCaller(), body: { fileName: 'f', ...body } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe(field);
  });

  it('needs a signed-in user (401)', async () => {
    expect(
      (await invoke(createUploadUrl, { caller: null, body: { contentType: 'image/png', contentLength: 1 } })).status,
    ).toBe(401);
  });
});
