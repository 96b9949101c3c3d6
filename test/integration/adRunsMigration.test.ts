/**
 * The migration of ads bought before Sponsored runs (scripts/migrate-ad-runs.ts), over the local stack's DynamoDB
 * Local. Ads are written as the code before runs stored them (no state, listed under GSI1 `ADS` or one of its former
 * shards, a payment record beside them); a dry run changes nothing; the run writes a paid one as an ended run (its
 * dates from its payment, else its creation; reason `beforeRuns`; its payment kept) and an unpaid one as awaiting
 * payment, leaves an ad that has a state alone, and a second run changes nothing. A migrated ad reads as ended on
 * GET /ad/{id} and in its business's Ads list, and is in no strip.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { AD_RUN_DAYS } from '../../common/adRuns';
import { DEFAULT_OPEN_INDEX_SHARDS } from '../../common/constants';
import { keys, shardOf } from '../../lambdas/data/keys';
import { migrateAdRuns } from '../../scripts/migrate-ad-runs';
import { call, newBusiness, newClient, newPost, stack, uploadPicture, type BusinessAccount } from '../support/api';
import { tableClient } from '../support/expiry';
import { useStackEnvironment } from '../support/notifications';

beforeAll(() => {
  useStackEnvironment();
});

const DAY = 24 * 3600_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

/** An ad as the code before runs stored it (no state, on GSI1 `ADS` or a shard), with its payment record if `paid`. */
async function legacyAd(
  business: BusinessAccount,
  opts: {
    createdAt: string;
    paymentStatus: 'Completed' | 'Pending' | 'Refunded';
    completedAt?: string;
    shard?: boolean;
  },
) {
  const db = tableClient();
  const TableName = stack().tableName;
  const id = randomUUID();
  const transactionId = randomUUID();
  const image = await uploadPicture(business);
  if (opts.completedAt || opts.paymentStatus === 'Pending') {
    await db.send(
      new PutCommand({
        TableName,
        Item: {
          ...keys.transaction(transactionId),
          id: transactionId,
          businessSub: business.sub,
          businessId: business.businessId,
          clientName: 'Legacy Studio',
          date: opts.createdAt,
          amount: 20,
          currency: 'EUR',
          description: 'Sponsored ad',
          purpose: { kind: 'ad', adId: id },
          status: opts.paymentStatus,
          ...(opts.completedAt ? { completedAt: opts.completedAt } : {}),
        },
      }),
    );
  }
  await db.send(
    new PutCommand({
      TableName,
      Item: {
        ...keys.ad(id),
        gsi1pk: opts.shard ? keys.legacyAllAdsShard(shardOf(id, DEFAULT_OPEN_INDEX_SHARDS)) : keys.allAds,
        gsi1sk: `${opts.createdAt}#${id}`,
        gsi2pk: keys.businessAdsPartition(business.businessId),
        gsi2sk: `${opts.createdAt}#${id}`,
        _id: id,
        businessId: business.businessId,
        businessSub: business.sub,
        businessName: 'Legacy Studio',
        image,
        createdAt: opts.createdAt,
        transactionId,
        paymentStatus: opts.paymentStatus,
      },
    }),
  );
  db.destroy();
  return { id, transactionId, createdAt: opts.createdAt };
}

/** The stored items of the ads and their figures, as they are. */
async function stored(ids: string[]) {
  const db = tableClient();
  const TableName = stack().tableName;
  const items = await Promise.all(
    ids.flatMap((id) =>
      [keys.ad(id), keys.adFigures(id)].map(
        async (Key) => (await db.send(new GetCommand({ TableName, Key, ConsistentRead: true }))).Item,
      ),
    ),
  );
  db.destroy();
  return items;
}

