/**
 * The price guide over the local stack: offers accepted through the API move the figures once the
 * stream handler has run; below 5 offers or 3 businesses a town shows no figure of its own; cancelling an
 * acceptance takes its price away; finishing the job keeps it; a replayed stream event changes nothing; a malformed
 * query is a 400; no sign-in needed.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Offer, Post } from '../../common/types';
import { PRICE_GUIDE_STATED_ACCURACY_PERCENT, type PriceGuideAnswer } from '../../common/priceGuide';
import { keys } from '../../lambdas/model/keys';
import { movePriceGuide } from '../../lambdas/notify/priceGuide';
import { call, newBusiness, newClient, newOffer, newPost, setStatus, stack } from '../support/api';
import { tableClient } from '../support/expiry';
import { streamRecordOf, useStackEnvironment, waitFor } from '../support/notifications';

beforeAll(() => {
  useStackEnvironment();
  db = tableClient();
});

// A service and town no other test file accepts offers in, so the town's figures are this file's alone.
const SERVICE = 'decor';
const TOWN = 'Finiq';
const guide = async (town = TOWN) =>
  (await call<PriceGuideAnswer>('GET', `/price-guide?service=${SERVICE}&town=${encodeURIComponent(town)}`)).body;
const townFigure = async () => {
  const g = await guide();
  return g.figure?.scope === 'town' ? g.figure : null;
};
let db: ReturnType<typeof tableClient>;
const TableName = () => stack().tableName;
const contribution = async (offerId: string) =>
  (await db.send(new GetCommand({ TableName: TableName(), Key: keys.priceGuideContribution(offerId) }))).Item;
const near = (value: number, exact: number) =>
  expect(Math.abs(value - exact) / exact, `${value} vs ${exact}`).toBeLessThanOrEqual(
    PRICE_GUIDE_STATED_ACCURACY_PERCENT / 100,
  );

describe('GET /price-guide', () => {
  it('answers anyone, cacheable; a malformed query is a 400 with message, code and errors', async () => {
    const ok = await call('GET', `/price-guide?service=${SERVICE}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    expect(ok.body.service).toBe(SERVICE);

    const bad = await call('GET', '/price-guide?service=kitchens&town=Paris');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'INVALID_VALUE', message: expect.any(String) });
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['service', 'town']);
    expect(bad.headers.get('cache-control')).toBe('no-store');
    expect((await call('GET', '/price-guide')).status).toBe(400);
  });

  it('follows accepted offers: a figure from 5 offers of 3 businesses, gone when one is cancelled, back when accepted again', async () => {
    const client = await newClient();
    const [a, b, c] = await Promise.all([newBusiness(), newBusiness(), newBusiness()]);
    const prices = [1000, 1200, 1500, 1800, 2500];
    const by = [a, a, b, b, c];
    const offers: { post: Post; offer: Offer }[] = [];
    for (let i = 0; i < prices.length; i++) {
      const post = await newPost(client, { images: [], category: [SERVICE], location: TOWN, title: `Dekor ${i}` });
      offers.push({ post, offer: await newOffer(by[i], post._id, { price: prices[i] }) });
    }
    // Four accepted: not enough for a figure of the town's own.
    for (const { offer } of offers.slice(0, 4))
      expect((await setStatus(client, offer._id, 'accepted')).status).toBe(200);
    await waitFor(async () => (await contribution(offers[3].offer._id))?.active);
    expect(await townFigure()).toBeNull();

    expect((await setStatus(client, offers[4].offer._id, 'accepted')).status).toBe(200);
    const figure = await waitFor(async () => (await townFigure()) ?? undefined, 20_000);
    expect(figure.count).toBe(5);
    near(figure.median, 1500);
    near(figure.p25, 1200);
    near(figure.p75, 1800);
    near(figure.min, 1000);
    near(figure.max, 2500);
    expect(figure.updatedMonth).toBe(new Date().toISOString().slice(0, 7));
    // The country-wide figure of the service counts them too.
    const country = (await call<PriceGuideAnswer>('GET', `/price-guide?service=${SERVICE}`)).body.figure;
    expect(country?.scope).toBe('country');
    expect(country!.count).toBeGreaterThanOrEqual(5);

    // Cancelling one acceptance takes its price away: 4 offers, no town figure.
    expect((await setStatus(client, offers[4].offer._id, 'pending')).status).toBe(200);
    await waitFor(async () => ((await townFigure()) === null ? true : undefined), 20_000);

    // Accepted again, then the job finished: counted once.
    expect((await setStatus(client, offers[4].offer._id, 'accepted')).status).toBe(200);
    await waitFor(async () => ((await townFigure())?.count === 5 ? true : undefined), 20_000);
    const finished = await call('POST', '/finishedJobs', {
      token: client.token,
      body: { postId: offers[4].post._id, businessId: c.businessId, rating: 5, review: 'Punë e mirë' },
    });
    expect(finished.status).toBe(201);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await townFigure())?.count).toBe(5);

    // The first acceptance's stream record handed over again (as after a failed batch) changes nothing.
    const replay = await streamRecordOf(`OFFER#${offers[4].offer._id}`, 'MODIFY');
    expect((await movePriceGuide(replay))?.change).toBe('unchanged');
    expect(await townFigure()).toEqual(figure);
  });
});
