/**
 * A post's summary copied on its offers (docs/access-patterns.md, "A post's summary on its offers"), per handler with
 * a mocked table: a business's offers answer each post's summary from the copies with one Query and no read of the
 * posts; a post's offers check their owner from the copies with no read of the post (it is read only when the page
 * cannot tell); an offer copies its post when made, on condition the post has not changed since; a change of the
 * post refreshes the copies on its offers, forward only.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { marshall } from '@aws-sdk/util-dynamodb';
import { businessCaller, clientCaller, dataCalls, invoke, useTestEnv } from '../../support/events';
import { keys } from '../../../lambdas/model/keys';
import type { StoredPost } from '../../../lambdas/model/posts';
import { type StoredOffer } from '../../../lambdas/model/offers';
import { postCopyOf } from '../../../lambdas/model/copies';
import { handler as createOffer } from '../../../lambdas/handlers/createOffer';
import { handler as updateOfferStatus } from '../../../lambdas/handlers/updateOfferStatus';
import { handler as listPostOffers } from '../../../lambdas/handlers/listPostOffers';
import { handler as listBusinessOffers } from '../../../lambdas/handlers/listBusinessOffers';
import { copyChangeOf } from '../../../lambdas/notify/copies';

const postSummaryChangeOf = (r: DynamoDBRecord) => copyChangeOf('postSummary', r);
import { ddbMock, givenAccount, givenBusiness, givenOffer, givenPost, resetDb, transactions } from './fixtures';

beforeAll(useTestEnv);
beforeEach(resetDb);

const offerOf = (post: StoredPost, over: Partial<StoredOffer> = {}): StoredOffer =>
  givenOffer({
    postId: post._id,
    price: 90,
    message: 'Hi',
    createdAt: '2026-11-03T00:00:00.000Z',
    post: postCopyOf(post),
    ...over,
  });
const asItems = (offers: StoredOffer[]) => offers.map((o) => ({ ...keys.offer(o._id), ...keys.offerIndexes(o), ...o }));

/** The page Query of a post's offers (GSI1) answers `offers`. */
const givenPostOffers = (postId: string, offers: StoredOffer[]) =>
  ddbMock
    .on(QueryCommand, { IndexName: 'GSI1', ExpressionAttributeValues: { ':pk': `POSTOFFERS#${postId}` } })
    .resolves({ Items: asItems(offers) });

/** The table calls of the request but the caller's account lookup (read once per process). */
const requestCalls = (caller: { sub: string }) =>
  dataCalls(ddbMock).filter((c) => {
    const input = (c.args[0] as { input?: { Key?: { pk?: string } } }).input;
    return input?.Key?.pk !== keys.account(caller.sub).pk;
  });
const callNames = (caller: { sub: string }) => requestCalls(caller).map((c) => (c.args[0] as object).constructor.name);

describe('GET /business/offers/{id}: each post’s summary from its copy', () => {
  const business = businessCaller();
  const businessId = randomUUID();
  beforeEach(() => givenAccount(business, businessId));

  it('answers from its one Query: no read of the posts; a hidden or deleted post shows no summary', async () => {
    const open = { ...givenPost(), status: 'accepted' as const };
    const hidden = givenPost({ hidden: { reason: 'spam', at: '2026-11-04T00:00:00.000Z' } });
    const offers = [
      offerOf(open, { businessId }),
      offerOf(hidden, { businessId }),
      offerOf(open, { businessId, _id: randomUUID(), postId: randomUUID(), post: { _id: 'x', gone: true } }),
    ];
    ddbMock.on(QueryCommand).resolves({ Items: asItems(offers) });
    const res = await invoke(listBusinessOffers, { caller: business, pathParameters: { id: businessId } });
    expect(res.status).toBe(200);
    expect(res.body[0].post).toEqual({
      _id: open._id,
      title: open.title,
      location: 'Tirana',
      category: ['painting'],
      status: 'accepted',
      images: ['https://cdn.test/images/u1/a.jpg/1280.webp', 'https://cdn.test/images/u1/b.jpg/1280.webp'],
    });
    expect(res.body[1]).not.toHaveProperty('post');
    expect(res.body[2]).not.toHaveProperty('post');
    // The copy's owner, version and mark are never answered.
    expect(JSON.stringify(res.body)).not.toContain(open.userId);
    expect(callNames(business)).toEqual(['QueryCommand']);
  });
});

