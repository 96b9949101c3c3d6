/**
 * A Sponsored run's impressions under concurrent page views (docs/sponsored-runs.md "Figures"): a live run first in
 * a client's strip; 20 concurrent GET /ads of the same page view count one impression, 20 of 20 different views
 * count 20. The stack's process adds them up in memory and writes them every AD_COUNTS_TEST_FLUSH_MS (its timer,
 * as a Lambda's once a minute); GET /ad/{id} then shows exactly those numbers, and still does several writes later
 * (a double count would show there).
 */
import { describe, expect, it } from 'vitest';
import { TOWNS } from '../../common/constants';
import { call, categoryIdsByName, newBusiness, newClient, newPost, type BusinessAccount } from '../support/api';
import { paidAd } from '../support/payments';
import { AD_COUNTS_TEST_FLUSH_MS } from '../support/testStack';

const TOWN = TOWNS[5];
const CONCURRENT = 20;

const impressionsOf = async (business: BusinessAccount, id: string) => {
  const res = await call('GET', `/ad/${id}`, { token: business.token });
  expect(res.status).toBe(200);
  return res.body.figures.impressions as number;
};

/** The run's impressions once the stack's process has written what it holds: `expected` reached, then left as it is. */
async function writtenImpressions(business: BusinessAccount, id: string, expected: number) {
  const until = Date.now() + 20_000;
  while ((await impressionsOf(business, id)) < expected && Date.now() < until)
    await new Promise((r) => setTimeout(r, 100));
  // Several more flushes: anything counted twice would be written by now.
  await new Promise((r) => setTimeout(r, AD_COUNTS_TEST_FLUSH_MS * 4));
  return impressionsOf(business, id);
}

describe('Sponsored strip impressions under concurrent page views', () => {
  it('counts one impression for 20 concurrent reads of one page view, and 20 for 20 page views', async () => {
    const client = await newClient();
    const categories = Object.values(await categoryIdsByName(client.token));
    const service = categories[Math.floor(categories.length / 2)];
    const business = await newBusiness({ businessName: 'Impressions Studio', categories: [service] });
    // A run of the business's service across the country (paidAd names no targeting: its first service, no towns).
    const ad = await paidAd(business);
    const detail = await call('GET', `/ad/${ad._id}`, { token: business.token });
    expect(detail.body).toMatchObject({ state: 'live', category: service });
    await newPost(client, { images: [], location: TOWN, category: [service] });

    const strip = (view: string) => call('GET', `/ads?view=${view}`, { token: client.token });
    const shown = (res: Awaited<ReturnType<typeof strip>>) =>
      res.status === 200 && res.body.some((a: { _id: string }) => a._id === ad._id);

    const sameView = `same-view-${client.userId}`;
    const same = await Promise.all(Array.from({ length: CONCURRENT }, () => strip(sameView)));
    expect(same.every(shown)).toBe(true);
    expect(await writtenImpressions(business, ad._id, 1)).toBe(1);

    const distinct = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) => strip(`distinct-view-${i}-${client.userId}`)),
    );
    expect(distinct.every(shown)).toBe(true);
    expect(await writtenImpressions(business, ad._id, 1 + CONCURRENT)).toBe(1 + CONCURRENT);

    const run = await call('GET', `/ad/${ad._id}`, { token: business.token });
    expect(run.body.days).toEqual([expect.objectContaining({ impressions: 1 + CONCURRENT })]);
    // The business's own strip counts nothing.
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call('GET', `/ads?view=own-view-${i}-${business.sub}`, { token: business.token }),
      ),
    );
    expect(await writtenImpressions(business, ad._id, 1 + CONCURRENT)).toBe(1 + CONCURRENT);
  }, 120_000);
});
