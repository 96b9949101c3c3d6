import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { S3Client } from '@aws-sdk/client-s3';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { DocumentClient } from '../../lambdas/data/client';
import { businessCaller, clientCaller, dataCalls, invoke, useTestEnv } from '../support/events';
import { cancelled } from '../support/dynamoErrors';
import { encodeCursor } from '../../lambdas/api/paging';
import { handler as createPost } from '../../lambdas/handlers/createPost';
import { handler as deletePost } from '../../lambdas/handlers/deletePost';
import { handler as getPost } from '../../lambdas/handlers/getPost';
import { handler as listUserPosts } from '../../lambdas/handlers/listUserPosts';

useTestEnv();
const ddb = mockClient(DocumentClient);
// Saving a post untags its uploads (test/unit/pendingUploads.test.ts checks those calls).
mockClient(S3Client);
beforeEach(() => ddb.reset());

const client = clientCaller({ sub: 'client-sub' });
const account = { Key: { pk: 'ACCOUNT#client-sub', sk: 'ACCOUNT' } };
const knownCategories = (...ids: string[]) =>
  ddb
    .on(BatchGetCommand)
    .resolves({ Responses: { 'test-table': ids.map((id) => ({ pk: 'CATEGORIES', sk: id, _id: id })) } });

describe('POST /post', () => {
  const valid = {
    userId: 'u1',
    title: ' Kitchen redo ',
    category: ['decor', 'painting'],
    location: 'Durrës',
    budget: '1500',
    content: 'Paint and tiles',
    images: ['uploads/client-sub/a.jpg', 'https://cdn.test/images/client-sub/b.png/1280.webp'],
  };

  it('writes the post and its open-index entries in one transaction, with the client name copied', async () => {
    ddb.on(GetCommand, account).resolves({ Item: { sub: 'client-sub', role: 'client', id: 'u1' } });
    ddb
      .on(GetCommand, { Key: { pk: 'USER#u1', sk: 'PROFILE' } })
      .resolves({ Item: { _id: 'u1', username: 'Ana Hoxha' } });
    knownCategories('decor', 'painting');
    ddb.on(TransactWriteCommand).resolves({});
    const res = await invoke(createPost, { caller: client, body: valid });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      userId: 'u1',
      title: 'Kitchen redo',
      budget: 1500,
      status: 'open',
      clientName: 'Ana Hoxha',
      location: 'Durrës',
      images: [
        'https://cdn.test/images/client-sub/a.jpg/1280.webp',
        'https://cdn.test/images/client-sub/b.png/1280.webp',
      ],
    });
    const items = ddb.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!;
    expect(items[0].Put!.Item).toMatchObject({
      pk: `POST#${res.body._id}`,
      gsi1pk: 'USERPOSTS#u1',
      images: ['uploads/client-sub/a.jpg', 'uploads/client-sub/b.png'],
    });
    expect(
      items
        .slice(1)
        .map((i) => i.Put!.Item!.pk)
        .sort(),
    ).toEqual([
      'OPEN',
      'OPEN#C#decor',
      'OPEN#C#decor#T#Durrës',
      'OPEN#C#painting',
      'OPEN#C#painting#T#Durrës',
      'OPEN#T#Durrës',
    ]);
  });

  it("refuses a userId that is not the caller's own (403), writing nothing", async () => {
    ddb.on(GetCommand, account).resolves({ Item: { sub: 'client-sub', role: 'client', id: 'u1' } });
    const res = await invoke(createPost, { caller: client, body: { ...valid, userId: 'u2' } });
    expect(res.status).toBe(403);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses a business (403) before reading anything', async () => {
    const res = await invoke(createPost, { caller: businessCaller(), body: valid });
    expect(res.status).toBe(403);
    expect(dataCalls(ddb)).toHaveLength(0);
  });

  it.each([
    [{ title: '  ' }, 'title'],
    [{ location: undefined }, 'location'],
    [{ location: 'Atlantis' }, 'location'],
    [{ budget: 'a lot' }, 'budget'],
    [{ budget: 12.5 }, 'budget'],
    [{ images: ['1', '2', '3', '4', '5', '6'].map((n) => `uploads/client-sub/${n}.png`) }, 'images'],
    [{ images: ['https://elsewhere.example/x.png'] }, 'images.0'],
    [{ images: ['uploads/client-sub/a.png', 'uploads/someone-else/b.png'] }, 'images.1'],
    [{ images: ['https://cdn.test/images/someone-else/b.png/1280.webp'] }, 'images.0'],
  ])('names the invalid field (%j -> %s)', async (change, field) => {
    const res = await invoke(createPost, { caller: client, body: { ...valid, ...change } });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(dataCalls(ddb)).toHaveLength(0);
  });

  it('refuses unknown category ids (400, field category)', async () => {
    ddb.on(GetCommand, account).resolves({ Item: { sub: 'client-sub', role: 'client', id: 'u1' } });
    knownCategories('decor');
    const res = await invoke(createPost, { caller: client, body: valid });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('UNKNOWN_CATEGORY');
    expect(res.body.errors).toEqual([
      { field: 'category', message: 'Unknown categories: painting', code: 'UNKNOWN_CATEGORY' },
    ]);
  });

  it('is 403 for a client without a user record yet', async () => {
    ddb.on(GetCommand).resolves({});
    // A new account: the account lookups read above are kept by the process (lambdas/data/accounts.ts).
    const newcomer = clientCaller({ sub: 'newcomer-sub' });
    expect((await invoke(createPost, { caller: newcomer, body: { ...valid, images: [] } })).status).toBe(403);
  });
});