describe('GET /getPostOffers/{postId}: the owner checked from the offers’ copies', () => {
  const owner = clientCaller();
  const ownerId = randomUUID();
  beforeEach(() => givenAccount(owner, ownerId));

  it('answers the owner from its one Query: no read of the post or the businesses', async () => {
    const post = givenPost({ userId: ownerId });
    const business = givenBusiness();
    givenPostOffers(post._id, [offerOf(post, { businessId: business._id })]);
    const res = await invoke(listPostOffers, { caller: owner, pathParameters: { postId: post._id } });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).not.toHaveProperty('post');
    const postReads = requestCalls(owner).filter(
      (c) => (c.args[0] as GetCommand).input?.Key?.pk === keys.post(post._id).pk,
    );
    expect(postReads).toHaveLength(0);
    expect(callNames(owner)).toEqual(['QueryCommand']);
  });

  it('refuses another client (403) and answers 404 for a deleted post from the copies alone', async () => {
    const stranger = clientCaller();
    givenAccount(stranger, randomUUID());
    const post = givenPost({ userId: ownerId });
    givenPostOffers(post._id, [offerOf(post)]);
    const other = await invoke(listPostOffers, { caller: stranger, pathParameters: { postId: post._id } });
    expect(other.status).toBe(403);
    expect(callNames(stranger)).toEqual(['QueryCommand']);

    ddbMock.resetHistory();
    const deleted = randomUUID();
    givenPostOffers(deleted, [offerOf(post, { postId: deleted, post: { _id: deleted, gone: true } })]);
    const gone = await invoke(listPostOffers, { caller: owner, pathParameters: { postId: deleted } });
    expect(gone.status).toBe(404);
    expect(callNames(owner)).toEqual(['QueryCommand']);
  });

  it('reads the post when the page cannot tell: no offers (404, 403, [])', async () => {
    const stranger = clientCaller();
    givenAccount(stranger, randomUUID());
    const post = givenPost({ userId: ownerId });
    givenPostOffers(post._id, []);
    expect((await invoke(listPostOffers, { caller: owner, pathParameters: { postId: post._id } })).body).toEqual([]);
    expect(callNames(owner)).toEqual(['QueryCommand', 'GetCommand']);
    expect((await invoke(listPostOffers, { caller: stranger, pathParameters: { postId: post._id } })).status).toBe(403);
    const missing = randomUUID();
    givenPostOffers(missing, []);
    expect((await invoke(listPostOffers, { caller: owner, pathParameters: { postId: missing } })).status).toBe(404);
  });
});

describe('the copy written', () => {
  it('POST /offer copies the post, on condition the post has not changed since it was read', async () => {
    const business = businessCaller();
    const businessId = randomUUID();
    givenAccount(business, businessId);
    givenBusiness({ _id: businessId, cognitoId: business.sub });
    const post = givenPost({ summaryVersion: 3 });
    const res = await invoke(createOffer, {
      caller: business,
      body: { postId: post._id, businessId, price: 250, message: 'We can start Monday' },
    });
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('post');
    const [items] = transactions();
    expect(items[0].Put?.Item?.post).toEqual({
      v: 3,
      _id: post._id,
      title: post.title,
      images: post.images,
      location: 'Tirana',
      category: ['painting'],
      status: 'open',
      hidden: false,
      userId: post.userId,
    });
    const check = items.find((i) => i.ConditionCheck)!.ConditionCheck!;
    expect(check.ConditionExpression).toContain('summaryVersion = :copied');
    expect(check.ExpressionAttributeValues?.[':copied']).toBe(3);
  });

  it('PUT /offer/status accept moves the post’s version and refreshes every offer of the post, forward only', async () => {
    const owner = clientCaller();
    const ownerId = randomUUID();
    givenAccount(owner, ownerId);
    const post = givenPost({ userId: ownerId, summaryVersion: 1 });
    const offer = givenOffer({ postId: post._id });
    const other = randomUUID();
    // The post as the refresh reads it (strongly consistent), after the acceptance.
    ddbMock
      .on(GetCommand, { Key: keys.post(post._id), ConsistentRead: true })
      .resolves({ Item: { ...keys.post(post._id), ...post, status: 'accepted', summaryVersion: 2 } });
    ddbMock
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': keys.post(post._id).pk, ':prefix': 'OFFERBY#' } })
      .resolves({
        Items: [
          { ...keys.offerGuard(post._id, offer.businessId), offerId: offer._id },
          { ...keys.offerGuard(post._id, 'b2'), offerId: other },
        ],
      });
    ddbMock.on(UpdateCommand).resolves({});
    const res = await invoke(updateOfferStatus, {
      caller: owner,
      method: 'PUT',
      body: { offerId: offer._id, newStatus: 'accepted' },
    });
    expect(res.status).toBe(200);
    const [items] = transactions();
    expect(items[1].Update?.UpdateExpression).toContain(
      'summaryVersion = if_not_exists(summaryVersion, :summaryZero) + :summaryStep',
    );
    const updates = ddbMock.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(updates.map((u) => u.Key)).toEqual([keys.offer(offer._id), keys.offer(other)]);
    for (const u of updates) {
      expect(u.ExpressionAttributeValues?.[':copy']).toMatchObject({ v: 2, status: 'accepted', userId: ownerId });
      expect(u.ConditionExpression).toContain('#c.#v < :v');
      expect(u.ConditionExpression).toContain('attribute_exists(pk)');
    }
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('the stream hands over a post whose status, mark or version changed, or that was deleted; nothing else', () => {
    const post = { ...keys.post('p1'), _id: 'p1', status: 'open', summaryVersion: 1 };
    const record = (eventName: DynamoDBRecord['eventName'], old?: object, next?: object): DynamoDBRecord => ({
      eventName,
      dynamodb: {
        ...(old ? { OldImage: marshall(old) as never } : {}),
        ...(next ? { NewImage: marshall(next) as never } : {}),
      },
    });
    expect(postSummaryChangeOf(record('MODIFY', post, { ...post, status: 'closed', summaryVersion: 2 }))).toBe('p1');
    expect(postSummaryChangeOf(record('MODIFY', post, { ...post, hidden: { reason: 'x', at: 'y' } }))).toBe('p1');
    expect(postSummaryChangeOf(record('REMOVE', post))).toBe('p1');
    expect(postSummaryChangeOf(record('MODIFY', post, { ...post, clientName: 'Ana' }))).toBeUndefined();
    expect(postSummaryChangeOf(record('INSERT', undefined, post))).toBeUndefined();
    const offer = { ...keys.offer('o1'), _id: 'o1', status: 'pending' };
    expect(postSummaryChangeOf(record('MODIFY', offer, { ...offer, status: 'accepted' }))).toBeUndefined();
  });
});
