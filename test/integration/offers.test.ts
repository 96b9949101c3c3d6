/**
 * Offers and reviews through the local gateway on DynamoDB Local with real tokens: the whole life of
 * an offer, the rules of who may do what, and many accepts racing on one post.
 */
import { describe, expect, it } from 'vitest';
import {
  call,
  isAvailable,
  newBusiness,
  newClient,
  newOffer,
  newPost,
  offersOf,
  postStatus,
  setStatus,
} from '../support/api';

describe('an offer from making to review', () => {
  it('goes pending -> accepted -> pending -> accepted -> finished, the post following it', async () => {
    const client = await newClient({ username: 'Besa Kola' });
    const post = await newPost(client);
    const studio = await newBusiness({ businessName: 'Studio Blu' });
    const rival = await newBusiness({ businessName: 'Rival Works' });

    const offer = await newOffer(studio, post._id, { price: 1400.5 });
    expect(offer).toMatchObject({ status: 'pending', price: 1400.5, businessId: studio.businessId, postId: post._id });
    const rivalOffer = await newOffer(rival, post._id, { price: 1300 });

    // The owner sees both offers with the business's name and rating; a business sees only its own.
    const seen = await call('GET', `/getPostOffers/${post._id}`, { token: client.token });
    expect(seen.status).toBe(200);
    expect(seen.body).toHaveLength(2);
    // The client compares the businesses: name, rating, badge and jobs done.
    expect(seen.body.find((o: { _id: string }) => o._id === offer._id).business).toEqual({
      businessName: 'Studio Blu',
      ratingAverage: 0,
      reviewCount: 0,
      verified: false,
      finishedJobsCount: 0,
    });
    const own = await call('GET', `/getPostOffers/${post._id}`, { token: studio.token });
    expect(own.body.map((o: { _id: string }) => o._id)).toEqual([offer._id]);

    // The business's own list carries the post summary.
    const mine = await call('GET', `/business/offers/${studio.businessId}`, { token: studio.token });
    expect(mine.status).toBe(200);
    expect(mine.body[0]).toMatchObject({
      _id: offer._id,
      post: { _id: post._id, title: 'Renovate the bathroom', location: 'Durrës', status: 'open' },
    });
    expect(mine.body[0].post.images[0]).toBe(post.images[0]);

    expect((await setStatus(client, rivalOffer._id, 'declined')).body.status).toBe('declined');
    const accepted = await setStatus(client, offer._id, 'accepted');
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('accepted');
    expect(await postStatus(client.token, post._id)).toBe('accepted');
    expect(await isAvailable(client.token, post)).toBe(false);
    // A post with an accepted offer takes no new offers.
    const late = await newBusiness();
    const lateOffer = await call('POST', '/offer', {
      token: late.token,
      body: { postId: post._id, businessId: late.businessId, price: 10, message: 'Me too' },
    });
    expect(lateOffer.status).toBe(409);

    // Cancelling the acceptance reopens the post.
    expect((await setStatus(client, offer._id, 'pending')).body.status).toBe('pending');
    expect(await postStatus(client.token, post._id)).toBe('open');
    expect(await isAvailable(client.token, post)).toBe(true);

    expect((await setStatus(client, offer._id, 'accepted')).status).toBe(200);
    // "finished" is reached only through the review.
    const tooEarly = await setStatus(client, offer._id, 'finished');
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.message).toMatch(/review/);

    const review = await call('POST', '/finishedJobs', {
      token: client.token,
      body: { postId: post._id, businessId: studio.businessId, rating: 5, review: 'Beautiful work, on time.' },
    });
    expect(review.status).toBe(201);
    expect(review.body).toMatchObject({
      postId: post._id,
      businessId: studio.businessId,
      offerId: offer._id,
      rating: 5,
      post: { title: 'Renovate the bathroom', location: 'Durrës', content: 'New tiles and a shower' },
    });
    expect(review.body.post.images).toHaveLength(1);
    expect(await postStatus(client.token, post._id)).toBe('finished');
    expect((await offersOf(client, post._id))[offer._id].status).toBe('finished');
    expect((await setStatus(client, offer._id, 'finished')).status).toBe(200);

    const jobs = await call('GET', `/getBusinessFinishedJobs/${studio.businessId}`, { token: rival.token });
    expect(jobs.status).toBe(200);
    expect(jobs.body.map((j: { _id: string }) => j._id)).toEqual([review.body._id]);
    const profile = await call('GET', `/business/${studio.businessId}`, { token: client.token });
    expect(profile.body).toMatchObject({ offersCount: 1, finishedJobsCount: 1 });

    // One review per post; a finished offer cannot be deleted nor changed.
    const again = await call('POST', '/finishedJobs', {
      token: client.token,
      body: { postId: post._id, businessId: studio.businessId, rating: 3, review: 'Again' },
    });
    expect(again.status).toBe(409);
    expect((await call('DELETE', `/offer/${offer._id}`, { token: studio.token })).status).toBe(409);
    expect((await setStatus(client, offer._id, 'pending')).status).toBe(409);
  });

  it('deleting an accepted offer reopens the post and lets the business offer again', async () => {
    const client = await newClient();
    const post = await newPost(client);
    const business = await newBusiness();
    const offer = await newOffer(business, post._id);
    expect((await setStatus(client, offer._id, 'accepted')).status).toBe(200);

    const deleted = await call('DELETE', `/offer/${offer._id}`, { token: business.token });
    expect(deleted.status).toBe(200);
    expect(await postStatus(client.token, post._id)).toBe('open');
    expect(await isAvailable(client.token, post)).toBe(true);
    expect(await offersOf(client, post._id)).toEqual({});
    expect((await call('GET', `/business/offers/${business.businessId}`, { token: business.token })).body).toEqual([]);
    expect((await call('DELETE', `/offer/${offer._id}`, { token: business.token })).status).toBe(404);
    await newOffer(business, post._id, { price: 999 });
  });
});

