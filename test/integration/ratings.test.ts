/**
 * A business's rating (ratingAverage, reviewCount) through the local gateway on DynamoDB Local: it moves
 * in the review's own transaction, exactly once per review even when many reviews race, and shows
 * wherever a business does (profile, offers of a post, search hits, ads). Nobody can write it.
 */
import { describe, expect, it } from 'vitest';
import {
  call,
  newBusiness,
  newClient,
  newOffer,
  newPost,
  setStatus,
  uploadPicture,
  type BusinessAccount,
  type Client,
} from '../support/api';
import { paidAd, paidPlan } from '../support/payments';

/** A job of `business` for a new post of `client`, accepted and waiting for its review. */
async function acceptedJob(client: Client, business: BusinessAccount) {
  const post = await newPost(client, { images: [] });
  const offer = await newOffer(business, post._id);
  expect((await setStatus(client, offer._id, 'accepted')).status).toBe(200);
  return { postId: post._id, businessId: business.businessId };
}

const review = (client: Client, job: { postId: string; businessId: string }, rating: number) =>
  call('POST', '/finishedJobs', { token: client.token, body: { ...job, rating, review: 'Tidy work, on time' } });

describe('a business rating', () => {
  it('follows each review and shows on the profile, the offers of a post, search and the Sponsored strip', async () => {
    const client = await newClient();
    const name = `Rated ${Date.now().toString(36)}`;
    const studio = await newBusiness({ businessName: name });

    const fresh = await call('GET', `/business/${studio.businessId}`, { token: client.token });
    expect(fresh.body).toMatchObject({ ratingAverage: 0, reviewCount: 0 });

    expect((await review(client, await acceptedJob(client, studio), 5)).status).toBe(201);
    expect((await review(client, await acceptedJob(client, studio), 4)).status).toBe(201);
    expect((await review(client, await acceptedJob(client, studio), 4)).status).toBe(201);

    const profile = await call('GET', `/business/${studio.businessId}`, { token: client.token });
    expect(profile.body).toMatchObject({ ratingAverage: 4.33, reviewCount: 3, finishedJobsCount: 3 });
    const own = await call('GET', `/business/cognito/${studio.sub}`, { token: studio.token });
    expect(own.body).toMatchObject({ ratingAverage: 4.33, reviewCount: 3 });

    // The client's next post: the offer carries the business's rating.
    const post = await newPost(client, { images: [] });
    const offer = await newOffer(studio, post._id);
    const offers = await call('GET', `/getPostOffers/${post._id}`, { token: client.token });
    expect(offers.body.find((o: { _id: string }) => o._id === offer._id).business).toMatchObject({
      businessName: name,
      ratingAverage: 4.33,
      reviewCount: 3,
    });

    const hits = await call('GET', `/business/search?name=${encodeURIComponent(name)}`, { token: client.token });
    expect(hits.body).toEqual([
      expect.objectContaining({ _id: studio.businessId, ratingAverage: 4.33, reviewCount: 3 }),
    ]);

    const ad = { body: await paidAd(studio) };
    expect(ad.body).toMatchObject({ ratingAverage: 4.33, reviewCount: 3 });
    const ads = await call('GET', `/business/ads/${studio.businessId}`, { token: client.token });
    expect(ads.body).toEqual([expect.objectContaining({ _id: ad.body._id, ratingAverage: 4.33, reviewCount: 3 })]);
    const strip = await call('GET', '/ads?limit=100', { token: client.token });
    expect(strip.body.find((a: { _id: string }) => a._id === ad.body._id)).toMatchObject({
      ratingAverage: 4.33,
      reviewCount: 3,
    });
  });

  it('counts each of 20 concurrent reviews of different jobs exactly once', async () => {
    const studio = await newBusiness();
    // Twenty offers in a month: more than Basic's limit.
    await paidPlan(studio, 'premium');
    const clients = await Promise.all(Array.from({ length: 4 }, () => newClient()));
    const jobs = [];
    for (let i = 0; i < 20; i++) {
      const client = clients[i % clients.length];
      jobs.push({ client, job: await acceptedJob(client, studio), rating: (i % 5) + 1 });
    }
    const answers = await Promise.all(jobs.map(({ client, job, rating }) => review(client, job, rating)));
    expect(answers.map((a) => a.status)).toEqual(jobs.map(() => 201));

    const profile = await call('GET', `/business/${studio.businessId}`, { token: studio.token });
    // Four of each of 1..5 stars: mean 3.
    expect(profile.body).toMatchObject({ reviewCount: 20, ratingAverage: 3, finishedJobsCount: 20 });
  });

  it('cannot be written through a profile body', async () => {
    const account = await newBusiness();
    const forged = { ratingAverage: 5, reviewCount: 999, ratingSum: 4995, finishedJobsCount: 50, offersCount: 7 };
    const updated = await call('PUT', `/business/${account.businessId}`, {
      token: account.token,
      body: { description: 'Kitchens', ...forged },
    });
    expect(updated.status).toBe(200);
    const profile = await call('GET', `/business/${account.businessId}`, { token: account.token });
    expect(profile.body).toMatchObject({
      description: 'Kitchens',
      ratingAverage: 0,
      reviewCount: 0,
      finishedJobsCount: 0,
      offersCount: 0,
    });
    expect(profile.body.ratingSum).toBeUndefined();
  });
});
