import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { S3Client } from '@aws-sdk/client-s3';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DocumentClient } from '../../lambdas/data/client';
import { businessCaller, clientCaller, invoke, useTestEnv } from '../support/events';
import { cancelled } from '../support/dynamoErrors';
import { handler as updateUser } from '../../lambdas/handlers/updateUser';
import { handler as updateBusiness } from '../../lambdas/handlers/updateBusiness';

useTestEnv();
const ddb = mockClient(DocumentClient);
// Saving a picture untags the upload (test/unit/pendingUploads.test.ts checks those calls).
mockClient(S3Client);
beforeEach(() => {
  ddb.reset();
  // A member's chat rooms and a client's posts, which an edit writes its copies onto: none unless a test gives some.
  ddb.on(QueryCommand).resolves({ Items: [] });
});

const owner = clientCaller({ sub: 'client-sub' });
const storedUser = {
  pk: 'USER#u1',
  sk: 'PROFILE',
  _id: 'u1',
  cognitoId: 'client-sub',
  username: 'Ana',
  email: 'a@x',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('PUT /user/{id}', () => {
  it('lets the owner change name, town and picture; ignores email, ids and lists', async () => {
    ddb.on(GetCommand).resolves({ Item: storedUser });
    // The client's posts, to carry the new name (none here; test/integration/clientNames.test.ts has them).
    ddb.on(QueryCommand).resolves({ Items: [] });
    ddb.on(UpdateCommand).callsFake((input) => ({
      Attributes: {
        ...storedUser,
        username: input.ExpressionAttributeValues[':v0'],
        location: 'Tirana',
        profilePicture: 'uploads/client-sub/me.png',
      },
    }));
    const res = await invoke(updateUser, {
      caller: owner,
      method: 'PUT',
      pathParameters: { id: 'u1' },
      body: {
        username: 'Ana H',
        location: 'Tirana',
        profilePicture: 'https://cdn.test/images/client-sub/me.png/1280.webp',
        email: 'evil@x',
        _id: 'u2',
        cognitoId: 'x',
        posts: ['p'],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: 'u1',
      username: 'Ana H',
      email: 'a@x',
      profilePicture: 'https://cdn.test/images/client-sub/me.png/1280.webp',
    });
    const input = ddb.commandCalls(UpdateCommand)[0].args[0].input;
    const setFields = Object.values(input.ExpressionAttributeNames!);
    expect(setFields).toEqual(['username', 'location', 'profilePicture', 'updatedAt', 'revision']);
    // Every update moves the record's revision, the version its copies on chat rooms carry.
    expect(input.UpdateExpression).toMatch(/ ADD #revision :one$/);
    // Stored as the key, not the address.
    expect(Object.values(input.ExpressionAttributeValues!)).toContain('uploads/client-sub/me.png');
    expect(input.ConditionExpression).toContain('cognitoId = :owner');
  });

  it('removes the picture when profilePicture is null', async () => {
    ddb.on(GetCommand).resolves({ Item: { ...storedUser, profilePicture: 'uploads/x.png' } });
    ddb.on(UpdateCommand).resolves({ Attributes: storedUser });
    const res = await invoke(updateUser, {
      caller: owner,
      method: 'PUT',
      pathParameters: { id: 'u1' },
      body: { profilePicture: null },
    });
    expect(res.status).toBe(200);
    expect(ddb.commandCalls(UpdateCommand)[0].args[0].input.UpdateExpression).toMatch(/REMOVE #f0/);
  });

  it('refuses another client (403) and writes nothing', async () => {
    ddb.on(GetCommand).resolves({ Item: storedUser });
    const res = await invoke(updateUser, {
      caller: clientCaller(),
      method: 'PUT',
      pathParameters: { id: 'u1' },
      body: { username: 'Mine now' },
    });
    expect(res.status).toBe(403);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('refuses a business token (403)', async () => {
    const res = await invoke(updateUser, {
      caller: businessCaller(),
      method: 'PUT',
      pathParameters: { id: 'u1' },
      body: { username: 'X' },
    });
    expect(res.status).toBe(403);
  });

  it('is 404 for an unknown user and 400 for a town outside the list or a foreign picture', async () => {
    ddb.on(GetCommand).resolves({});
    expect(
      (
        await invoke(updateUser, {
          caller: owner,
          method: 'PUT',
          pathParameters: { id: 'nope' },
          body: { username: 'X' },
        })
      ).status,
    ).toBe(404);
    const badTown = await invoke(updateUser, {
      caller: owner,
      method: 'PUT',
      pathParameters: { id: 'u1' },
      body: { location: 'Rome' },
    });
    expect(badTown.status).toBe(400);
    expect(badTown.body.errors[0].field).toBe('location');
    const foreign = await invoke(updateUser, {
      caller: owner,
      method: 'PUT',
      pathParameters: { id: 'u1' },
      body: { profilePicture: 'https://evil.example/x.png' },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors[0].field).toBe('profilePicture');
  });

  it('refuses a picture another user uploaded (400) and writes nothing', async () => {
    ddb.on(GetCommand).resolves({ Item: storedUser });
    for (const picture of ['uploads/other-sub/me.png', 'https://cdn.test/images/other-sub/me.png/1280.webp']) {
      const res = await invoke(updateUser, {
        caller: owner,
        method: 'PUT',
        pathParameters: { id: 'u1' },
        body: { profilePicture: picture },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'profilePicture', message: 'must be an image you uploaded', code: 'NOT_OWN_UPLOAD' },
      ]);
    }
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});

const bizOwner = businessCaller({ sub: 'biz-sub' });
const storedBusiness = {
  pk: 'BUSINESS#b1',
  sk: 'PROFILE',
  _id: 'b1',
  cognitoId: 'biz-sub',
  businessName: 'Old Name',
  email: 'b@x',
  location: 'Tirana',
  categories: [],
  showroom: [],
  plan: 'basic',
  createdAt: '2026-01-01T00:00:00.000Z',
  nameTokens: ['old', 'name'],
  slug: 'old-name',
};

describe('PUT /business/{id}', () => {
  it('accepts a body of only {showroom} (CDN addresses or keys, stored as keys) without touching the name tokens', async () => {
    ddb.on(GetCommand).resolves({ Item: storedBusiness });
    ddb.on(TransactWriteCommand).resolves({});
    const res = await invoke(updateBusiness, {
      caller: bizOwner,
      method: 'PUT',
      pathParameters: { id: 'b1' },
      body: { showroom: ['https://cdn.test/images/biz-sub/a.png/1280.webp', 'uploads/biz-sub/b.png'] },
    });
    expect(res.status).toBe(200);
    expect(res.body.showroom).toEqual([
      'https://cdn.test/images/biz-sub/a.png/1280.webp',
      'https://cdn.test/images/biz-sub/b.png/1280.webp',
    ]);
    const items = ddb.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!;
    expect(items).toHaveLength(1);
    expect(Object.values(items[0].Update!.ExpressionAttributeValues!)).toContainEqual([
      'uploads/biz-sub/a.png',
      'uploads/biz-sub/b.png',
    ]);
  });

  it('renaming rewrites the tokens: old ones deleted, new ones put, in the same transaction', async () => {
    ddb.on(GetCommand).resolves({ Item: storedBusiness });
    ddb.on(TransactWriteCommand).resolves({});
    const res = await invoke(updateBusiness, {
      caller: bizOwner,
      method: 'PUT',
      pathParameters: { id: 'b1' },
      body: { businessName: 'New Name', plan: 'premium', offersCount: 99 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ businessName: 'New Name', plan: 'basic' });
    const items = ddb.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!;
    expect(Object.values(items[0].Update!.ExpressionAttributeNames!)).not.toContain('plan');
    expect(items.filter((i) => i.Delete).map((i) => i.Delete!.Key!.sk)).toEqual(['NAMETOKEN#old']);
    expect(items.filter((i) => i.Put).map((i) => i.Put!.Item!.sk)).toEqual([
      'SLUG',
      'NAMETOKEN#new',
      'NAMETOKEN#name',
      'b1',
    ]);
    // The new name's address, free or already this business's; the old one stays (it answers 301).
    const slugPut = items.find((i) => i.Put?.Item?.sk === 'SLUG')!.Put!;
    expect(slugPut.Item).toMatchObject({ pk: 'SLUG#new-name', businessId: 'b1' });
    expect(slugPut.ConditionExpression).toBe('attribute_not_exists(pk) OR businessId = :id');
    expect(res.body.slug).toBe('new-name');
    expect(items.some((i) => i.Delete?.Key?.pk === 'SLUG#old-name')).toBe(false);
  });

  it('refuses another business (403), unknown categories (400) and an unknown id (404)', async () => {
    ddb.on(GetCommand).resolves({ Item: storedBusiness });
    expect(
      (
        await invoke(updateBusiness, {
          caller: businessCaller(),
          method: 'PUT',
          pathParameters: { id: 'b1' },
          body: { showroom: [] },
        })
      ).status,
    ).toBe(403);
    ddb.on(BatchGetCommand).resolves({ Responses: { 'test-table': [] } });
    const bad = await invoke(updateBusiness, {
      caller: bizOwner,
      method: 'PUT',
      pathParameters: { id: 'b1' },
      body: { categories: ['nope'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('categories');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    ddb.on(GetCommand).resolves({});
    expect(
      (
        await invoke(updateBusiness, {
          caller: bizOwner,
          method: 'PUT',
          pathParameters: { id: 'zz' },
          body: { showroom: [] },
        })
      ).status,
    ).toBe(404);
  });

  it('refuses showroom images and a picture another user uploaded (400, each field named) and writes nothing', async () => {
    ddb.on(GetCommand).resolves({ Item: storedBusiness });
    const res = await invoke(updateBusiness, {
      caller: bizOwner,
      method: 'PUT',
      pathParameters: { id: 'b1' },
      body: {
        profilePicture: 'uploads/other-sub/logo.png',
        showroom: ['uploads/biz-sub/a.png', 'https://cdn.test/images/other-sub/b.png/1280.webp'],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['profilePicture', 'showroom.1']);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('answers 409 when the profile changed between read and write', async () => {
    ddb.on(GetCommand).resolves({ Item: storedBusiness });
    ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed'));
    const res = await invoke(updateBusiness, {
      caller: bizOwner,
      method: 'PUT',
      pathParameters: { id: 'b1' },
      body: { description: 'Hi' },
    });
    expect(res.status).toBe(409);
  });
});