describe('offer rules', () => {
  it('one live offer per business per post; price > 0 and a message required (400 naming the field)', async () => {
    const client = await newClient();
    const post = await newPost(client);
    const business = await newBusiness();
    await newOffer(business, post._id);
    const second = await call('POST', '/offer', {
      token: business.token,
      body: { postId: post._id, businessId: business.businessId, price: 5, message: 'Again' },
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/already made an offer/);

    const other = await newBusiness();
    const cases: [Record<string, unknown>, string][] = [
      [{ price: 0 }, 'price'],
      [{ price: -3 }, 'price'],
      [{ message: ' ' }, 'message'],
    ];
    for (const [change, field] of cases) {
      const valid = { postId: post._id, businessId: other.businessId, price: 10, message: 'Hi' };
      const res = await call('POST', '/offer', { token: other.token, body: { ...valid, ...change } });
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(
      (
        await call('POST', '/offer', {
          token: other.token,
          body: { postId: 'no-such-post', businessId: other.businessId, price: 10, message: 'Hi' },
        })
      ).status,
    ).toBe(404);
    expect(Object.keys(await offersOf(client, post._id))).toHaveLength(1);
  });

  it("offers of another client's post cannot be touched", async () => {
    const owner = await newClient();
    const post = await newPost(owner);
    const business = await newBusiness();
    const offer = await newOffer(business, post._id);
    const stranger = await newClient();
    for (const status of ['accepted', 'declined']) {
      expect((await setStatus(stranger, offer._id, status)).status).toBe(403);
    }
    const review = await call('POST', '/finishedJobs', {
      token: stranger.token,
      body: { postId: post._id, businessId: business.businessId, rating: 5, review: 'x' },
    });
    expect(review.status).toBe(403);
    expect((await offersOf(owner, post._id))[offer._id].status).toBe('pending');
    expect(await postStatus(owner.token, post._id)).toBe('open');
  });

  it("a review needs the accepted offer's business, an integer rating 1-5 and a review text", async () => {
    const client = await newClient();
    const post = await newPost(client);
    const business = await newBusiness();
    const other = await newBusiness();
    const offer = await newOffer(business, post._id);
    const body = { postId: post._id, businessId: business.businessId, rating: 4, review: 'Good' };
    expect((await call('POST', '/finishedJobs', { token: client.token, body })).status).toBe(409); // nothing accepted yet
    await setStatus(client, offer._id, 'accepted');
    expect(
      (await call('POST', '/finishedJobs', { token: client.token, body: { ...body, businessId: other.businessId } }))
        .status,
    ).toBe(409);
    for (const [change, field] of [
      [{ rating: 6 }, 'rating'],
      [{ rating: 2.5 }, 'rating'],
      [{ review: '' }, 'review'],
      [{ review: 'x'.repeat(1001) }, 'review'],
    ] as const) {
      const res = await call('POST', '/finishedJobs', { token: client.token, body: { ...body, ...change } });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe(field);
    }
    expect(await postStatus(client.token, post._id)).toBe('accepted');
    expect(
      (await call('GET', `/getBusinessFinishedJobs/${business.businessId}`, { token: client.token })).body,
    ).toEqual([]);
  });
});

describe('racing accepts', () => {
  it('20 offers on one post accepted at once: exactly one is accepted, the rest answer 409', async () => {
    const client = await newClient();
    const post = await newPost(client);
    const businesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => newBusiness({ businessName: `Racer ${i}` })),
    );
    const offers = await Promise.all(businesses.map((b, i) => newOffer(b, post._id, { price: 100 + i })));

    const answers = await Promise.all(offers.map((o) => setStatus(client, o._id, 'accepted')));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).toEqual(expect.any(String));

    const winner = offers[statuses.indexOf(200)]._id;
    const stored = await offersOf(client, post._id);
    expect(
      Object.entries(stored)
        .filter(([, o]) => o.status === 'accepted')
        .map(([id]) => id),
    ).toEqual([winner]);
    expect(Object.values(stored).filter((o) => o.status === 'pending')).toHaveLength(19);
    expect(await postStatus(client.token, post._id)).toBe('accepted');
    expect(await isAvailable(client.token, post)).toBe(false);
  });
});

