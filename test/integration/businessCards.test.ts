/**
 * A business's card on its offers, ads and search entries over the local stack (docs/access-patterns.md, "A
 * business's card on its offers, ads and search entries"): right after a rename, a review, a review hidden, a
 * verification and the business hidden, search, the Sponsored strip and a request's offers answer the new card
 * (read from the copies, which hold it); a card changed on the record alone is carried onto the copies from the
 * stream; and every offer, ad and search entry is stored with the card.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/model/keys';
import {
  call,
  newBusiness,
  newClient,
  newModerator,
  newOffer,
  newPost,
  setStatus,
  stack,
  uploadPicture,
  type BusinessAccount,
  type Client,
} from '../support/api';
import { reportAndHide } from '../support/moderators';
import { tableClient } from '../support/expiry';
import { useStackEnvironment, waitFor } from '../support/notifications';
import { paidAd } from '../support/payments';

type Card = { businessName: string; ratingAverage: number; reviewCount: number; verified: boolean };
type Hit = Card & { _id: string };
type Ad = Card & { _id: string; businessId: string };
type OfferCard = { _id: string; status: string; business: Card & { finishedJobsCount: number } };

let db: ReturnType<typeof tableClient>;
let moderator: Awaited<ReturnType<typeof newModerator>>;
beforeAll(async () => {
  useStackEnvironment();
  db = tableClient();
  moderator = await newModerator();
});
afterAll(() => db.destroy());

/** A word no other business's name has, so search answers only this test's business. */
const uniqueWord = () =>
  `Kartela${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)}`;

