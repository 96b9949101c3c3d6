import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { businessCaller, clientCaller, invoke, useTestEnv } from '../../support/events';
import { keys } from '../../../lambdas/model/keys';
import { handler as createOffer } from '../../../lambdas/handlers/createOffer';
import { handler as updateOfferStatus } from '../../../lambdas/handlers/updateOfferStatus';
import { handler as deleteOffer } from '../../../lambdas/handlers/deleteOffer';
import { handler as listPostOffers } from '../../../lambdas/handlers/listPostOffers';
import { handler as listBusinessOffers } from '../../../lambdas/handlers/listBusinessOffers';
import {
  cancelled,
  ddbMock,
  givenAccount,
  givenBusiness,
  givenItem,
  givenOffer,
  givenPost,
  resetDb,
  transactions,
  writes,
} from './fixtures';

beforeAll(useTestEnv);
beforeEach(resetDb);

describe('POST /offer', () => {
  const business = businessCaller();
  const businessId = randomUUID();
  const valid = (postId: string) => ({ postId, businessId, price: 250, message: 'We can start Monday' });
  beforeEach(() => {
    givenAccount(business, businessId);
    givenBusiness({ _id: businessId, cognitoId: business.sub });
  });

  it('creates a pending offer with its one-per-business guard and a check that the post is open', async () => {
    const post = givenPost();
    const res = await invoke(createOffer, { caller: business, body: valid(post._id) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      postId: post._id,
      businessId,
      price: 250,
      message: 'We can start Monday',
      status: 'pending',
    });
    const [items] = transactions();
    const guard = items.find((i) => i.Put?.Item?.sk === `OFFERBY#${businessId}`);
    expect(guard?.Put?.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(items.find((i) => i.ConditionCheck)?.ConditionCheck?.Key).toEqual(keys.post(post._id));
  });

  it('is refused to a client (403) and writes nothing', async () => {
    const client = clientCaller();
    const post = givenPost();
    const res = await invoke(createOffer, { caller: client, body: valid(post._id) });
    expect(res.status).toBe(403);
    expect(writes()).toHaveLength(0);
  });

  it('refuses an offer in the name of another business (403)', async () => {
    const post = givenPost();
    const res = await invoke(createOffer, { caller: business, body: { ...valid(post._id), businessId: randomUUID() } });
    expect(res.status).toBe(403);
    expect(writes()).toHaveLength(0);
  });

  it.each([
    ['price', { price: 0 }],
    ['price', { price: -5 }],
    ['price', { price: 'abc' }],
    ['message', { message: '   ' }],
    ['message', { message: undefined }],
    ['postId', { postId: '' }],
  ])('answers 400 naming the field %s', async (field, change) => {
    const post = givenPost();
    const res = await invoke(createOffer, { caller: business, body: { ...valid(post._id), ...change } });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(writes()).toHaveLength(0);
  });

  it('answers 404 for an unknown post', async () => {
    const res = await invoke(createOffer, { caller: business, body: valid(randomUUID()) });
    expect(res.status).toBe(404);
  });

  it('answers 409 on a post that is no longer open', async () => {
    const post = givenPost({ status: 'accepted', acceptedOfferId: randomUUID() });
    const res = await invoke(createOffer, { caller: business, body: valid(post._id) });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/no longer open/);
    expect(writes()).toHaveLength(0);
  });

  it('answers 409 for a second offer of the same business (guard condition failed)', async () => {
    const post = givenPost();
    ddbMock.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'None', 'None'));
    const res = await invoke(createOffer, { caller: business, body: valid(post._id) });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already made an offer/);
  });

  it('answers 409 when the post was accepted meanwhile (post check failed)', async () => {
    const post = givenPost();
    ddbMock.on(TransactWriteCommand).rejects(cancelled('None', 'None', 'ConditionalCheckFailed', 'None'));
    const res = await invoke(createOffer, { caller: business, body: valid(post._id) });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/no longer open/);
  });
});