describe('ads bought before runs become runs', () => {
  it('writes paid ones as ended runs and unpaid ones as awaiting payment, keeps their payment, leaves runs alone, changes nothing on a dry run or a second run; a migrated ad reads as ended and is in no strip', async () => {
    const business = await newBusiness({ businessName: 'Legacy Studio' });
    const paidAt = daysAgo(40);
    const paid = await legacyAd(business, { createdAt: daysAgo(41), paymentStatus: 'Completed', completedAt: paidAt });
    // Paid two days ago (a run would still have five days): it ended when it was migrated.
    const recent = await legacyAd(business, {
      createdAt: daysAgo(2),
      paymentStatus: 'Completed',
      completedAt: daysAgo(2),
      shard: true,
    });
    // No payment record left: its dates come from its creation.
    const noRecord = await legacyAd(business, { createdAt: daysAgo(30), paymentStatus: 'Refunded', shard: true });
    const unpaid = await legacyAd(business, { createdAt: daysAgo(10), paymentStatus: 'Pending' });
    const legacy = [paid, recent, noRecord, unpaid].map((a) => a.id);

    // A run bought since (on no former index) and an ad under `ADS` that has a state: neither is touched.
    const stateful = await legacyAd(business, {
      createdAt: daysAgo(5),
      paymentStatus: 'Completed',
      completedAt: daysAgo(5),
    });
    const db = tableClient();
    const { Item } = await db.send(
      new GetCommand({ TableName: stack().tableName, Key: keys.ad(stateful.id), ConsistentRead: true }),
    );
    await db.send(
      new PutCommand({ TableName: stack().tableName, Item: { ...Item, state: 'ended', endReason: 'finished' } }),
    );
    db.destroy();

    // Before: read through the fallback for stateless ads.
    expect((await call('GET', `/ad/${paid.id}`, { token: business.token })).body.state).toBe('ended');

    const before = await stored([...legacy, stateful.id]);
    const dry = await migrateAdRuns({ dryRun: true });
    expect(dry.ended).toBeGreaterThanOrEqual(3);
    expect(dry.awaitingPayment).toBeGreaterThanOrEqual(1);
    expect(dry.alreadyRuns).toBeGreaterThanOrEqual(1);
    expect(await stored([...legacy, stateful.id])).toEqual(before);

    const at = new Date().toISOString();
    const run = await migrateAdRuns();
    expect(run.ended).toBeGreaterThanOrEqual(3);
    expect(run.awaitingPayment).toBeGreaterThanOrEqual(1);

    const [paidAd, paidFigures, recentAd, , noRecordAd, , unpaidAd, unpaidFigures, statefulAd, statefulFigures] =
      await stored([...legacy, stateful.id]);
    expect(paidAd).toMatchObject({
      state: 'ended',
      endReason: 'beforeRuns',
      startsAt: paidAt,
      endsAt: new Date(Date.parse(paidAt) + AD_RUN_DAYS * DAY).toISOString(),
      endedAt: new Date(Date.parse(paidAt) + AD_RUN_DAYS * DAY).toISOString(),
      transactionId: paid.transactionId,
      paymentStatus: 'Completed',
      price: 20,
      currency: 'EUR',
    });
    expect(paidAd).not.toHaveProperty('gsi1pk');
    expect(paidFigures).toEqual(keys.adFigures(paid.id));
    expect(recentAd).toMatchObject({ state: 'ended', endReason: 'beforeRuns' });
    expect(recentAd!.endsAt >= at && recentAd!.endsAt <= new Date().toISOString()).toBe(true);
    expect(noRecordAd).toMatchObject({
      state: 'ended',
      endReason: 'beforeRuns',
      startsAt: noRecord.createdAt,
      endsAt: new Date(Date.parse(noRecord.createdAt) + AD_RUN_DAYS * DAY).toISOString(),
      paymentStatus: 'Refunded',
    });
    expect(noRecordAd).not.toHaveProperty('price');
    expect(unpaidAd).toMatchObject({ state: 'awaiting_payment', paymentStatus: 'Pending', price: 20, currency: 'EUR' });
    expect(unpaidAd).not.toHaveProperty('endReason');
    expect(unpaidFigures).toBeDefined();
    expect(statefulAd).toEqual(before[8]);
    expect(statefulFigures).toBeUndefined();

    // A second run changes nothing.
    const afterFirst = await stored([...legacy, stateful.id]);
    await migrateAdRuns();
    expect(await stored([...legacy, stateful.id])).toEqual(afterFirst);

    // What the business and others see.
    const detail = await call('GET', `/ad/${paid.id}`, { token: business.token });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      _id: paid.id,
      state: 'ended',
      endReason: 'beforeRuns',
      startsAt: paidAt,
      paymentId: paid.transactionId,
      figures: { impressions: 0, clicks: 0, profileViews: 0, chats: 0 },
      days: [],
    });
    const own = await call('GET', `/business/ads/${business.businessId}`, { token: business.token });
    expect(own.status).toBe(200);
    const states = Object.fromEntries(own.body.map((a: { _id: string; state: string }) => [a._id, a.state]));
    expect(states).toMatchObject({
      [paid.id]: 'ended',
      [recent.id]: 'ended',
      [noRecord.id]: 'ended',
      [unpaid.id]: 'awaiting_payment',
    });
    const client = await newClient();
    await newPost(client, { images: [], location: 'Tirana' });
    expect((await call('GET', `/business/ads/${business.businessId}`, { token: client.token })).body).toEqual([]);
    const strip = await call('GET', `/ads?view=migrated-${client.userId}`, { token: client.token });
    expect(strip.status).toBe(200);
    for (const id of legacy) expect(strip.body.some((a: { _id: string }) => a._id === id)).toBe(false);
    const ownStrip = await call('GET', '/ads', { token: business.token });
    expect(ownStrip.body).toEqual([]);
  }, 120_000);
});
