/**
 * A post's summary on its offers over the local stack (docs/access-patterns.md, "A post's summary on its offers"): a
 * business's offers show each request's current status right after an accept, a cancel, a review, a close, a reopen,
 * the expiry job and a moderator's hide (its summary then left out), on every business's offer of it; the owner
 * check of a post's offers still answers 403 to other clients and 404 for a missing or deleted post; a change the
 * request did not carry is carried from the stream; and an older copy never overwrites a newer one.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/model/keys';
import { writeCopy } from '../../lambdas/data/copies';
import type { PostCopy } from '../../lambdas/model/copies';
import {
  call,
  newBusiness,
  newClient,
  newModerator,
  newOffer,
  newPost,
  setStatus,
  stack,
  type BusinessAccount,
} from '../support/api';
import { reportAndHide } from '../support/moderators';
import { ageOut, runExpiryJob, tableClient } from '../support/expiry';
import { useStackEnvironment, waitFor } from '../support/notifications';

type Summary = { _id: string; title: string; status: string; location: string; images: string[]; category: string[] };
type ListedOffer = { _id: string; postId: string; status: string; post?: Summary };

let db: ReturnType<typeof tableClient>;
beforeAll(() => {
  useStackEnvironment();
  db = tableClient();
});
afterAll(() => db.destroy());

/** The business's offer as its offers' list answers it (GET /business/offers/{id}). */
async function listed(business: BusinessAccount, offerId: string): Promise<ListedOffer> {
  const res = await call('GET', `/business/offers/${business.businessId}`, { token: business.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const offer = (res.body as ListedOffer[]).find((o) => o._id === offerId);
  expect(offer, 'the offer is listed').toBeDefined();
  return offer!;
}
const statusShown = async (business: BusinessAccount, offerId: string) =>
  (await listed(business, offerId)).post?.status;

const storedOffer = async (offerId: string) =>
  (await db.send(new GetCommand({ TableName: stack().tableName, Key: keys.offer(offerId), ConsistentRead: true })))
    .Item;

describe('GET /business/offers/{id}: each request as it is now, right after each change', () => {
  it('follows accept, cancel and review on every business’s offer of the request', async () => {
    const client = await newClient();
    const [first, second] = [await newBusiness(), await newBusiness()];
    const post = await newPost(client, { title: 'Paint the hall', location: 'Korçë' });
    const a = await newOffer(first, post._id);
    const b = await newOffer(second, post._id);
    const shown = await listed(first, a._id);
    expect(shown.post).toMatchObject({ _id: post._id, title: 'Paint the hall', location: 'Korçë', status: 'open' });
    expect(shown.post!.images).toEqual(post.images);

    expect((await setStatus(client, a._id, 'accepted')).status).toBe(200);
    expect(await statusShown(first, a._id)).toBe('accepted');
    expect(await statusShown(second, b._id)).toBe('accepted');

    expect((await setStatus(client, a._id, 'pending')).status).toBe(200);
    expect(await statusShown(first, a._id)).toBe('open');
    expect(await statusShown(second, b._id)).toBe('open');

    expect((await setStatus(client, b._id, 'accepted')).status).toBe(200);
    const review = await call('POST', '/finishedJobs', {
      token: client.token,
      body: { postId: post._id, businessId: second.businessId, rating: 5, review: 'Clean, on time' },
    });
    expect(review.status, JSON.stringify(review.body)).toBe(201);
    expect(await statusShown(second, b._id)).toBe('finished');
    expect(await statusShown(first, a._id)).toBe('finished');
  });

  it('follows a close, a reopen and the expiry job', async () => {
    const client = await newClient();
    const studio = await newBusiness();
    const post = await newPost(client, { images: [] });
    const offer = await newOffer(studio, post._id);

    expect((await call('POST', `/post/${post._id}/close`, { token: client.token })).status).toBe(200);
    expect(await statusShown(studio, offer._id)).toBe('closed');
    expect((await call('POST', `/post/${post._id}/reopen`, { token: client.token })).status).toBe(200);
    expect(await statusShown(studio, offer._id)).toBe('open');

    const expiring = await newPost(client, { images: [] });
    const later = await newOffer(studio, expiring._id);
    await ageOut(expiring._id);
    await runExpiryJob();
    expect(await statusShown(studio, later._id)).toBe('closed');
  });

  it('leaves out a request a moderator hid, at once; its client still sees its offers', async () => {
    const moderator = await newModerator();
    const client = await newClient();
    const reporter = await newClient();
    const studio = await newBusiness();
    const post = await newPost(client, { images: [] });
    const offer = await newOffer(studio, post._id);
    await reportAndHide(
      moderator.token,
      reporter,
      { kind: 'post', targetId: post._id, reason: 'spam' },
      'Not a real request',
    );
    const shown = await listed(studio, offer._id);
    expect(shown).not.toHaveProperty('post');
    expect(shown.postId).toBe(post._id);
    const own = await call('GET', `/getPostOffers/${post._id}`, { token: client.token });
    expect(own.status).toBe(200);
    expect(own.body.map((o: { _id: string }) => o._id)).toEqual([offer._id]);
  });
});

describe('GET /getPostOffers/{postId}: the owner check', () => {
  it('answers the owner; 403 to another client; 404 for a missing post and for a deleted one', async () => {
    const client = await newClient();
    const other = await newClient();
    const studio = await newBusiness();
    const post = await newPost(client, { images: [] });
    const empty = await newPost(client, { images: [] });
    const offer = await newOffer(studio, post._id);

    const own = await call('GET', `/getPostOffers/${post._id}`, { token: client.token });
    expect(own.status).toBe(200);
    expect(own.body.map((o: { _id: string }) => o._id)).toEqual([offer._id]);
    expect((await call('GET', `/getPostOffers/${post._id}`, { token: other.token })).status).toBe(403);
    // No offers: the post is read for the check.
    expect(await call('GET', `/getPostOffers/${empty._id}`, { token: client.token })).toMatchObject({
      status: 200,
      body: [],
    });
    expect((await call('GET', `/getPostOffers/${empty._id}`, { token: other.token })).status).toBe(403);
    expect((await call('GET', '/getPostOffers/no-such-post', { token: client.token })).status).toBe(404);

    expect((await call('DELETE', `/post/${post._id}`, { token: client.token })).status).toBe(200);
    expect((await call('GET', `/getPostOffers/${post._id}`, { token: client.token })).status).toBe(404);
    expect((await call('GET', `/getPostOffers/${post._id}`, { token: other.token })).status).toBe(404);
  });
});

describe('the copies kept right', () => {
  it('a change of the post no request carried is carried from the stream', async () => {
    const client = await newClient();
    const studio = await newBusiness();
    const post = await newPost(client, { images: [] });
    const offer = await newOffer(studio, post._id);
    // The post hidden by a write that refreshed nothing (as a request cut short would leave it).
    await db.send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: keys.post(post._id),
        UpdateExpression: 'SET #h = :mark, summaryVersion = if_not_exists(summaryVersion, :zero) + :one',
        ExpressionAttributeNames: { '#h': 'hidden' },
        ExpressionAttributeValues: { ':mark': { reason: 'spam', at: new Date().toISOString() }, ':zero': 0, ':one': 1 },
      }),
    );
    await waitFor(async () => ((await listed(studio, offer._id)).post ? undefined : true));
    expect((await storedOffer(offer._id))?.post).toMatchObject({ hidden: true, v: 1 });
  });

  it('an older copy never overwrites a newer one; the same copy is written once', async () => {
    const client = await newClient();
    const studio = await newBusiness();
    const post = await newPost(client, { images: [] });
    const offer = await newOffer(studio, post._id);
    expect((await setStatus(client, offer._id, 'accepted')).status).toBe(200);
    const newer = (await storedOffer(offer._id))!.post as PostCopy;
    expect(newer).toMatchObject({ v: 1, status: 'accepted' });
    // A refresh that read the post before the acceptance, arriving late.
    expect(await writeCopy('postSummary', keys.offer(offer._id), { ...newer, v: 0, status: 'open' }, 0)).toBe(false);
    expect(await writeCopy('postSummary', keys.offer(offer._id), newer, newer.v)).toBe(false);
    expect((await storedOffer(offer._id))!.post).toEqual(newer);
    expect(await statusShown(studio, offer._id)).toBe('accepted');
  });
});