describe('PUT /offer/status', () => {
  const owner = clientCaller();
  const ownerId = randomUUID();
  let post: ReturnType<typeof givenPost>;
  beforeEach(() => {
    givenAccount(owner, ownerId);
    post = givenPost({ userId: ownerId });
  });

  it('accepts a pending offer: offer and post change together and the post leaves the open index', async () => {
    const offer = givenOffer({ postId: post._id });
    const res = await invoke(updateOfferStatus, {
      caller: owner,
      method: 'PUT',
      body: { offerId: offer._id, newStatus: 'accepted' },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('accepted');
    const [items] = transactions();
    expect(items[0].Update?.ConditionExpression).toContain('#s = :from');
    expect(items[0].Update?.ExpressionAttributeValues?.[':from']).toBe('pending');
    expect(items[1].Update?.Key).toEqual(keys.post(post._id));
    expect(items[1].Update?.ConditionExpression).toBe('#s = :open AND expiresAt > :now');
    expect(items[1].Update?.UpdateExpression).toContain('REMOVE gsi2pk, gsi2sk');
    const deletedEntries = items.filter((i) => i.Delete).map((i) => i.Delete!.Key!.pk);
    expect(deletedEntries.sort()).toEqual(['OPEN', 'OPEN#C#painting', 'OPEN#C#painting#T#Tirana', 'OPEN#T#Tirana']);
  });

  it('maps a lost race (post condition failed) to 409 with a message', async () => {
    const offer = givenOffer({ postId: post._id });
    ddbMock.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'None', 'None'));
    const res = await invoke(updateOfferStatus, {
      caller: owner,
      method: 'PUT',
      body: { offerId: offer._id, newStatus: 'accepted' },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Another offer of this post has already been accepted');
  });

  it('retries a transaction that only conflicted with another one, then answers the outcome', async () => {
    const offer = givenOffer({ postId: post._id });
    ddbMock
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('TransactionConflict', 'None', 'None'))
      .rejectsOnce(cancelled('None', 'ConditionalCheckFailed', 'None'));
    const res = await invoke(updateOfferStatus, {
      caller: owner,
      method: 'PUT',
      body: { offerId: offer._id, newStatus: 'accepted' },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already been accepted/);
    expect(transactions()).toHaveLength(2);
  });

  it('answers 409 when another offer of the post is already accepted, without writing', async () => {
    const other = givenPost({ userId: ownerId, status: 'accepted', acceptedOfferId: randomUUID() });
    const offer = givenOffer({ postId: other._id });
    const res = await invoke(updateOfferStatus, {
      caller: owner,
      method: 'PUT',
      body: { offerId: offer._id, newStatus: 'accepted' },
    });
    expect(res.status).toBe(409);
    expect(writes()).toHaveLength(0);
  });

  it('declines a pending offer with a conditional update', async () => {
    const offer = givenOffer({ postId: post._id });
    const res = await invoke(updateOfferStatus, {
      caller: owner,
      method: 'PUT',
      body: { offerId: offer._id, newStatus: 'declined' },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('declined');
    expect(writes()).toHaveLength(1);
  });

  it('cancels an acceptance: offer back to pending, post reopens and its open-index entries are written again', async () => {
    const accepted = givenPost({ userId: ownerId, status: 'accepted' });
    const offer = givenOffer({ postId: accepted._id, status: 'accepted' });
    givenPost({ ...accepted, acceptedOfferId: offer._id });
    const res = await invoke(updateOfferStatus, {
      caller: owner,
      method: 'PUT',
      body: { offerId: offer._id, newStatus: 'pending' },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('pending');
    const [items] = transactions();
    expect(items[1].Update?.UpdateExpression).toContain('REMOVE acceptedOfferId');
    const puts = items.filter((i) => i.Put).map((i) => i.Put!.Item!);
    expect(puts.map((p) => p.pk)).toContain('OPEN');
    // An entry is a copy of the post under the index key, never under the post's own keys.
    for (const p of puts) {
      expect(p.pk).toMatch(/^OPEN/);
      expect(p.status).toBe('open');
      expect(p.gsi1pk).toBeUndefined();
      expect(p.acceptedOfferId).toBeUndefined();
    }
  });

  it.each([
    ['declined', 'accepted'],
    ['declined', 'declined'],
    ['accepted', 'declined'],
    ['declined', 'pending'],
    ['pending', 'pending'],
    ['finished', 'accepted'],
  ] as const)('refuses %s -> %s with 409', async (from, to) => {
    const offer = givenOffer({ postId: post._id, status: from });
    const res = await invoke(updateOfferStatus, {
      caller: owner,
      method: 'PUT',
      body: { offerId: offer._id, newStatus: to },
    });
    expect(res.status).toBe(409);
    expect(writes()).toHaveLength(0);
  });

  it('answers 409 for finished unless the review finished it already (then 200)', async () => {
    const offer = givenOffer({ postId: post._id, status: 'accepted' });
    const res = await invoke(updateOfferStatus, {
      caller: owner,
      method: 'PUT',
      body: { offerId: offer._id, newStatus: 'finished' },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/review/);
    const done = givenOffer({ postId: post._id, status: 'finished' });
    const again = await invoke(updateOfferStatus, {
      caller: owner,
      method: 'PUT',
      body: { offerId: done._id, newStatus: 'finished' },
    });
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('finished');
    expect(writes()).toHaveLength(0);
  });

  it('refuses another client (403) and a business (403), writing nothing', async () => {
    const offer = givenOffer({ postId: post._id });
    const stranger = clientCaller();
    givenAccount(stranger, randomUUID());
    const a = await invoke(updateOfferStatus, {
      caller: stranger,
      method: 'PUT',
      body: { offerId: offer._id, newStatus: 'accepted' },
    });
    const b = await invoke(updateOfferStatus, {
      caller: businessCaller(),
      method: 'PUT',
      body: { offerId: offer._id, newStatus: 'accepted' },
    });
    expect([a.status, b.status]).toEqual([403, 403]);
    expect(writes()).toHaveLength(0);
  });

  it('answers 400 naming newStatus for an unknown status, 404 for an unknown offer', async () => {
    const bad = await invoke(updateOfferStatus, {
      caller: owner,
      method: 'PUT',
      body: { offerId: 'x', newStatus: 'done' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('newStatus');
    const missing = await invoke(updateOfferStatus, {
      caller: owner,
      method: 'PUT',
      body: { offerId: randomUUID(), newStatus: 'accepted' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('DELETE /offer/{id}', () => {
  const business = businessCaller();
  const businessId = randomUUID();
  beforeEach(() => givenAccount(business, businessId));
  const del = (id: string, caller = business) =>
    invoke(deleteOffer, { caller, method: 'DELETE', pathParameters: { id } });

  it('deletes a pending offer and its guard', async () => {
    const offer = givenOffer({ businessId });
    const res = await del(offer._id);
    expect(res.status).toBe(200);
    const [items] = transactions();
    expect(items.map((i) => i.Delete?.Key)).toEqual(
      expect.arrayContaining([keys.offer(offer._id), keys.offerGuard(offer.postId, businessId)]),
    );
    expect(items.some((i) => i.Update?.Key?.pk?.startsWith('POST#'))).toBe(false);
  });

  it('reopens the post when the deleted offer was accepted', async () => {
    const post = givenPost({ status: 'accepted' });
    const offer = givenOffer({ businessId, postId: post._id, status: 'accepted' });
    givenPost({ ...post, acceptedOfferId: offer._id });
    const res = await del(offer._id);
    expect(res.status).toBe(200);
    const [items] = transactions();
    const postUpdate = items.find((i) => i.Update?.Key?.pk === `POST#${post._id}`);
    expect(postUpdate?.Update?.ExpressionAttributeValues?.[':open']).toBe('open');
    expect(items.filter((i) => i.Put?.Item?.pk === 'OPEN')).toHaveLength(1);
  });

  it('answers 409 for a finished offer, 403 for another business, 404 for an unknown offer; nothing written', async () => {
    const finished = givenOffer({ businessId, status: 'finished' });
    expect((await del(finished._id)).status).toBe(409);
    const others = givenOffer();
    expect((await del(others._id)).status).toBe(403);
    expect((await del(randomUUID())).status).toBe(404);
    expect((await del(others._id, clientCaller())).status).toBe(403);
    expect(writes()).toHaveLength(0);
  });
});

describe('GET /getPostOffers/{postId}', () => {
  it('shows the owner every offer with the business name and picture, from the page alone', async () => {
    const owner = clientCaller();
    const ownerId = randomUUID();
    givenAccount(owner, ownerId);
    const post = givenPost({ userId: ownerId });
    const business = givenBusiness();
    const offer = givenOffer({
      postId: post._id,
      businessId: business._id,
      price: 90,
      message: 'Hi',
      createdAt: '2026-11-03T00:00:00.000Z',
    });
    ddbMock
      .on(QueryCommand, { IndexName: 'GSI1', ExpressionAttributeValues: { ':pk': `POSTOFFERS#${post._id}` } })
      .resolves({ Items: [{ ...keys.offer(offer._id), ...offer }] });
    const res = await invoke(listPostOffers, { caller: owner, pathParameters: { postId: post._id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        _id: offer._id,
        postId: post._id,
        businessId: business._id,
        price: 90,
        message: 'Hi',
        status: 'pending',
        createdAt: offer.createdAt,
        validUntil: '2099-12-31',
        expired: false,
        version: 0,
        awaiting: 'client',
        history: [{ by: 'business', action: 'offer', at: offer.createdAt, price: 90 }],
        business: {
          businessName: 'Casa Design',
          profilePicture: 'https://cdn.test/images/b/logo.png/1280.webp',
          ratingAverage: 0,
          reviewCount: 0,
          verified: false,
          finishedJobsCount: 0,
        },
      },
    ]);
    // The owner and the businesses' cards come from the offers' copies: neither the post nor a business is read.
    expect(ddbMock.commandCalls(BatchGetCommand)).toHaveLength(0);
    expect(ddbMock.commandCalls(GetCommand).map((c) => c.args[0].input.Key)).not.toContainEqual(keys.post(post._id));
  });

  it('shows a business only its own offer, found through its guard item', async () => {
    const business = businessCaller();
    const stored = givenBusiness({ cognitoId: business.sub });
    givenAccount(business, stored._id);
    const post = givenPost();
    const offer = givenOffer({ postId: post._id, businessId: stored._id });
    givenItem(keys.offerGuard(post._id, stored._id), { offerId: offer._id });
    const res = await invoke(listPostOffers, { caller: business, pathParameters: { postId: post._id } });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]._id).toBe(offer._id);
    expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('refuses another client (403) and answers 404 for an unknown post', async () => {
    const stranger = clientCaller();
    givenAccount(stranger, randomUUID());
    const post = givenPost();
    expect((await invoke(listPostOffers, { caller: stranger, pathParameters: { postId: post._id } })).status).toBe(403);
    expect((await invoke(listPostOffers, { caller: stranger, pathParameters: { postId: randomUUID() } })).status).toBe(
      404,
    );
    expect((await invoke(listPostOffers, { caller: null, pathParameters: { postId: post._id } })).status).toBe(401);
  });
});

describe('GET /business/offers/{id}', () => {
  it('lists the business its own offers with a summary of each post', async () => {
    const business = businessCaller();
    const businessId = randomUUID();
    givenAccount(business, businessId);
    const post = givenPost();
    const offer = givenOffer({ postId: post._id, businessId, businessSub: business.sub, price: 90, message: 'Hi' });
    ddbMock.on(QueryCommand).resolves({
      Items: [{ ...keys.offer(offer._id), ...offer }],
      LastEvaluatedKey: { pk: 'x', gsi2pk: `BUSINESSOFFERS#${businessId}` },
    });
    const res = await invoke(listBusinessOffers, { caller: business, pathParameters: { id: businessId } });
    expect(res.status).toBe(200);
    // The summary is the offer's copy of its post: no post is read.
    expect(ddbMock.commandCalls(BatchGetCommand)).toHaveLength(0);
    expect(res.body[0].post).toEqual({
      _id: post._id,
      title: post.title,
      location: 'Tirana',
      category: ['painting'],
      status: 'open',
      images: ['https://cdn.test/images/u1/a.jpg/1280.webp', 'https://cdn.test/images/u1/b.jpg/1280.webp'],
    });
    expect(res.headers['x-next-cursor']).toBeTruthy();
    // The cursor of this list cannot be used on another business's list.
    const other = await invoke(listBusinessOffers, {
      caller: business,
      pathParameters: { id: businessId },
      query: { cursor: Buffer.from(JSON.stringify({ gsi2pk: 'BUSINESSOFFERS#other' })).toString('base64url') },
    });
    expect(other.status).toBe(400);
  });

  it('refuses another business (403)', async () => {
    const business = businessCaller();
    givenAccount(business, randomUUID());
    const res = await invoke(listBusinessOffers, { caller: business, pathParameters: { id: randomUUID() } });
    expect(res.status).toBe(403);
  });
});
