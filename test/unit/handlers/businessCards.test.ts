/**
 * A business's card copied onto its offers, ads and search entries (lambdas/model/copies.ts COPIES.businessCard,
 * applied by lambdas/data/copies.ts): the lists answer from their one Query (no read of the businesses), a new offer
 * carries the card, a refresh writes only the copies that show something else and only forward, and the notifier
 * refreshes on a change of the card.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { businessCaller, clientCaller, dataCalls, invoke, useTestEnv } from '../../support/events';
import { keys } from '../../../lambdas/model/keys';
import { refreshCopy } from '../../../lambdas/data/copies';
import { copyChangeOf, onlyCopiesChanged } from '../../../lambdas/notify/copies';
import { businessCardCopy, type BusinessCardCopy } from '../../../lambdas/model/copies';
import { handler as listPostOffers } from '../../../lambdas/handlers/listPostOffers';
import { handler as listAds } from '../../../lambdas/handlers/listAds';
import { handler as listBusinessAds } from '../../../lambdas/handlers/listBusinessAds';
import { handler as listBusinessFinishedJobs } from '../../../lambdas/handlers/listBusinessFinishedJobs';
import { handler as createOffer } from '../../../lambdas/handlers/createOffer';
import type { StoredOffer } from '../../../lambdas/model/offers';
import {
  ddbMock,
  givenAccount,
  givenBusiness,
  givenItem,
  givenOffer,
  givenPost,
  resetDb,
  transactions,
} from './fixtures';

beforeAll(useTestEnv);
beforeEach(resetDb);

const HIDDEN = { reason: 'Fake business', at: '2026-11-05T00:00:00.000Z' };
const card = (over: Partial<BusinessCardCopy> = {}): BusinessCardCopy => ({
  v: 3,
  cognitoId: randomUUID(),
  businessName: 'Casa Design',
  profilePicture: 'uploads/b/logo.png',
  ratingSum: 9,
  reviewCount: 2,
  verified: true,
  finishedJobsCount: 2,
  ...over,
});
const businessReads = () =>
  ddbMock.calls().filter((c) => {
    const input = c.args[0].input as { Key?: { pk?: string }; RequestItems?: unknown };
    return c.args[0] instanceof BatchGetCommand || (input.Key?.pk ?? '').startsWith('BUSINESS#');
  });

describe('GET /getPostOffers/{postId} from the offers’ card copies', () => {
  const offerOf = (postId: string, business: BusinessCardCopy, status: StoredOffer['status']) => {
    const offer = givenOffer({ postId, businessSub: business.cognitoId, price: 90, message: 'Hi', status, business });
    return { ...keys.offer(offer._id), ...keys.offerIndexes(offer), ...offer };
  };

  it('shows each offer’s business card with its finished jobs, reads no business, and leaves out a hidden business’s pending offer', async () => {
    const owner = clientCaller();
    const ownerId = randomUUID();
    givenAccount(owner, ownerId);
    const post = givenPost({ userId: ownerId });
    const shown = offerOf(post._id, card(), 'pending');
    const hiddenPending = offerOf(post._id, card({ hidden: HIDDEN }), 'pending');
    const hiddenAccepted = offerOf(post._id, card({ hidden: HIDDEN, businessName: 'Hidden Works' }), 'accepted');
    ddbMock
      .on(QueryCommand, { IndexName: 'GSI1', ExpressionAttributeValues: { ':pk': `POSTOFFERS#${post._id}` } })
      .resolves({ Items: [shown, hiddenPending, hiddenAccepted] });
    const res = await invoke(listPostOffers, { caller: owner, pathParameters: { postId: post._id } });
    expect(res.status).toBe(200);
    expect(res.body.map((o: { _id: string }) => o._id)).toEqual([shown._id, hiddenAccepted._id]);
    expect(res.body[0].business).toEqual({
      businessName: 'Casa Design',
      profilePicture: 'https://cdn.test/images/b/logo.png/1280.webp',
      ratingAverage: 4.5,
      reviewCount: 2,
      verified: true,
      finishedJobsCount: 2,
    });
    expect(res.body[1].business.businessName).toBe('Hidden Works');
    expect(businessReads()).toHaveLength(0);
    // A moderator sees the hidden business's pending offer too (the same copy, no other read).
    const asModerator = { ...owner, groups: ['moderator'] };
    const all = await invoke(listPostOffers, { caller: asModerator, pathParameters: { postId: post._id } });
    expect(all.body).toHaveLength(3);
    expect(businessReads()).toHaveLength(0);
  });

  it('shows a business its own offer with the card copied onto it', async () => {
    const caller = businessCaller();
    const businessId = randomUUID();
    givenAccount(caller, businessId);
    const post = givenPost();
    const offer = offerOf(post._id, card({ cognitoId: caller.sub, businessName: 'Own Studio' }), 'pending');
    offer.businessId = businessId;
    givenItem(keys.offer(offer._id), offer);
    givenItem(keys.offerGuard(post._id, businessId), { offerId: offer._id });
    const res = await invoke(listPostOffers, { caller, pathParameters: { postId: post._id } });
    expect(res.status).toBe(200);
    expect(res.body[0].business).toMatchObject({ businessName: 'Own Studio', ratingAverage: 4.5, verified: true });
    expect(businessReads()).toHaveLength(0);
  });
});

describe('a business’s own ads and finished jobs from their card copies', () => {
  const job = (business: BusinessCardCopy, businessId: string, i: number) => ({
    ...keys.finishedJob(`p${i}`),
    _id: `j${i}`,
    postId: `p${i}`,
    businessId,
    offerId: `o${i}`,
    userId: 'u1',
    rating: 5,
    review: 'Great work',
    createdAt: `2026-11-0${i}T00:00:00.000Z`,
    post: { title: 'Kitchen', images: [], location: 'Tiranë' },
    business,
  });

  it('answers the jobs from their one Query, with no read of the business; 404 to others once it is hidden', async () => {
    const shown = card();
    ddbMock.on(QueryCommand).resolves({ Items: [job(shown, 'b1', 2), job(shown, 'b1', 1)] });
    const res = await invoke(listBusinessFinishedJobs, { caller: clientCaller(), pathParameters: { id: 'b1' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.map((j: { _id: string }) => j._id)).toEqual(['j2', 'j1']);
    expect(dataCalls(ddbMock)).toHaveLength(1);
    expect(businessReads()).toHaveLength(0);

    const hidden = card({ hidden: HIDDEN });
    ddbMock.on(QueryCommand).resolves({ Items: [job(hidden, 'b1', 1)] });
    expect(
      (await invoke(listBusinessFinishedJobs, { caller: clientCaller(), pathParameters: { id: 'b1' } })).status,
    ).toBe(404);
    const own = await invoke(listBusinessFinishedJobs, {
      caller: businessCaller({ sub: hidden.cognitoId }),
      pathParameters: { id: 'b1' },
    });
    expect(own.status).toBe(200);
    expect(businessReads()).toHaveLength(0);
  });

  it('reads the business for an empty page (404 when there is none)', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    const business = givenBusiness();
    expect(
      (await invoke(listBusinessAds, { caller: clientCaller(), pathParameters: { id: business._id } })).body,
    ).toEqual([]);
    expect(businessReads()).toHaveLength(1);
    expect((await invoke(listBusinessAds, { caller: clientCaller(), pathParameters: { id: 'gone' } })).status).toBe(
      404,
    );
  });
});

describe('POST /offer writes the business’s card onto the offer', () => {
  it('copies the card read with the business, and settles it when the card moved meanwhile', async () => {
    const caller = businessCaller();
    const stored = givenBusiness({ cognitoId: caller.sub, ratingSum: 4, reviewCount: 1, cardVersion: 5 });
    givenAccount(caller, stored._id);
    const post = givenPost();
    const res = await invoke(createOffer, {
      caller,
      body: { postId: post._id, businessId: stored._id, price: 250, message: 'We can start Monday' },
    });
    expect(res.status).toBe(201);
    const [items] = transactions();
    const put = items.find((i) => i.Put?.Item?.sk === 'OFFER')!.Put!.Item!;
    expect(put.business).toEqual(businessCardCopy(stored));
    expect(put.business).toMatchObject({ v: 5, businessName: 'Casa Design', ratingSum: 4, reviewCount: 1 });
    // The card had not moved: the settling read finds the same version and writes nothing.
    const consistent = ddbMock
      .commandCalls(GetCommand)
      .filter((c) => c.args[0].input.ConsistentRead && c.args[0].input.Key?.pk === `BUSINESS#${stored._id}`);
    expect(consistent).toHaveLength(1);
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);

    // A review landed between the read and the offer's write: the offer gets the newer card, forward only.
    resetDb();
    givenAccount(caller, stored._id);
    givenPost({ _id: post._id });
    ddbMock.on(GetCommand, { Key: keys.business(stored._id) }).resolves({ Item: { ...stored } });
    ddbMock
      .on(GetCommand, { Key: keys.business(stored._id), ConsistentRead: true })
      .resolves({ Item: { ...keys.business(stored._id), ...stored, ratingSum: 9, reviewCount: 2, cardVersion: 6 } });
    const again = await invoke(createOffer, {
      caller,
      body: { postId: post._id, businessId: stored._id, price: 250, message: 'We can start Monday' },
    });
    expect(again.status).toBe(201);
    const [update] = ddbMock.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(update.Key).toEqual(keys.offer(again.body._id));
    expect(update.ExpressionAttributeValues?.[':copy']).toMatchObject({ v: 6, ratingSum: 9, reviewCount: 2 });
    expect(update.ConditionExpression).toBe(
      'attribute_exists(pk) AND (attribute_not_exists(#c) OR #c.#v < :v OR (#c.#v = :v AND #c <> :copy))',
    );
  });
});

describe('the card refresh', () => {
  it('reads the business strongly consistent and writes, forward only, just the copies that show something else', async () => {
    const business = givenBusiness({ businessName: 'New Name', cardVersion: 7 });
    ddbMock.on(GetCommand, { Key: keys.business(business._id), ConsistentRead: true }).resolves({
      Item: { ...keys.business(business._id), ...business },
    });
    const current = businessCardCopy(business);
    const tokenKey = { pk: `BUSINESS#${business._id}`, sk: 'NAMETOKEN#new' };
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    ddbMock
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': `BUSINESS#${business._id}`, ':prefix': 'NAMETOKEN#' } })
      .resolves({ Items: [{ ...tokenKey, business: current }] });
    ddbMock.on(QueryCommand, { ExpressionAttributeValues: { ':pk': `BUSINESSOFFERS#${business._id}` } }).resolves({
      Items: [
        { ...keys.offer('o1'), business: { ...current, v: 6, businessName: 'Old Name' } },
        { ...keys.offer('o2') },
      ],
    });
    ddbMock
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': `BUSINESSADS#${business._id}` } })
      .resolves({ Items: [{ ...keys.ad('a1'), business: { ...current, v: 2, verified: true } }] });
    // No live Sponsored run: no strip entry to refresh.
    ddbMock
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': `BUSINESSADS#${business._id}`, ':state': 'live' } })
      .resolves({ Items: [] });
    ddbMock.on(UpdateCommand).resolves({});
    const done = await refreshCopy('businessCard', business._id);
    expect(done).toEqual({ changed: 3, complete: true });
    const updates = ddbMock.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(updates.map((u) => u.Key)).toEqual([keys.offer('o1'), keys.offer('o2'), keys.ad('a1')]);
    for (const u of updates) {
      expect(u.ExpressionAttributeValues).toEqual({ ':copy': current, ':v': 7 });
      expect(u.ConditionExpression).toContain('#c.#v < :v');
    }
    expect(transactions()).toHaveLength(0);
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);

    // Past its deadline a refresh starts no write (the stream does the rest).
    ddbMock.resetHistory();
    expect(await refreshCopy('businessCard', business._id, { until: Date.now() - 1 })).toEqual({
      changed: 0,
      complete: false,
    });
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});

describe('the card on the stream (the notifier)', () => {
  const cardChangeOf = (r: DynamoDBRecord) => copyChangeOf('businessCard', r);
  const business = { pk: 'BUSINESS#b1', sk: 'PROFILE', _id: 'b1', cognitoId: 's1', businessName: 'Casa' };
  const record = (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', old?: object, next?: object) =>
    ({
      eventName,
      dynamodb: {
        ...(old ? { OldImage: marshall(old) } : {}),
        ...(next ? { NewImage: marshall(next) } : {}),
      },
    }) as unknown as DynamoDBRecord;

  it('answers the business when its card changed, and nothing for other changes', () => {
    expect(cardChangeOf(record('MODIFY', business, { ...business, businessName: 'Casa Nova', cardVersion: 1 }))).toBe(
      'b1',
    );
    expect(cardChangeOf(record('MODIFY', business, { ...business, verified: true }))).toBe('b1');
    expect(cardChangeOf(record('MODIFY', business, { ...business, hidden: HIDDEN }))).toBe('b1');
    expect(cardChangeOf(record('MODIFY', business, { ...business, offersCount: 4, description: 'x' }))).toBeUndefined();
    expect(cardChangeOf(record('INSERT', undefined, business))).toBeUndefined();
    const offer = { pk: 'OFFER#o1', sk: 'OFFER', _id: 'o1', business: card() };
    expect(cardChangeOf(record('MODIFY', offer, { ...offer, business: card({ v: 4 }) }))).toBeUndefined();
  });

  it('tells copies written onto an item (passed by the other consumers) from any other change of it', () => {
    const onlyCardCopyChanged = onlyCopiesChanged;
    const offer = { pk: 'OFFER#o1', sk: 'OFFER', _id: 'o1', status: 'accepted', history: [{ by: 'business' }] };
    const copied = { ...offer, business: card({ v: 4 }) };
    expect(onlyCardCopyChanged(record('MODIFY', { ...offer, business: card() }, copied))).toBe(true);
    expect(onlyCardCopyChanged(record('MODIFY', offer, copied))).toBe(true);
    expect(onlyCardCopyChanged(record('MODIFY', copied, { ...copied, status: 'finished' }))).toBe(false);
    expect(
      onlyCardCopyChanged(record('MODIFY', offer, { ...copied, status: 'finished', business: card({ v: 5 }) })),
    ).toBe(false);
    expect(onlyCardCopyChanged(record('MODIFY', copied, copied))).toBe(false);
    expect(onlyCardCopyChanged(record('INSERT', undefined, copied))).toBe(false);
    // A chat room's copy of its business is a copy too; its last message is not.
    const room = { pk: 'ROOM#b1#u1', sk: 'ROOM', business: { businessName: 'Casa' }, lastMessage: 'Hi' };
    expect(onlyCardCopyChanged(record('MODIFY', room, { ...room, business: { businessName: 'Casa Nova' } }))).toBe(
      true,
    );
    expect(onlyCardCopyChanged(record('MODIFY', room, { ...room, lastMessage: 'Hello' }))).toBe(false);
  });
});
