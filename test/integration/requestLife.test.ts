/**
 * A request's whole life through the local gateway on DynamoDB Local: the client closes it without
 * hiring (pending offers declined, gone from the open lists), it expires 30 days after posting (out
 * of the lists at once; the scheduled job, run here as the schedule would, makes it closed), the
 * client reopens it once, and a business revises its pending offer (the client sees it revised).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  isAvailable,
  newBusiness,
  newClient,
  newOffer,
  newPost,
  offersOf,
  setStatus,
  type BusinessAccount,
  type Client,
} from '../support/api';
import { ageOut, runExpiryJob } from '../support/expiry';

let client: Client;
let studio: BusinessAccount;
let rival: BusinessAccount;

beforeAll(async () => {
  [client, studio, rival] = await Promise.all([newClient(), newBusiness(), newBusiness()]);
});

const DAY = 24 * 60 * 60 * 1000;
const close = (c: Client, postId: string) => call('POST', `/post/${postId}/close`, { token: c.token });
const reopen = (c: Client, postId: string) => call('POST', `/post/${postId}/reopen`, { token: c.token });
const getPost = async (postId: string) => (await call('GET', `/post/${postId}`, { token: client.token })).body;

describe('closing a request without hiring', () => {
  it('closes it, declines its pending offers, takes it out of the open lists; it reopens once', async () => {
    const post = await newPost(client, { images: [] });
    expect(post).toMatchObject({
      status: 'open',
      expiresAt: new Date(Date.parse(post.createdAt) + 30 * DAY).toISOString(),
    });
    const a = await newOffer(studio, post._id);
    const b = await newOffer(rival, post._id);
    expect(await isAvailable(client.token, post)).toBe(true);

    const closed = await close(client, post._id);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toMatchObject({ _id: post._id, status: 'closed', closedReason: 'client' });
    expect(await getPost(post._id)).toMatchObject({ status: 'closed', closedReason: 'client' });
    expect(await isAvailable(client.token, post)).toBe(false);
    const offers = await offersOf(client, post._id);
    expect([offers[a._id].status, offers[b._id].status]).toEqual(['declined', 'declined']);

    // Closed: no new offer, no acceptance, no second close.
    const late = await newBusiness();
    expect(
      (
        await call('POST', '/offer', {
          token: late.token,
          body: { postId: post._id, businessId: late.businessId, price: 5, message: 'Late' },
        })
      ).body.code,
    ).toBe('POST_NOT_OPEN');
    expect((await close(client, post._id)).body.code).toBe('POST_NOT_OPEN');

    const reopened = await reopen(client, post._id);
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body).toMatchObject({ status: 'open', reopenedAt: expect.any(String) });
    expect(Date.parse(reopened.body.expiresAt)).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(reopened.body.closedReason).toBeUndefined();
    expect(await isAvailable(client.token, post)).toBe(true);
    // Once only.
    expect((await close(client, post._id)).status).toBe(200);
    const again = await reopen(client, post._id);
    expect(again).toMatchObject({ status: 409, body: { code: 'ALREADY_REOPENED' } });
    expect(await getPost(post._id)).toMatchObject({ status: 'closed' });
  });

  it('refuses to close a request with an accepted offer, or to reopen an open one, and changes nothing', async () => {
    const post = await newPost(client, { images: [] });
    const offer = await newOffer(studio, post._id);
    expect((await reopen(client, post._id)).body.code).toBe('POST_NOT_CLOSED');
    expect((await setStatus(client, offer._id, 'accepted')).status).toBe(200);
    const refused = await close(client, post._id);
    expect(refused).toMatchObject({ status: 409, body: { code: 'POST_HAS_ACCEPTED_OFFER' } });
    expect(await getPost(post._id)).toMatchObject({ status: 'accepted' });
    expect((await offersOf(client, post._id))[offer._id].status).toBe('accepted');
  });
});

describe('a request expires 30 days after posting', () => {
  it('leaves the lists at once, is closed by the scheduled job with its pending offers declined, and can be reopened', async () => {
    const post = await newPost(client, { images: [] });
    const offer = await newOffer(studio, post._id);
    await ageOut(post._id);

    // Before the job: out of every list, answered as closed (expired), no offer or acceptance.
    expect(await isAvailable(client.token, post)).toBe(false);
    expect(await getPost(post._id)).toMatchObject({ status: 'closed', closedReason: 'expired' });
    expect(
      (
        await call('POST', '/offer', {
          token: rival.token,
          body: { postId: post._id, businessId: rival.businessId, price: 5, message: 'Hi' },
        })
      ).body.code,
    ).toBe('POST_NOT_OPEN');
    expect((await setStatus(client, offer._id, 'accepted')).body.code).toBe('POST_NOT_OPEN');

    const run = await runExpiryJob();
    expect(run.closed).toBeGreaterThanOrEqual(1);
    expect(await getPost(post._id)).toMatchObject({ status: 'closed', closedReason: 'expired' });
    expect((await offersOf(client, post._id))[offer._id].status).toBe('declined');

    const reopened = await reopen(client, post._id);
    expect(reopened.body).toMatchObject({ status: 'open' });
    expect(await isAvailable(client.token, post)).toBe(true);
  });

  it('leaves alone a post with an accepted offer (even past 30 days) and one not yet expired', async () => {
    const young = await newPost(client, { images: [] });
    const accepted = await newPost(client, { images: [] });
    const offer = await newOffer(studio, accepted._id);
    expect((await setStatus(client, offer._id, 'accepted')).status).toBe(200);
    await ageOut(accepted._id);
    await runExpiryJob();
    expect(await getPost(young._id)).toMatchObject({ status: 'open' });
    expect(await getPost(accepted._id)).toMatchObject({ status: 'accepted' });
  });
});

describe('revising an offer', () => {
  it('the business revises price and message of its pending offer; the client sees it revised', async () => {
    const post = await newPost(client, { images: [] });
    const offer = await newOffer(studio, post._id, { price: 1400 });
    // Status, post and business in the body are not taken.
    const revised = await call('PUT', `/offer/${offer._id}`, {
      token: studio.token,
      body: {
        price: '1250.5',
        message: 'Materials included',
        status: 'accepted',
        postId: 'other',
        businessId: rival.businessId,
      },
    });
    expect(revised.status, JSON.stringify(revised.body)).toBe(200);
    expect(revised.body).toMatchObject({
      _id: offer._id,
      price: 1250.5,
      message: 'Materials included',
      status: 'pending',
      postId: post._id,
      businessId: studio.businessId,
      revisedAt: expect.any(String),
    });
    const seen = (await call('GET', `/getPostOffers/${post._id}`, { token: client.token })).body[0];
    expect(seen).toMatchObject({
      price: 1250.5,
      message: 'Materials included',
      status: 'pending',
      revisedAt: revised.body.revisedAt,
    });

    const bad = await call('PUT', `/offer/${offer._id}`, { token: studio.token, body: { price: -1, message: '' } });
    expect(bad.status).toBe(400);
    expect((await setStatus(client, offer._id, 'accepted')).status).toBe(200);
    const late = await call('PUT', `/offer/${offer._id}`, {
      token: studio.token,
      body: { price: 1, message: 'Cheaper now' },
    });
    expect(late).toMatchObject({ status: 409, body: { code: 'OFFER_STATUS_CONFLICT' } });
    expect((await call('GET', `/getPostOffers/${post._id}`, { token: client.token })).body[0]).toMatchObject({
      price: 1250.5,
      status: 'accepted',
    });
  });

  it('a new request ignores status and expiry sent in its body', async () => {
    const post = await newPost(client, {
      images: [],
      status: 'closed',
      expiresAt: '2099-01-01T00:00:00.000Z',
      reopenedAt: '2020-01-01T00:00:00.000Z',
    });
    expect(post.status).toBe('open');
    expect(Date.parse(post.expiresAt!)).toBeLessThan(Date.now() + 31 * DAY);
    expect(post.reopenedAt).toBeUndefined();
  });
});
