/**
 * Reports and moderation over the local stack with real tokens: reporting each kind once per user (never
 * one's own), the moderators' queue and its paging, each decision and what it does to every list and page
 * for the owner, others and moderators (a hidden review leaves the rating), suspension (the old token is
 * refused at the next call, sign-in refused), the weekly counts, and bodies that try to set moderation
 * fields themselves.
 */
import { describe, expect, it } from 'vitest';
import { latestWeekStarts } from '../../common/moderation';
import {
  call,
  isAvailable,
  newBusiness,
  newClient,
  newModerator,
  newOffer,
  newPost,
  postStatus,
  refreshTokenOf,
  refreshTokens,
  setStatus,
  signIn,
  uploadPicture,
  type BusinessAccount,
  type Client,
} from '../support/api';
import { entryOf, reportQueue } from '../support/moderators';
import { paidAd } from '../support/payments';

const report = (token: string, body: Record<string, unknown>) => call('POST', '/report', { token, body });
const decision = (token: string, id: string, body: Record<string, unknown>) =>
  call('POST', `/moderation/reports/${id}/decision`, { token, body });

/** A finished job (a review) of `business` for a new post of `client`. */
async function reviewedJob(client: Client, business: BusinessAccount, rating: number) {
  const post = await newPost(client, { images: [] });
  const offer = await newOffer(business, post._id);
  expect((await setStatus(client, offer._id, 'accepted')).status).toBe(200);
  const res = await call('POST', '/finishedJobs', {
    token: client.token,
    body: { postId: post._id, businessId: business.businessId, rating, review: 'Rude and late, never again' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { _id: string; postId: string };
}

describe('POST /report', () => {
  it('reports a request, a business and a review once per user; never one’s own; unknown items are 404', async () => {
    const owner = await newClient({ username: 'Owner' });
    const other = await newClient();
    const studio = await newBusiness({ businessName: 'Reported Studio' });
    const moderator = await newModerator();
    const post = await newPost(owner, { images: [], title: 'Fake request' });
    const job = await reviewedJob(owner, studio, 1);

    for (const [kind, targetId] of [
      ['post', post._id],
      ['business', studio.businessId],
      ['review', job._id],
    ] as const) {
      const first = await report(other.token, { kind, targetId, reason: 'fake', note: 'Looks fake' });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(first.body).toMatchObject({ kind, targetId });
      expect(await report(other.token, { kind, targetId, reason: 'spam' })).toMatchObject({
        status: 409,
        body: { code: 'ALREADY_REPORTED' },
      });
      expect(await report(other.token, { kind, targetId: 'no-such-id', reason: 'spam' })).toMatchObject({
        status: 404,
        body: { code: 'NOT_FOUND' },
      });
    }
    // One's own request, one's own business, a review one wrote, a review about one's own business.
    for (const [token, kind, targetId] of [
      [owner.token, 'post', post._id],
      [studio.token, 'business', studio.businessId],
      [owner.token, 'review', job._id],
      [studio.token, 'review', job._id],
    ] as const) {
      expect(await report(token, { kind, targetId, reason: 'other' })).toMatchObject({
        status: 400,
        body: { code: 'OWN_ITEM' },
      });
    }
    expect(await report(other.token, { kind: 'post', targetId: post._id, reason: 'nonsense' })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_VALUE' },
    });

    // A second reporter counts in the same entry.
    expect((await report(moderator.token, { kind: 'post', targetId: post._id, reason: 'spam' })).status).toBe(201);
    const entry = await entryOf(moderator.token, post._id);
    expect(entry).toMatchObject({
      kind: 'post',
      status: 'open',
      excerpt: 'Fake request',
      ownerSub: owner.sub,
      ownerName: 'Owner',
      link: `/post/${post._id}`,
      reportCount: 2,
      reasons: { fake: 1, spam: 1 },
      notes: ['Looks fake'],
    });
    expect(await entryOf(moderator.token, studio.businessId)).toMatchObject({
      kind: 'business',
      excerpt: 'Reported Studio',
      ownerSub: studio.sub,
      link: `/businessprofile/${studio.businessId}`,
    });
    expect(await entryOf(moderator.token, job._id)).toMatchObject({
      kind: 'review',
      excerpt: 'Rude and late, never again',
      ownerSub: owner.sub,
    });
  });
});

describe('the moderation queue', () => {
  it('pages the open entries oldest first with the cursor; only moderators read it', async () => {
    const moderator = await newModerator();
    const reporter = await newClient();
    const owner = await newClient();
    const posts: { _id: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const post = await newPost(owner, { images: [], title: `Queue ${i}` });
      expect((await report(reporter.token, { kind: 'post', targetId: post._id, reason: 'spam' })).status).toBe(201);
      posts.push(post);
    }
    const paged = await reportQueue(moderator.token, 'open', 1);
    const mine = paged.filter((e) => posts.some((p) => p._id === e.targetId)).map((e) => e.targetId);
    expect(mine).toEqual(posts.map((p) => p._id));
    expect(new Set(paged.map((e) => e._id)).size).toBe(paged.length);
    const firsts = paged.map((e) => e.firstReportedAt);
    expect(firsts).toEqual([...firsts].sort());

    for (const token of [reporter.token, (await newBusiness()).token]) {
      expect(await call('GET', '/moderation/reports', { token })).toMatchObject({
        status: 403,
        body: { code: 'NOT_MODERATOR' },
      });
    }
    expect((await call('GET', '/moderation/reports?status=closed', { token: moderator.token })).status).toBe(400);
  });
});

describe('decisions', () => {
  it('hide: the request leaves every list and page for others; its owner and moderators see why', async () => {
    const moderator = await newModerator();
    const owner = await newClient();
    const other = await newClient();
    const studio = await newBusiness();
    const post = await newPost(owner, { images: [], location: 'Vlorë' });
    const offer = await newOffer(studio, post._id);
    expect((await report(other.token, { kind: 'post', targetId: post._id, reason: 'inappropriate' })).status).toBe(201);
    const entry = (await entryOf(moderator.token, post._id))!;

    expect(await decision(moderator.token, entry._id, { action: 'hide' })).toMatchObject({
      status: 400,
      body: { code: 'FIELD_REQUIRED' },
    });
    expect(await decision(other.token, entry._id, { action: 'hide', reason: 'x' })).toMatchObject({
      status: 403,
      body: { code: 'NOT_MODERATOR' },
    });
    expect((await call('GET', `/post/${post._id}`, { token: other.token })).status).toBe(200);
    expect((await decision(moderator.token, 'unknown-entry', { action: 'dismiss' })).status).toBe(404);

    const hidden = await decision(moderator.token, entry._id, { action: 'hide', reason: 'Not a real request' });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(hidden.body).toMatchObject({ _id: entry._id, status: 'hidden', decisionReason: 'Not a real request' });
    expect(await decision(moderator.token, entry._id, { action: 'dismiss' })).toMatchObject({
      status: 409,
      body: { code: 'ALREADY_DECIDED' },
    });
    expect(await entryOf(moderator.token, post._id)).toBeUndefined();
    expect((await reportQueue(moderator.token, 'hidden'))[0]).toMatchObject({ _id: entry._id, status: 'hidden' });

    const mark = { reason: 'Not a real request', at: expect.any(String) };
    expect(await call('GET', `/post/${post._id}`, { token: other.token })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
    expect((await call('GET', `/post/${post._id}`, { token: studio.token })).status).toBe(404);
    expect(await call('GET', `/post/${post._id}`, { token: owner.token })).toMatchObject({
      status: 200,
      body: { _id: post._id, hidden: mark },
    });
    expect((await call('GET', `/post/${post._id}`, { token: moderator.token })).body).toMatchObject({ hidden: mark });

    expect(await isAvailable(other.token, post)).toBe(false);
    const filtered = await call('GET', '/post/filtred?locations=Vlorë&limit=100', { token: studio.token });
    expect(filtered.body.map((p: { _id: string }) => p._id)).not.toContain(post._id);
    const ofOwnerToOthers = await call('GET', `/post/user/${owner.userId}`, { token: other.token });
    expect(ofOwnerToOthers.body.map((p: { _id: string }) => p._id)).not.toContain(post._id);
    const ofOwnerToOwner = await call('GET', `/post/user/${owner.userId}`, { token: owner.token });
    expect(ofOwnerToOwner.body.find((p: { _id: string }) => p._id === post._id)).toMatchObject({ hidden: mark });

    // The business that offered keeps its offer, without the post; no new offer finds the post.
    const offers = await call('GET', `/business/offers/${studio.businessId}`, { token: studio.token });
    const own = offers.body.find((o: { _id: string }) => o._id === offer._id);
    expect(own).toBeDefined();
    expect(own.post).toBeUndefined();
    expect((await call('GET', `/getPostOffers/${post._id}`, { token: studio.token })).status).toBe(404);
    const late = await newBusiness();
    const refused = await call('POST', '/offer', {
      token: late.token,
      body: { postId: post._id, businessId: late.businessId, price: 100, message: 'Hello' },
    });
    expect(refused.status).toBe(404);
    // Its client still sees the offers on it.
    expect((await call('GET', `/getPostOffers/${post._id}`, { token: owner.token })).body).toHaveLength(1);
  });

  it('hide a business: its profile, search hits, Sponsored ads and finished jobs are gone for others, not for itself', async () => {
    const moderator = await newModerator();
    const other = await newClient();
    const name = `Hidden ${Date.now().toString(36)}`;
    const studio = await newBusiness({ businessName: name });
    const ad = { body: await paidAd(studio) };
    const sponsored = async (token: string) =>
      ((await call('GET', '/ads?limit=100', { token })).body as { _id: string }[]).map((a) => a._id);
    expect(await sponsored(other.token)).toContain(ad.body._id);
    expect((await report(other.token, { kind: 'business', targetId: studio.businessId, reason: 'fraud' })).status).toBe(
      201,
    );
    const entry = (await entryOf(moderator.token, studio.businessId))!;
    expect((await decision(moderator.token, entry._id, { action: 'hide', reason: 'Fraud' })).status).toBe(200);

    expect((await call('GET', `/business/${studio.businessId}`, { token: other.token })).status).toBe(404);
    expect((await call('GET', `/business/cognito/${studio.sub}`, { token: other.token })).status).toBe(404);
    expect((await call('GET', `/getBusinessFinishedJobs/${studio.businessId}`, { token: other.token })).status).toBe(
      404,
    );
    expect((await call('GET', `/business/ads/${studio.businessId}`, { token: other.token })).status).toBe(404);
    expect(await sponsored(other.token)).not.toContain(ad.body._id);
    expect(await sponsored(studio.token)).toContain(ad.body._id);
    const hits = await call('GET', `/business/search?name=${encodeURIComponent(name)}`, { token: other.token });
    expect(hits.body).toEqual([]);
    expect(await call('GET', `/business/${studio.businessId}`, { token: studio.token })).toMatchObject({
      status: 200,
      body: { hidden: { reason: 'Fraud' } },
    });
    expect((await call('GET', `/business/${studio.businessId}`, { token: moderator.token })).status).toBe(200);
    expect(
      (await call('GET', `/business/search?name=${encodeURIComponent(name)}`, { token: studio.token })).body,
    ).toHaveLength(1);
  });

  it("hide a business: its pending offers leave the clients' lists and cannot be accepted; agreed work stays", async () => {
    const moderator = await newModerator();
    const client = await newClient();
    const studio = await newBusiness();
    const rival = await newBusiness();
    const open = await newPost(client, { images: [] });
    const agreed = await newPost(client, { images: [] });
    const pending = await newOffer(studio, open._id);
    const rivalOffer = await newOffer(rival, open._id);
    const accepted = await newOffer(studio, agreed._id);
    expect((await setStatus(client, accepted._id, 'accepted')).status).toBe(200);
    expect(
      (await report(client.token, { kind: 'business', targetId: studio.businessId, reason: 'fraud' })).status,
    ).toBe(201);
    const entry = (await entryOf(moderator.token, studio.businessId))!;
    expect((await decision(moderator.token, entry._id, { action: 'hide', reason: 'Fraud' })).status).toBe(200);

    const offerIds = async (token: string, postId: string) => {
      const res = await call('GET', `/getPostOffers/${postId}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body as { _id: string }[]).map((o) => o._id);
    };
    expect(await offerIds(client.token, open._id)).toEqual([rivalOffer._id]);
    const refused = await setStatus(client, pending._id, 'accepted');
    expect(refused.status, JSON.stringify(refused.body)).toBe(404);
    expect(refused.body).toMatchObject({ code: 'NOT_FOUND' });
    expect(await postStatus(client.token, open._id)).toBe('open');
    // The job already agreed stays with the client, who can still manage it.
    expect(await offerIds(client.token, agreed._id)).toEqual([accepted._id]);
    // The business still sees its own offer; it makes no new one.
    expect(await offerIds(studio.token, open._id)).toEqual([pending._id]);
    const later = await newPost(client, { images: [] });
    const offered = await call('POST', '/offer', {
      token: studio.token,
      body: { postId: later._id, businessId: studio.businessId, price: 100, message: 'Hello' },
    });
    expect(offered.status, JSON.stringify(offered.body)).toBe(403);
    expect(offered.body).toMatchObject({ code: 'FORBIDDEN' });
    expect(await offerIds(client.token, later._id)).toEqual([]);
  });

  it('hide a review: it leaves the finished jobs for others and no longer counts in the rating', async () => {
    const moderator = await newModerator();
    const client = await newClient();
    const other = await newClient();
    const studio = await newBusiness();
    await reviewedJob(client, studio, 5);
    const bad = await reviewedJob(client, studio, 1);
    expect((await call('GET', `/business/${studio.businessId}`, { token: other.token })).body).toMatchObject({
      ratingAverage: 3,
      reviewCount: 2,
    });
    expect((await report(studio.token, { kind: 'review', targetId: bad._id, reason: 'other' })).status).toBe(400);
    expect((await report(other.token, { kind: 'review', targetId: bad._id, reason: 'abusive' })).status).toBe(201);
    const entry = (await entryOf(moderator.token, bad._id))!;
    expect((await decision(moderator.token, entry._id, { action: 'hide', reason: 'Abusive words' })).status).toBe(200);

    expect((await call('GET', `/business/${studio.businessId}`, { token: other.token })).body).toMatchObject({
      ratingAverage: 5,
      reviewCount: 1,
      finishedJobsCount: 2,
    });
    const jobs = (token: string) => call('GET', `/getBusinessFinishedJobs/${studio.businessId}`, { token });
    expect((await jobs(other.token)).body.map((j: { _id: string }) => j._id)).not.toContain(bad._id);
    expect((await jobs(studio.token)).body.find((j: { _id: string }) => j._id === bad._id)).toMatchObject({
      hidden: { reason: 'Abusive words' },
    });
    expect((await jobs(moderator.token)).body.map((j: { _id: string }) => j._id)).toContain(bad._id);
    // Nobody else reports it any more.
    expect(
      (await report((await newClient()).token, { kind: 'review', targetId: bad._id, reason: 'spam' })).status,
    ).toBe(404);
  });

  it('dismiss: the item stays; the entry moves to the dismissed queue', async () => {
    const moderator = await newModerator();
    const owner = await newClient();
    const other = await newClient();
    const post = await newPost(owner, { images: [] });
    expect((await report(other.token, { kind: 'post', targetId: post._id, reason: 'other' })).status).toBe(201);
    const entry = (await entryOf(moderator.token, post._id))!;
    expect(await decision(moderator.token, entry._id, { action: 'dismiss' })).toMatchObject({
      status: 200,
      body: { status: 'dismissed' },
    });
    expect((await reportQueue(moderator.token, 'dismissed')).map((e) => e._id)).toContain(entry._id);
    expect(await call('GET', `/post/${post._id}`, { token: other.token })).toMatchObject({ status: 200 });
    expect(await isAvailable(other.token, post)).toBe(true);
  });

  it("suspend: the owner's item is hidden, its still-valid token is refused on every call and it cannot sign in", async () => {
    const moderator = await newModerator();
    const spammer = await newClient();
    const other = await newClient();
    const post = await newPost(spammer, { images: [] });
    expect((await call('GET', '/notifications/unread', { token: spammer.token })).status).toBe(200);
    const refreshToken = await refreshTokenOf(spammer.email);
    expect(await refreshTokens(refreshToken)).toEqual(expect.any(String));
    expect((await report(other.token, { kind: 'post', targetId: post._id, reason: 'spam' })).status).toBe(201);
    const entry = (await entryOf(moderator.token, post._id))!;
    expect(await decision(moderator.token, entry._id, { action: 'suspend' })).toMatchObject({
      status: 400,
      body: { code: 'FIELD_REQUIRED' },
    });
    expect(await decision(moderator.token, entry._id, { action: 'suspend', reason: 'Spam account' })).toMatchObject({
      status: 200,
      body: { status: 'suspended', ownerSub: spammer.sub },
    });

    for (const [method, path] of [
      ['GET', '/notifications/unread'],
      ['GET', `/post/${post._id}`],
      ['GET', '/post/available'],
    ] as const) {
      expect(await call(method, path, { token: spammer.token })).toMatchObject({
        status: 403,
        body: { code: 'ACCOUNT_SUSPENDED' },
      });
    }
    const posted = await call('POST', '/post', {
      token: spammer.token,
      body: { userId: spammer.userId, title: 'Again', location: 'Tirana', category: [], images: [] },
    });
    expect(posted).toMatchObject({ status: 403, body: { code: 'ACCOUNT_SUSPENDED' } });
    await expect(signIn(spammer.email)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(refreshTokens(refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect((await call('GET', `/post/${post._id}`, { token: other.token })).status).toBe(404);
    expect((await reportQueue(moderator.token, 'suspended')).map((e) => e._id)).toContain(entry._id);
  });
});

describe('mass assignment', () => {
  it('create and update bodies cannot set hidden, status, verified or counts', async () => {
    const client = await newClient();
    const other = await newClient();
    const studio = await newBusiness();
    const created = await call('POST', '/post', {
      token: client.token,
      body: {
        userId: client.userId,
        title: 'Kitchen',
        location: 'Tirana',
        category: [],
        images: [],
        hidden: { reason: 'x', at: '2026-01-01' },
        status: 'finished',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('open');
    expect(created.body.hidden).toBeUndefined();
    const fetched = await call('GET', `/post/${created.body._id}`, { token: other.token });
    expect(fetched.body).not.toHaveProperty('hidden');

    const updated = await call('PUT', `/business/${studio.businessId}`, {
      token: studio.token,
      body: {
        description: 'We build',
        hidden: { reason: 'x', at: 'y' },
        verified: true,
        ratingSum: 50,
        reviewCount: 10,
      },
    });
    expect(updated.status).toBeLessThan(500);
    const profile = await call('GET', `/business/${studio.businessId}`, { token: other.token });
    expect(profile.body).toMatchObject({ ratingAverage: 0, reviewCount: 0 });
    expect(profile.body).not.toHaveProperty('hidden');
    expect(profile.body.verified).not.toBe(true);

    const reported = await report(other.token, {
      kind: 'post',
      targetId: created.body._id,
      reason: 'spam',
      status: 'hidden',
      reportCount: 99,
    });
    expect(reported.status).toBe(201);
    const moderator = await newModerator();
    expect(await entryOf(moderator.token, created.body._id)).toMatchObject({ status: 'open', reportCount: 1 });
  });
});

describe('GET /moderation/stats', () => {
  it('counts new requests, offers, accepted offers, finished jobs and reports per ISO week, newest first', async () => {
    const moderator = await newModerator();
    const stats = async () => {
      const res = await call('GET', '/moderation/stats?weeks=2', { token: moderator.token });
      expect(res.status).toBe(200);
      return res.body.weeks as { weekStart: string; [k: string]: number | string }[];
    };
    const before = await stats();
    expect(before.map((w) => w.weekStart)).toEqual(latestWeekStarts(2));

    const client = await newClient();
    const studio = await newBusiness();
    await reviewedJob(client, studio, 4); // a request, an offer, an acceptance, a finished job
    const post = await newPost(client, { images: [] });
    expect((await report(studio.token, { kind: 'post', targetId: post._id, reason: 'spam' })).status).toBe(201);

    const expected = { requests: 2, offers: 1, accepted: 1, finished: 1, reports: 1 };
    let now = before;
    for (let i = 0; i < 100; i++) {
      now = await stats();
      if (Object.entries(expected).every(([k, n]) => Number(now[0][k]) >= Number(before[0][k]) + n)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const [k, n] of Object.entries(expected))
      expect(Number(now[0][k])).toBeGreaterThanOrEqual(Number(before[0][k]) + n);

    expect((await call('GET', '/moderation/stats?weeks=27', { token: moderator.token })).status).toBe(400);
    expect((await call('GET', '/moderation/stats', { token: client.token })).body).toMatchObject({
      code: 'NOT_MODERATOR',
    });
  });
});