describe('business profile counts', () => {
  const countsOf = async (business: { businessId: string; token: string }) => {
    const res = await call('GET', `/business/${business.businessId}`, { token: business.token });
    expect(res.status).toBe(200);
    const { offersCount, postsCount, finishedJobsCount } = res.body;
    return { offersCount, postsCount, finishedJobsCount };
  };
  const counts = (offers: number, finishedJobs: number) => ({
    offersCount: offers,
    postsCount: offers,
    finishedJobsCount: finishedJobs,
  });

  it('follow offers made and deleted, posts deleted with their offers, and reviews', async () => {
    const client = await newClient();
    const [kept, deletedLater, toDeletePost] = [await newPost(client), await newPost(client), await newPost(client)];
    const studio = await newBusiness({ businessName: 'Counting Studio' });
    const rival = await newBusiness({ businessName: 'Counting Rival' });
    expect(await countsOf(studio)).toEqual(counts(0, 0));

    const offer = await newOffer(studio, kept._id);
    const dropped = await newOffer(studio, deletedLater._id);
    await newOffer(studio, toDeletePost._id);
    await newOffer(rival, toDeletePost._id);
    expect(await countsOf(studio)).toEqual(counts(3, 0));
    expect(await countsOf(rival)).toEqual(counts(1, 0));

    expect((await call('DELETE', `/offer/${dropped._id}`, { token: studio.token })).status).toBe(200);
    expect(await countsOf(studio)).toEqual(counts(2, 0));

    // Deleting a post deletes its offers: each business's count drops with them.
    expect((await call('DELETE', `/post/${toDeletePost._id}`, { token: client.token })).status).toBe(200);
    expect(await countsOf(studio)).toEqual(counts(1, 0));
    expect(await countsOf(rival)).toEqual(counts(0, 0));

    expect((await setStatus(client, offer._id, 'accepted')).status).toBe(200);
    const review = await call('POST', '/finishedJobs', {
      token: client.token,
      body: { postId: kept._id, businessId: studio.businessId, rating: 4, review: 'Tidy work' },
    });
    expect(review.status).toBe(201);
    expect(await countsOf(studio)).toEqual(counts(1, 1));

    // The lists agree with the counters, and the profile by Cognito id answers the same counts.
    const listed = await call('GET', `/business/offers/${studio.businessId}`, { token: studio.token });
    expect(listed.body.map((o: { _id: string }) => o._id)).toEqual([offer._id]);
    const byCognito = await call('GET', `/business/cognito/${studio.sub}`, { token: studio.token });
    expect(byCognito.body).toMatchObject(counts(1, 1));
  });
});
