import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { businessCaller, clientCaller, invoke, useTestEnv } from '../../support/events';
import { keys } from '../../../lambdas/model/keys';
import { handler as createFinishedJob } from '../../../lambdas/handlers/createFinishedJob';
import { handler as listBusinessFinishedJobs } from '../../../lambdas/handlers/listBusinessFinishedJobs';
import {
  cancelled,
  ddbMock,
  givenAccount,
  givenBusiness,
  givenOffer,
  givenPost,
  resetDb,
  transactions,
  writes,
} from './fixtures';

beforeAll(useTestEnv);
beforeEach(resetDb);

describe('POST /finishedJobs', () => {
  const owner = clientCaller();
  const ownerId = randomUUID();
  let postId: string;
  let businessId: string;
  let offerId: string;

  beforeEach(() => {
    givenAccount(owner, ownerId);
    const post = givenPost({ userId: ownerId, status: 'accepted' });
    const offer = givenOffer({ postId: post._id, status: 'accepted' });
    givenPost({ ...post, acceptedOfferId: offer._id });
    postId = post._id;
    businessId = offer.businessId;
    offerId = offer._id;
  });
  const review = (over: Record<string, unknown> = {}, caller = owner) =>
    invoke(createFinishedJob, {
      caller,
      body: { postId, businessId, rating: 4, review: 'Clean and on time', ...over },
    });

  it('creates the finished job with a copy of the post card and finishes offer and post in one transaction', async () => {
    const res = await review();
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      postId,
      businessId,
      rating: 4,
      review: 'Clean and on time',
      post: {
        title: 'Paint my living room',
        images: ['https://cdn.test/images/u1/a.jpg/1280.webp'],
        location: 'Tirana',
        content: 'Two walls, white',
      },
    });
    const [items] = transactions();
    expect(items[0].Put?.Item).toMatchObject({ ...keys.finishedJob(postId), gsi1pk: `BUSINESSJOBS#${businessId}` });
    expect(items[0].Put?.ConditionExpression).toBe('attribute_not_exists(pk)');
    // The offer goes accepted -> finished (the same conditional transition as every offer status change).
    expect(items[1].Update).toMatchObject({
      Key: keys.offer(offerId),
      UpdateExpression: 'SET #s = :to, updatedAt = :now',
      ConditionExpression: '#s = :from AND postId = :postId',
    });
    expect(items[1].Update?.ExpressionAttributeValues).toMatchObject({
      ':to': 'finished',
      ':from': 'accepted',
      ':postId': postId,
    });
    expect(items[2].Update?.Key).toEqual(keys.post(postId));
    expect(items[3].Update?.Key).toEqual(keys.business(businessId));
  });

  it.each([
    ['rating', { rating: 0 }],
    ['rating', { rating: 6 }],
    ['rating', { rating: 3.5 }],
    ['rating', { rating: undefined }],
    ['review', { review: '' }],
    ['review', { review: 'x'.repeat(1001) }],
  ])('answers 400 naming %s', async (field, over) => {
    const res = await review(over);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(writes()).toHaveLength(0);
  });

  it('answers 409 for a business that does not hold the accepted offer', async () => {
    const res = await review({ businessId: randomUUID() });
    expect(res.status).toBe(409);
    expect(writes()).toHaveLength(0);
  });

  it('answers 409 for a post without an accepted offer and for an already reviewed post', async () => {
    const open = givenPost({ userId: ownerId });
    expect((await review({ postId: open._id })).status).toBe(409);
    const done = givenPost({ userId: ownerId, status: 'finished', acceptedOfferId: randomUUID() });
    const res = await review({ postId: done._id });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already has a review/);
    expect(writes()).toHaveLength(0);
  });

  it('maps a second review racing the first (job condition failed) to 409', async () => {
    ddbMock.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None', 'None', 'None'));
    const res = await review();
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This post already has a review');
  });

  it('refuses another client and a business (403), 404 for an unknown post', async () => {
    const stranger = clientCaller();
    givenAccount(stranger, randomUUID());
    expect((await review({}, stranger)).status).toBe(403);
    expect((await review({}, businessCaller())).status).toBe(403);
    expect((await review({ postId: randomUUID() })).status).toBe(404);
    expect(writes()).toHaveLength(0);
  });
});

describe('GET /getBusinessFinishedJobs/{id}', () => {
  it('lists the jobs of a business newest first (Query descending on its GSI1 partition)', async () => {
    const business = givenBusiness();
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    const res = await invoke(listBusinessFinishedJobs, {
      caller: clientCaller(),
      pathParameters: { id: business._id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    const input = ddbMock.commandCalls(QueryCommand)[0].args[0].input;
    expect(input).toMatchObject({
      IndexName: 'GSI1',
      ScanIndexForward: false,
      ExpressionAttributeValues: { ':pk': `BUSINESSJOBS#${business._id}` },
    });
  });

  it('answers 404 for an unknown business', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    const res = await invoke(listBusinessFinishedJobs, {
      caller: clientCaller(),
      pathParameters: { id: randomUUID() },
    });
    expect(res.status).toBe(404);
  });
});