const search = async (token: string, word: string): Promise<Hit[]> => {
  const res = await call('GET', `/business/search?name=${word}&limit=100`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const adOf = async (token: string, adId: string): Promise<Ad | undefined> => {
  const res = await call('GET', '/ads?limit=100', { token });
  expect(res.status).toBe(200);
  return (res.body as Ad[]).find((a) => a._id === adId);
};
const offersOf = async (token: string, postId: string): Promise<OfferCard[]> => {
  const res = await call('GET', `/getPostOffers/${postId}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const buyAd = async (business: BusinessAccount) => (await paidAd(business)) as Ad;
const review = async (client: Client, business: BusinessAccount, rating: number) => {
  const post = await newPost(client, { images: [] });
  const offer = await newOffer(business, post._id);
  expect((await setStatus(client, offer._id, 'accepted')).status).toBe(200);
  const res = await call('POST', '/finishedJobs', {
    token: client.token,
    body: { postId: post._id, businessId: business.businessId, rating, review: 'Careful and on time' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { post, offer, job: res.body as { _id: string } };
};

const storedCopy = async (key: { pk: string; sk: string }) =>
  (await db.send(new GetCommand({ TableName: stack().tableName, Key: key, ConsistentRead: true }))).Item?.business;

/** The keys of every item holding a copy of the business's card: its name tokens, offers and ads. */
async function copyKeys(businessId: string): Promise<{ pk: string; sk: string }[]> {
  const query = async (input: Record<string, unknown>) =>
    ((await db.send(new QueryCommand({ TableName: stack().tableName, ...input }))).Items ?? []).map((i) => ({
      pk: i.pk as string,
      sk: i.sk as string,
    }));
  return [
    ...(await query({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :t)',
      ExpressionAttributeValues: { ':pk': keys.business(businessId).pk, ':t': 'NAMETOKEN#' },
      ConsistentRead: true,
    })),
    ...(await query({
      IndexName: 'GSI2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.businessOffersPartition(businessId) },
    })),
    ...(await query({
      IndexName: 'GSI2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.businessAdsPartition(businessId) },
    })),
  ];
}

describe('the card on offers, ads and search hits follows every change right away', () => {
  it('a rename, a review, a review hidden, a verification and the business hidden', async () => {
    const word = uniqueWord();
    const studio = await newBusiness({ businessName: `${word} Studio` });
    const client = await newClient();
    const viewer = await newClient();
    const open = await newPost(client, { images: [] });
    const pending = await newOffer(studio, open._id);
    const ad = await buyAd(studio);

    /** What the three lists show of the studio to `token` (the client's list of the open request's offers). */
    const shown = async (token = viewer.token) => ({
      hit: (await search(token, word)).find((h) => h._id === studio.businessId),
      ad: await adOf(token, ad._id),
      offer: (await offersOf(client.token, open._id)).find((o) => o._id === pending._id),
    });
    const card = (over: Partial<Card>) => ({
      businessName: `${word} Studio`,
      ratingAverage: 0,
      reviewCount: 0,
      verified: false,
      ...over,
    });
    const expectCard = async (over: Partial<Card>, finishedJobsCount: number) => {
      const now = await shown();
      expect(now.hit).toMatchObject(card(over));
      expect(now.ad).toMatchObject(card(over));
      expect(now.offer?.business).toEqual({ ...card(over), finishedJobsCount });
    };
    await expectCard({}, 0);

    // A rename: the new name on the hit, the ad and the offer (search finds it by its new word too).
    const renamed = await call('PUT', `/business/${studio.businessId}`, {
      token: studio.token,
      body: { businessName: `${word} Interiors` },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    await expectCard({ businessName: `${word} Interiors` }, 0);
    expect((await search(viewer.token, `${word} inter`)).map((h) => h._id)).toEqual([studio.businessId]);

    // A review of 4 stars: the rating and the finished job.
    const first = await review(client, studio, 4);
    const { job } = first;
    await expectCard({ businessName: `${word} Interiors`, ratingAverage: 4, reviewCount: 1 }, 1);
    await review(client, studio, 5);
    await expectCard({ businessName: `${word} Interiors`, ratingAverage: 4.5, reviewCount: 2 }, 2);

    // The first review hidden by moderation: its stars leave the rating (the job still counts).
    await reportAndHide(moderator.token, viewer, { kind: 'review', targetId: job._id });
    await expectCard({ businessName: `${word} Interiors`, ratingAverage: 5, reviewCount: 1 }, 2);

    // Verified by a moderator: the badge.
    const asked = await call('POST', '/business/verification', {
      token: studio.token,
      body: { nipt: 'L21718020A', document: await uploadPicture(studio) },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const approved = await call('POST', `/moderation/verifications/${studio.businessId}/decision`, {
      token: moderator.token,
      body: { approve: true },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const verified = { businessName: `${word} Interiors`, ratingAverage: 5, reviewCount: 1, verified: true };
    await expectCard(verified, 2);

    // Hidden by moderation: out of search and the Sponsored strip for others, its pending offer out of the client's
    // list; itself and moderators still find it.
    await reportAndHide(moderator.token, viewer, { kind: 'business', targetId: studio.businessId });
    const toOthers = await shown();
    expect(toOthers.hit).toBeUndefined();
    expect(toOthers.ad).toBeUndefined();
    expect(toOthers.offer).toBeUndefined();
    for (const token of [studio.token, moderator.token]) {
      const seen = await shown(token);
      expect(seen.hit).toMatchObject(card(verified));
      // The Sponsored strip: a business sees its own live runs; a hidden business's runs stop showing to everyone
      // else, moderators included (their strip is a client's).
      if (token === studio.token) expect(seen.ad).toMatchObject(card(verified));
      else expect(seen.ad).toBeUndefined();
    }
    // Its finished jobs stay with their client, with its card.
    const [finished] = await offersOf(client.token, first.post._id);
    expect(finished).toMatchObject({ _id: first.offer._id, status: 'finished', business: card(verified) });

    // Every copy holds the card of the record's current version.
    const record = (
      await db.send(
        new GetCommand({ TableName: stack().tableName, Key: keys.business(studio.businessId), ConsistentRead: true }),
      )
    ).Item!;
    const copies = await copyKeys(studio.businessId);
    expect(copies.length).toBeGreaterThanOrEqual(2 + 3 + 1);
    for (const key of copies)
      expect(await storedCopy(key)).toMatchObject({ v: record.cardVersion, businessName: `${word} Interiors` });
  });
});

describe('the stream carries a card changed on the record alone', () => {
  it('writes the new card onto the offers, ads and search entries', async () => {
    const word = uniqueWord();
    const studio = await newBusiness({ businessName: `${word} Works` });
    const client = await newClient();
    const post = await newPost(client, { images: [] });
    const offer = await newOffer(studio, post._id);
    const ad = await buyAd(studio);
    // What a refresh stopped at its deadline leaves: the record changed, its copies not yet.
    await db.send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: keys.business(studio.businessId),
        UpdateExpression: 'SET verified = :true ADD cardVersion :one',
        ExpressionAttributeValues: { ':true': true, ':one': 1 },
      }),
    );
    await waitFor(async () => {
      const [hit] = await search(client.token, word);
      const listed = await adOf(client.token, ad._id);
      const [offered] = await offersOf(client.token, post._id);
      return hit?.verified && listed?.verified && offered?._id === offer._id && offered.business.verified
        ? true
        : undefined;
    });
  });
});

describe('every item is written with its card', () => {
  it('offers, ads and search entries hold the business’s card from the moment they are stored', async () => {
    const word = uniqueWord();
    const studio = await newBusiness({ businessName: `${word} Atelier` });
    const client = await newClient();
    const post = await newPost(client, { images: [] });
    await newOffer(studio, post._id);
    await buyAd(studio);
    const copies = await copyKeys(studio.businessId);
    // Its name's two search entries, its offer and its ad.
    expect(copies.length).toBe(2 + 1 + 1);
    for (const key of copies)
      expect(await storedCopy(key)).toMatchObject({
        cognitoId: studio.sub,
        businessName: `${word} Atelier`,
        ratingSum: 0,
        reviewCount: 0,
        verified: false,
      });
  });
});