const storedPost = {
  pk: 'POST#p1',
  sk: 'POST',
  _id: 'p1',
  userId: 'u1',
  title: 'T',
  images: ['uploads/a.png'],
  category: ['decor'],
  location: 'Tirana',
  budget: 100,
  createdAt: '2026-02-01T10:00:00.000Z',
  expiresAt: '2099-01-01T10:00:00.000Z',
  status: 'open',
};

/** The OFFERBY guards of post p1 (one per business, holding its offer id) as the Query answers them. */
const guards = (...offers: [offerId: string, businessId: string][]) => ({
  Items: offers.map(([offerId, businessId]) => ({
    pk: 'POST#p1',
    sk: `OFFERBY#${businessId}`,
    offerId,
    createdAt: '2026-02-01T11:00:00.000Z',
  })),
});

describe('DELETE /post/{id}', () => {
  it('deletes the post and its open entries, then its offers and their guards', async () => {
    ddb.on(GetCommand, { Key: { pk: 'POST#p1', sk: 'POST' } }).resolves({ Item: storedPost });
    ddb.on(GetCommand, account).resolves({ Item: { sub: 'client-sub', role: 'client', id: 'u1' } });
    ddb.on(QueryCommand).resolves(guards(['o1', 'b1'], ['o2', 'b2']));
    ddb.on(TransactWriteCommand).resolves({});
    const res = await invoke(deletePost, { caller: client, method: 'DELETE', pathParameters: { id: 'p1' } });
    expect(res.status).toBe(200);
    const [first, second] = ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!);
    expect(first[0].Delete).toMatchObject({
      Key: { pk: 'POST#p1', sk: 'POST' },
      ExpressionAttributeValues: { ':owner': 'u1' },
    });
    expect(
      first
        .slice(1)
        .map((i) => i.Delete!.Key!.pk)
        .sort(),
    ).toEqual(['OPEN', 'OPEN#C#decor', 'OPEN#C#decor#T#Tirana', 'OPEN#T#Tirana']);
    const described = (items: typeof second) =>
      items.map((i) =>
        i.Delete
          ? `delete ${i.Delete.Key!.pk} ${i.Delete.Key!.sk}${i.Delete.ConditionExpression ? ` if ${i.Delete.ConditionExpression}` : ''}`
          : `${i.Update!.Key!.pk} ${i.Update!.UpdateExpression} ${JSON.stringify(i.Update!.ExpressionAttributeNames)} ${i.Update!.ExpressionAttributeValues![':d']}`,
      );
    expect(described(second)).toEqual([
      'delete OFFER#o1 OFFER if attribute_exists(pk)',
      'delete POST#p1 OFFERBY#b1',
      'BUSINESS#b1 ADD #c :d {"#c":"offersCount"} -1',
      'delete OFFER#o2 OFFER if attribute_exists(pk)',
      'delete POST#p1 OFFERBY#b2',
      'BUSINESS#b2 ADD #c :d {"#c":"offersCount"} -1',
    ]);
    for (const item of second) expect(item).not.toHaveProperty('onConditionFailed');
    // The offers are found through their guards in the post's partition, read strongly consistent: an
    // offer created just before the delete cannot be missed, as it could on the offers' index.
    const query = ddb.commandCalls(QueryCommand)[0].args[0].input;
    expect(query).toMatchObject({
      ConsistentRead: true,
      ExpressionAttributeValues: { ':pk': 'POST#p1', ':guard': 'OFFERBY#' },
    });
    expect(query.IndexName).toBeUndefined();
  });

  it('an offer its business deleted meanwhile is left out (its count already moved) and the rest retried', async () => {
    ddb.on(GetCommand, { Key: { pk: 'POST#p1', sk: 'POST' } }).resolves({ Item: storedPost });
    ddb.on(GetCommand, account).resolves({ Item: { sub: 'client-sub', role: 'client', id: 'u1' } });
    ddb.on(QueryCommand).resolves(guards(['o1', 'b1'], ['o2', 'b2']));
    const gone = cancelled('None', 'None', 'None', 'ConditionalCheckFailed', 'None', 'None');
    ddb.on(TransactWriteCommand).resolvesOnce({}).rejectsOnce(gone).resolves({});
    expect((await invoke(deletePost, { caller: client, method: 'DELETE', pathParameters: { id: 'p1' } })).status).toBe(
      200,
    );
    const last = ddb
      .commandCalls(TransactWriteCommand)
      .map((c) => c.args[0].input.TransactItems!)
      .at(-1)!;
    expect(last.map((i) => (i.Delete ?? i.Update)!.Key!.pk)).toEqual(['OFFER#o1', 'POST#p1', 'BUSINESS#b1']);
  });

  it('splits many offers into transactions of at most 100 items', async () => {
    ddb.on(GetCommand, { Key: { pk: 'POST#p1', sk: 'POST' } }).resolves({ Item: storedPost });
    ddb.on(GetCommand, account).resolves({ Item: { sub: 'client-sub', role: 'client', id: 'u1' } });
    ddb
      .on(QueryCommand)
      .resolves(guards(...Array.from({ length: 120 }, (_, i): [string, string] => [`o${i}`, `b${i}`])));
    ddb.on(TransactWriteCommand).resolves({});
    expect((await invoke(deletePost, { caller: client, method: 'DELETE', pathParameters: { id: 'p1' } })).status).toBe(
      200,
    );
    const sizes = ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!.length);
    expect(sizes).toEqual([5, 99, 99, 99, 63]);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(100);
  });

  it('answers 409 when another request keeps changing the post (transaction conflict), 404 when it vanished', async () => {
    ddb.on(GetCommand, { Key: { pk: 'POST#p1', sk: 'POST' } }).resolves({ Item: storedPost });
    ddb.on(GetCommand, account).resolves({ Item: { sub: 'client-sub', role: 'client', id: 'u1' } });
    ddb.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
    expect((await invoke(deletePost, { caller: client, method: 'DELETE', pathParameters: { id: 'p1' } })).status).toBe(
      409,
    );
    ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed'));
    expect((await invoke(deletePost, { caller: client, method: 'DELETE', pathParameters: { id: 'p1' } })).status).toBe(
      404,
    );
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('answers 409 POST_HAS_ACCEPTED_OFFER for an accepted post, also when the acceptance came while deleting', async () => {
    ddb.on(GetCommand, account).resolves({ Item: { sub: 'client-sub', role: 'client', id: 'u1' } });
    ddb
      .on(GetCommand, { Key: { pk: 'POST#p1', sk: 'POST' } })
      .resolves({ Item: { ...storedPost, status: 'accepted', acceptedOfferId: 'o1' } });
    const refused = await invoke(deletePost, { caller: client, method: 'DELETE', pathParameters: { id: 'p1' } });
    expect([refused.status, refused.body.code]).toEqual([409, 'POST_HAS_ACCEPTED_OFFER']);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);

    // Read open, accepted before the delete's transaction: its condition fails and the post is read again.
    ddb.reset();
    ddb.on(GetCommand, account).resolves({ Item: { sub: 'client-sub', role: 'client', id: 'u1' } });
    ddb
      .on(GetCommand, { Key: { pk: 'POST#p1', sk: 'POST' } })
      .resolvesOnce({ Item: storedPost })
      .resolves({ Item: { ...storedPost, status: 'accepted', acceptedOfferId: 'o1' } });
    ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed'));
    const raced = await invoke(deletePost, { caller: client, method: 'DELETE', pathParameters: { id: 'p1' } });
    expect([raced.status, raced.body.code]).toEqual([409, 'POST_HAS_ACCEPTED_OFFER']);
    expect(
      ddb.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems![0].Delete!.ConditionExpression,
    ).toMatch(/#s <> :accepted/);
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('refuses another client (403) and writes nothing', async () => {
    ddb.on(GetCommand, { Key: { pk: 'POST#p1', sk: 'POST' } }).resolves({ Item: storedPost });
    ddb
      .on(GetCommand, { Key: { pk: 'ACCOUNT#other', sk: 'ACCOUNT' } })
      .resolves({ Item: { sub: 'other', role: 'client', id: 'u9' } });
    const res = await invoke(deletePost, {
      caller: clientCaller({ sub: 'other' }),
      method: 'DELETE',
      pathParameters: { id: 'p1' },
    });
    expect(res.status).toBe(403);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('is 404 for an unknown post, 403 for a business', async () => {
    ddb.on(GetCommand).resolves({});
    expect(
      (await invoke(deletePost, { caller: client, method: 'DELETE', pathParameters: { id: 'nope' } })).status,
    ).toBe(404);
    expect(
      (await invoke(deletePost, { caller: businessCaller(), method: 'DELETE', pathParameters: { id: 'p1' } })).status,
    ).toBe(403);
  });
});

describe('GET /post/{id} and /post/user/{userId}', () => {
  it('answers a post with CDN images and no storage keys; 404 when unknown', async () => {
    ddb.on(GetCommand).resolves({ Item: storedPost });
    const res = await invoke(getPost, { pathParameters: { id: 'p1' } });
    expect(res.body).toEqual({
      _id: 'p1',
      userId: 'u1',
      title: 'T',
      images: ['https://cdn.test/images/a.png/1280.webp'],
      category: ['decor'],
      location: 'Tirana',
      budget: 100,
      createdAt: storedPost.createdAt,
      status: 'open',
      expiresAt: storedPost.expiresAt,
    });
    ddb.on(GetCommand).resolves({});
    expect((await invoke(getPost, { pathParameters: { id: 'x' } })).status).toBe(404);
  });

  it("answers the client's name kept on the post, without reading the user", async () => {
    ddb
      .on(GetCommand, { Key: { pk: 'POST#p1', sk: 'POST' } })
      .resolves({ Item: { ...storedPost, clientName: 'Ana Hoxha' } });
    const res = await invoke(getPost, { pathParameters: { id: 'p1' } });
    expect(res.body.clientName).toBe('Ana Hoxha');
    const reads = ddb.commandCalls(GetCommand).map((c) => c.args[0].input.Key?.pk);
    expect(reads).not.toContain('USER#u1');
  });

  it('reads the owner of a hidden post only for a caller who is no moderator', async () => {
    const hidden = { ...storedPost, hidden: { reason: 'spam', at: '2026-02-02T00:00:00.000Z' } };
    ddb.on(GetCommand, { Key: { pk: 'POST#p1', sk: 'POST' } }).resolves({ Item: hidden });
    ddb
      .on(GetCommand, { Key: { pk: 'USER#u1', sk: 'PROFILE' } })
      .resolves({ Item: { _id: 'u1', cognitoId: 'owner-sub', username: 'Ana Hoxha' } });
    const userReads = () => ddb.commandCalls(GetCommand).filter((c) => c.args[0].input.Key?.pk === 'USER#u1').length;
    expect(
      (await invoke(getPost, { caller: clientCaller({ sub: 'owner-sub' }), pathParameters: { id: 'p1' } })).status,
    ).toBe(200);
    expect(
      (await invoke(getPost, { caller: clientCaller({ sub: 'other-sub' }), pathParameters: { id: 'p1' } })).status,
    ).toBe(404);
    expect(userReads()).toBe(2);
    const moderator = clientCaller({ sub: 'moderator-sub', groups: ['moderator'] });
    expect((await invoke(getPost, { caller: moderator, pathParameters: { id: 'p1' } })).status).toBe(200);
    expect(userReads()).toBe(2);
  });

  it("pages the client's posts newest first with the next cursor in a header", async () => {
    const lastKey = { pk: 'POST#p1', sk: 'POST', gsi1pk: 'USERPOSTS#u1', gsi1sk: '2026-02-01T10:00:00.000Z#p1' };
    ddb.on(QueryCommand).resolves({ Items: [storedPost], LastEvaluatedKey: lastKey });
    ddb.on(GetCommand).resolves({});
    const res = await invoke(listUserPosts, { pathParameters: { userId: 'u1' }, query: { limit: '1' } });
    expect(res.body).toHaveLength(1);
    // No hidden post on the page: the owner is not read.
    expect(ddb.commandCalls(GetCommand).map((c) => c.args[0].input.Key?.pk)).not.toContain('USER#u1');
    expect(res.headers['x-next-cursor']).toBe(encodeCursor(lastKey));
    expect(ddb.commandCalls(QueryCommand)[0].args[0].input).toMatchObject({
      IndexName: 'GSI1',
      ScanIndexForward: false,
      Limit: 1,
    });

    ddb.reset();
    ddb.on(QueryCommand).resolves({ Items: [] });
    await invoke(listUserPosts, { pathParameters: { userId: 'u1' }, query: { cursor: res.headers['x-next-cursor'] } });
    expect(ddb.commandCalls(QueryCommand)[0].args[0].input).toMatchObject({ ExclusiveStartKey: lastKey, Limit: 100 });
  });

  it.each([
    ['without its sort key', { gsi1pk: 'USERPOSTS#u1', pk: 'POST#p1', sk: 'POST' }],
    ['with a sort key that is no string', { gsi1pk: 'USERPOSTS#u1', gsi1sk: 5, pk: 'POST#p1', sk: 'POST' }],
    ['with an attribute no key has', { gsi1pk: 'USERPOSTS#u1', gsi1sk: 'x', pk: 'POST#p1', sk: 'POST', extra: 'x' }],
    ['with an empty key', { gsi1pk: 'USERPOSTS#u1', gsi1sk: '', pk: 'POST#p1', sk: 'POST' }],
  ])('refuses an edited cursor %s (400) without querying', async (_what, key) => {
    const res = await invoke(listUserPosts, {
      pathParameters: { userId: 'u1' },
      query: { cursor: encodeCursor(key)! },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('cursor');
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('answers 400 when DynamoDB refuses a well-formed cursor as a start key', async () => {
    ddb
      .on(QueryCommand)
      .rejects(Object.assign(new Error('The provided starting key is invalid'), { name: 'ValidationException' }));
    const cursor = encodeCursor({ gsi1pk: 'USERPOSTS#u1', gsi1sk: 'x', pk: 'POST#p9', sk: 'POST' })!;
    const res = await invoke(listUserPosts, { pathParameters: { userId: 'u1' }, query: { cursor } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('cursor');
    // Without a cursor the same error is the server's, not the caller's.
    expect((await invoke(listUserPosts, { pathParameters: { userId: 'u1' } })).status).toBe(500);
  });

  it('refuses a cursor of another list (400, field cursor)', async () => {
    const res = await invoke(listUserPosts, {
      pathParameters: { userId: 'u1' },
      query: { cursor: encodeCursor({ gsi1pk: 'USERPOSTS#u2' })! },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('cursor');
  });
});
