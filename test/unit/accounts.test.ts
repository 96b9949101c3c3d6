import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { DocumentClient } from '../../lambdas/data/client';
import { businessCaller, clientCaller, dataCalls, invoke, useTestEnv } from '../support/events';
import { cancelled } from '../support/dynamoErrors';
import { handler as createUser } from '../../lambdas/handlers/createUser';
import { handler as createBusiness } from '../../lambdas/handlers/createBusiness';
import { handler as getUserByCognito } from '../../lambdas/handlers/getUserByCognito';
import { handler as getBusinessByCognito } from '../../lambdas/handlers/getBusinessByCognito';
import { handler as getUser } from '../../lambdas/handlers/getUser';
import { handler as getBusiness } from '../../lambdas/handlers/getBusiness';

useTestEnv();
const ddb = mockClient(DocumentClient);
beforeEach(() => ddb.reset());

describe('POST /user', () => {
  it("creates the caller's record with its account lookup in one conditional transaction", async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const caller = clientCaller({ email: 'ana@example.com' });
    const res = await invoke(createUser, {
      caller,
      body: { cognitoId: caller.sub, username: ' Ana Hoxha ', email: 'other@example.com' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ cognitoId: caller.sub, username: 'Ana Hoxha', email: 'ana@example.com' });
    expect(res.body._id).toMatch(/^[0-9a-f-]{36}$/);
    const items = ddb.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!;
    expect(items[0].Put).toMatchObject({
      Item: { pk: `ACCOUNT#${caller.sub}`, role: 'client', id: res.body._id },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(items[1].Put!.Item).toMatchObject({ pk: `USER#${res.body._id}`, sk: 'PROFILE' });
    // The user's notification state starts with the record (nothing unread; one that is there is left alone).
    expect(items[2].Update).toMatchObject({
      Key: { pk: `NOTIFS#${caller.sub}`, sk: '~STATE' },
      UpdateExpression: 'SET unread = if_not_exists(unread, :zero)',
    });
  });

  it('answers 409 for a second create of the same account', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    const caller = clientCaller();
    const res = await invoke(createUser, { caller, body: { cognitoId: caller.sub, username: 'Ana' } });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already has a profile/);
  });

  it("refuses a cognitoId other than the token's sub (403) and writes nothing", async () => {
    const res = await invoke(createUser, {
      caller: clientCaller(),
      body: { cognitoId: 'someone-else', username: 'Ana' },
    });
    expect(res.status).toBe(403);
    expect(dataCalls(ddb)).toHaveLength(0);
  });

  it('refuses a business token (403)', async () => {
    const caller = businessCaller();
    const res = await invoke(createUser, { caller, body: { cognitoId: caller.sub, username: 'Ana' } });
    expect(res.status).toBe(403);
    expect(dataCalls(ddb)).toHaveLength(0);
  });

  it('names the missing field (400)', async () => {
    const caller = clientCaller();
    const res = await invoke(createUser, { caller, body: { cognitoId: caller.sub } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'username' }));
  });

  it('answers 401 without claims', async () => {
    const res = await invoke(createUser, { caller: null, body: { cognitoId: 'x', username: 'Ana' } });
    expect(res.status).toBe(401);
  });
});

describe('POST /business', () => {
  it('creates the business with its name tokens and the account lookup', async () => {
    ddb
      .on(BatchGetCommand)
      .resolves({ Responses: { 'test-table': [{ pk: 'CATEGORIES', sk: 'decor', _id: 'decor', name: 'Decor' }] } });
    ddb.on(TransactWriteCommand).resolves({});
    const caller = businessCaller({ email: 'shop@example.com' });
    const res = await invoke(createBusiness, {
      caller,
      body: { cognitoId: caller.sub, businessName: 'Casa Bella Korçë', location: 'Korçë', categories: ['decor'] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      businessName: 'Casa Bella Korçë',
      location: 'Korçë',
      categories: ['decor'],
      showroom: [],
      plan: 'basic',
    });
    const items = ddb.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!;
    expect(items[0].Put!.Item).toMatchObject({ pk: `ACCOUNT#${caller.sub}`, role: 'business' });
    const puts = items.map((i) => i.Put?.Item).filter((item) => item !== undefined);
    const tokens = puts.filter((item) => String(item.sk).startsWith('NAMETOKEN#'));
    expect(tokens.map((item) => item.sk)).toEqual(['NAMETOKEN#casa', 'NAMETOKEN#bella', 'NAMETOKEN#korce']);
    expect(tokens[0]).toMatchObject({ gsi1pk: 'BNAME#c', gsi1sk: `casa#${res.body._id}` });
    // Its public page's address (a unique slug from the folded name) and its directory entries.
    expect(puts).toContainEqual(expect.objectContaining({ pk: 'SLUG#casa-bella-korce', sk: 'SLUG' }));
    expect(puts).toContainEqual(expect.objectContaining({ pk: 'PUBLICBIZ', sk: res.body._id }));
    expect(puts).toContainEqual(expect.objectContaining({ pk: 'DIR#decor', sk: res.body._id }));
  });

  it('refuses a town outside the list (400, field location)', async () => {
    const caller = businessCaller();
    const res = await invoke(createBusiness, {
      caller,
      body: { cognitoId: caller.sub, businessName: 'X', location: 'Paris' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'location' }));
    expect(dataCalls(ddb)).toHaveLength(0);
  });

  it('refuses unknown categories (400, field categories)', async () => {
    ddb.on(BatchGetCommand).resolves({ Responses: { 'test-table': [] } });
    const caller = businessCaller();
    const res = await invoke(createBusiness, {
      caller,
      body: { cognitoId: caller.sub, businessName: 'X', location: 'Tirana', categories: ['nope'] },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'categories' }));
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses a client token (403) and another sub (403)', async () => {
    const client = clientCaller();
    expect(
      (
        await invoke(createBusiness, {
          caller: client,
          body: { cognitoId: client.sub, businessName: 'X', location: 'Tirana' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await invoke(createBusiness, {
          caller: businessCaller(),
          body: { cognitoId: 'other', businessName: 'X', location: 'Tirana' },
        })
      ).status,
    ).toBe(403);
    expect(dataCalls(ddb)).toHaveLength(0);
  });

  it('answers 409 when the account already has a record', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None', 'None'));
    const caller = businessCaller();
    const res = await invoke(createBusiness, {
      caller,
      body: { cognitoId: caller.sub, businessName: 'Shop', location: 'Tirana' },
    });
    expect(res.status).toBe(409);
  });
});

describe('profile reads', () => {
  const user = {
    pk: 'USER#u1',
    sk: 'PROFILE',
    _id: 'u1',
    cognitoId: 's1',
    username: 'Ana',
    email: 'a@x',
    profilePicture: 'uploads/s1/p.png',
    createdAt: '2026-01-01T00:00:00.000Z',
  };
  const business = {
    pk: 'BUSINESS#b1',
    sk: 'PROFILE',
    _id: 'b1',
    cognitoId: 's2',
    businessName: 'Shop',
    email: 'b@x',
    location: 'Tirana',
    categories: ['decor'],
    showroom: ['uploads/s2/1.png', 'uploads/s2/2.png'],
    plan: 'basic',
    createdAt: '2026-01-01T00:00:00.000Z',
  };

  it('GET /user/cognito/{sub} follows the account lookup to the record; images are CDN addresses', async () => {
    ddb
      .on(GetCommand, { Key: { pk: 'ACCOUNT#s1', sk: 'ACCOUNT' } })
      .resolves({ Item: { sub: 's1', role: 'client', id: 'u1' } });
    ddb.on(GetCommand, { Key: { pk: 'USER#u1', sk: 'PROFILE' } }).resolves({ Item: user });
    const res = await invoke(getUserByCognito, { caller: clientCaller({ sub: 's1' }), pathParameters: { sub: 's1' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      _id: 'u1',
      cognitoId: 's1',
      username: 'Ana',
      email: 'a@x',
      profilePicture: 'https://cdn.test/images/s1/p.png/1280.webp',
      createdAt: user.createdAt,
    });
  });

  it('GET /user/cognito/{sub} answers another caller the profile without the email', async () => {
    ddb
      .on(GetCommand, { Key: { pk: 'ACCOUNT#s1', sk: 'ACCOUNT' } })
      .resolves({ Item: { sub: 's1', role: 'client', id: 'u1' } });
    ddb.on(GetCommand, { Key: { pk: 'USER#u1', sk: 'PROFILE' } }).resolves({ Item: user });
    const res = await invoke(getUserByCognito, { caller: businessCaller(), pathParameters: { sub: 's1' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      _id: 'u1',
      cognitoId: 's1',
      username: 'Ana',
      profilePicture: 'https://cdn.test/images/s1/p.png/1280.webp',
      createdAt: user.createdAt,
    });
  });

  it('GET /business/cognito/{sub} answers email and plan only to the business itself', async () => {
    ddb
      .on(GetCommand, { Key: { pk: 'ACCOUNT#s2', sk: 'ACCOUNT' } })
      .resolves({ Item: { sub: 's2', role: 'business', id: 'b1' } });
    ddb
      .on(GetCommand, { Key: { pk: 'BUSINESS#b1', sk: 'PROFILE' } })
      .resolves({ Item: { ...business, plan: 'premium' } });
    const own = await invoke(getBusinessByCognito, {
      caller: businessCaller({ sub: 's2' }),
      pathParameters: { sub: 's2' },
    });
    expect(own.body).toMatchObject({ email: business.email, plan: 'premium' });
    const other = await invoke(getBusinessByCognito, { caller: clientCaller(), pathParameters: { sub: 's2' } });
    expect(other.body._id).toBe('b1');
    expect(other.body).not.toHaveProperty('email');
    expect(other.body).not.toHaveProperty('plan');
  });

  it('GET /user/cognito/{sub} is 404 for an unknown sub and for a business sub', async () => {
    ddb.on(GetCommand).resolves({});
    expect((await invoke(getUserByCognito, { pathParameters: { sub: 'nobody' } })).status).toBe(404);
    ddb
      .on(GetCommand, { Key: { pk: 'ACCOUNT#s2', sk: 'ACCOUNT' } })
      .resolves({ Item: { sub: 's2', role: 'business', id: 'b1' } });
    expect((await invoke(getUserByCognito, { pathParameters: { sub: 's2' } })).status).toBe(404);
  });

  it('GET /business/cognito/{sub} answers the business with its _id', async () => {
    ddb
      .on(GetCommand, { Key: { pk: 'ACCOUNT#s2', sk: 'ACCOUNT' } })
      .resolves({ Item: { sub: 's2', role: 'business', id: 'b1' } });
    ddb.on(GetCommand, { Key: { pk: 'BUSINESS#b1', sk: 'PROFILE' } }).resolves({ Item: business });
    const res = await invoke(getBusinessByCognito, { pathParameters: { sub: 's2' } });
    expect(res.body._id).toBe('b1');
    expect(res.body.showroom).toEqual([
      'https://cdn.test/images/s2/1.png/1280.webp',
      'https://cdn.test/images/s2/2.png/1280.webp',
    ]);
  });

  it('GET /user/{id} is 404 for an unknown id', async () => {
    ddb.on(GetCommand).resolves({});
    const res = await invoke(getUser, { pathParameters: { id: 'missing' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'User not found', code: 'NOT_FOUND' });
  });

  it('GET /business/{id} answers the counters stored on the record, without counting (one GetItem)', async () => {
    ddb.on(GetCommand).resolves({ Item: { ...business, offersCount: 4, finishedJobsCount: 2 } });
    const res = await invoke(getBusiness, { pathParameters: { id: 'b1' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: 'b1', offersCount: 4, postsCount: 4, finishedJobsCount: 2 });
    expect(res.body).not.toHaveProperty('pk');
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
    expect(dataCalls(ddb)).toHaveLength(1);
  });

  it('GET /business/{id} answers 0 for counters never moved', async () => {
    ddb.on(GetCommand).resolves({ Item: business });
    const res = await invoke(getBusiness, { pathParameters: { id: 'b1' } });
    expect(res.body).toMatchObject({ offersCount: 0, postsCount: 0, finishedJobsCount: 0 });
  });

  it('GET /business/{id} is 404 for an unknown id', async () => {
    ddb.on(GetCommand).resolves({});
    expect((await invoke(getBusiness, { pathParameters: { id: 'nope' } })).status).toBe(404);
  });
});
