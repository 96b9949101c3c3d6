/**
 * Plans on the local stack: the month's offer quota held in the offer's own transaction (twenty offers racing at one
 * below Basic's limit: exactly one passes; the others are 409 PLAN_LIMIT with the limit, its reset and the plan that
 * lifts it), and a subscription month by month through the local payment provider's webhooks: subscribed, renewed,
 * a renewal declined (the grace period, a new card pays it), an upgrade at once, a downgrade and a cancellation at
 * the end of the paid period, and its end (Basic again, nothing deleted: a portfolio above Basic's limit is kept, only
 * new pictures are refused).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { GRACE_DAYS, PLAN_RULES, monthOf, quotaResetsAt } from '../../common/plans';
import { call, newBusiness, newClient, newPost, stack, uploadPicture, type BusinessAccount } from '../support/api';
import { tableClient } from '../support/expiry';
import { STREAM_WAIT_MS } from '../support/notifications';
import {
  CARDS,
  billing,
  billingWhen,
  paidPlan,
  renew,
  submitCard,
  subscriptionIdOf,
  transactionOf,
} from '../support/payments';

const DAY = 24 * 60 * 60 * 1000;

/** The offers the business made this month, as if it had made `offers` already. */
async function setOffersThisMonth(businessId: string, offers: number) {
  const db = tableClient();
  const month = monthOf();
  await db.send(
    new UpdateCommand({
      TableName: stack().tableName,
      Key: { pk: `BUSINESS#${businessId}`, sk: `USAGE#${month}` },
      UpdateExpression: 'SET offers = :n, #m = :month, businessId = :b',
      ExpressionAttributeNames: { '#m': 'month' },
      ExpressionAttributeValues: { ':n': offers, ':month': month, ':b': businessId },
    }),
  );
  db.destroy();
}

const planOf = async (business: BusinessAccount) =>
  (await call('GET', `/business/${business.businessId}`, { token: business.token })).body.plan;

describe('offers per month', () => {
  it('twenty offers at one below the limit: exactly one is made; the others are refused with the limit, its reset and the plan that lifts it', async () => {
    const business = await newBusiness();
    const client = await newClient();
    const limit = PLAN_RULES.basic.offersPerMonth!;
    const posts: { _id: string }[] = [];
    for (let i = 0; i < 20; i++) posts.push(await newPost(client, { images: [], title: `Shelves ${i}` }));
    await setOffersThisMonth(business.businessId, limit - 1);
    expect((await billing(business)).usage.offers).toEqual({ used: limit - 1, limit });

    const offerOn = (postId: string) =>
      call('POST', '/offer', {
        token: business.token,
        body: { postId, businessId: business.businessId, price: 900, message: 'We can start on Monday' },
      });
    const raced = await Promise.all(posts.map((p) => offerOn(p._id)));
    // An emulator too busy to answer in time says 503 (try again): asked again, each of those is refused too.
    const answers = await Promise.all(
      raced.map((a, i) => (a.status === 503 ? offerOn(posts[i]._id) : Promise.resolve(a))),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r.status, JSON.stringify(r.body)).toBe(409);
      expect(r.body).toMatchObject({
        code: 'PLAN_LIMIT',
        limit: { kind: 'offersPerMonth', plan: 'basic', limit, used: limit, upgradeTo: 'standard' },
      });
      expect(r.body.limit.resetsAt).toBe(quotaResetsAt());
    }
    const after = await billing(business);
    expect(after.usage.offers).toEqual({ used: limit, limit });
    // Nothing of the refused offers was kept.
    const offers = await call('GET', `/business/offers/${business.businessId}`, { token: business.token });
    expect(offers.body.items ?? offers.body).toHaveLength(1);
  }, 180_000);

  it('Standard lifts the limit to its own; another business cannot read this one’s plan', async () => {
    const business = await newBusiness();
    await paidPlan(business, 'standard');
    const b = await billingWhen(business, (x) => x.plan === 'standard');
    expect(b.usage.offers).toEqual({ used: 0, limit: PLAN_RULES.standard.offersPerMonth });
    expect(b.usage.portfolioPictures.limit).toBe(PLAN_RULES.standard.portfolioPictures);
    const other = await newBusiness();
    expect((await billing(other)).plan).toBe('basic');
    const client = await newClient();
    expect((await call('GET', '/subscription', { token: client.token })).status).toBe(403);
    expect((await call('POST', '/subscription/card', { token: other.token })).status).toBe(409);
  });
});

describe('a subscription month by month through the provider', () => {
  it('subscribed, renewed, a renewal declined (grace, then a new card pays it), cancelled at the end of the period, ended: Basic', async () => {
    const business = await newBusiness();
    await paidPlan(business, 'standard');
    const started = await billingWhen(business, (b) => b.plan === 'standard' && b.status === 'active');
    expect(started).toMatchObject({ price: 5, status: 'active', manageCard: true });
    // The provider's subscription (its period) is kept whichever of its webhook and the payment's came first.
    const { renewsAt: first } = await billingWhen(business, (b) => typeof b.renewsAt === 'string');
    const subscriptionId = await subscriptionIdOf(business.businessId);

    // A month passes: the renewal is paid, the next renewal a month later.
    await renew(subscriptionId);
    const renewed = await billingWhen(business, (b) => b.renewsAt > first);
    expect(Date.parse(renewed.renewsAt) - Date.parse(first)).toBeGreaterThan(25 * DAY);

    // The next one is declined: the plan stays through the grace period.
    await renew(subscriptionId, true);
    const pastDue = await billingWhen(business, (b) => b.status === 'pastDue');
    expect(pastDue.plan).toBe('standard');
    const grace = Date.parse(pastDue.graceEndsAt) - Date.now();
    expect(grace).toBeGreaterThan((GRACE_DAYS - 1) * DAY);
    expect(grace).toBeLessThanOrEqual(GRACE_DAYS * DAY);
    // Changing plan waits until it is paid.
    const change = await call('POST', '/subscription', { token: business.token, body: { plan: 'premium' } });
    expect(change.status).toBe(409);
    expect(change.body.code).toBe('SUBSCRIPTION_PAST_DUE');
    const kinds = await notificationKinds(business);
    expect(kinds).toContain('planPaymentFailed');

    // A new card pays the renewal: active again.
    const card = await call('POST', '/subscription/card', { token: business.token });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    await submitCard(transactionOf(card.body.url), CARDS.success);
    await billingWhen(business, (b) => b.status === 'active');

    // Cancelled: the plan stays until the end of the paid period, the date shown.
    const cancel = await call('POST', '/subscription', { token: business.token, body: { plan: 'basic' } });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.plan).toBe('standard');
    const ending = await billingWhen(business, (b) => b.status === 'ending');
    expect(ending.plan).toBe('standard');
    expect(ending.endsAt).toBe(cancel.body.effectiveAt);

    // The period ends: Basic, nothing deleted.
    await renew(subscriptionId);
    const ended = await billingWhen(business, (b) => b.plan === 'basic');
    expect(ended.status).toBe('free');
    expect(await planOf(business)).toBe('basic');
  }, 180_000);

  it('back on Basic, a portfolio above its limit is kept; only new pictures are refused', async () => {
    const business = await newBusiness();
    await paidPlan(business, 'standard');
    await billingWhen(business, (b) => b.plan === 'standard' && b.status === 'active');
    const basicLimit = PLAN_RULES.basic.portfolioPictures;
    const pictures: string[] = [];
    for (let i = 0; i <= basicLimit; i++) pictures.push(await uploadPicture(business));
    const put = (showroom: string[]) =>
      call('PUT', `/business/${business.businessId}`, { token: business.token, body: { showroom } });
    expect((await put(pictures)).status).toBe(200);

    // Cancelled, and the period ends: Basic.
    expect((await call('POST', '/subscription', { token: business.token, body: { plan: 'basic' } })).status).toBe(200);
    await billingWhen(business, (b) => b.status === 'ending');
    await renew(await subscriptionIdOf(business.businessId));
    const basic = await billingWhen(business, (b) => b.plan === 'basic');
    expect(basic.usage.portfolioPictures).toEqual({ used: basicLimit + 1, limit: basicLimit });

    // Nothing deleted: the pictures stay, and saving them again is allowed.
    const profile = await call('GET', `/business/${business.businessId}`, { token: business.token });
    expect(profile.body.showroom).toHaveLength(basicLimit + 1);
    expect((await put(pictures)).status).toBe(200);
    // One more is refused with the limit and the plan that lifts it; fewer are fine.
    const more = await put([...pictures, await uploadPicture(business)]);
    expect(more.status).toBe(409);
    expect(more.body).toMatchObject({
      code: 'PLAN_LIMIT',
      limit: { kind: 'portfolioPictures', plan: 'basic', limit: basicLimit, upgradeTo: 'standard' },
    });
    expect((await put(pictures.slice(1))).status).toBe(200);
  }, 180_000);

  it('an upgrade takes effect at once; a downgrade waits for the end of the paid period and can be withdrawn', async () => {
    const business = await newBusiness();
    await paidPlan(business, 'standard');
    await billingWhen(business, (b) => b.plan === 'standard' && b.status === 'active');

    const up = await call('POST', '/subscription', { token: business.token, body: { plan: 'premium' } });
    expect(up.status, JSON.stringify(up.body)).toBe(202);
    const premium = await billingWhen(business, (b) => b.plan === 'premium');
    expect(premium.usage.offers.limit).toBeNull();

    const down = await call('POST', '/subscription', { token: business.token, body: { plan: 'standard' } });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(down.body).toMatchObject({ plan: 'premium', effectiveAt: premium.renewsAt });
    const scheduled = await billing(business);
    expect(scheduled).toMatchObject({ plan: 'premium', scheduledPlan: 'standard', scheduledAt: premium.renewsAt });

    const keep = await call('POST', '/subscription', { token: business.token, body: { plan: 'premium' } });
    expect(keep.status, JSON.stringify(keep.body)).toBe(200);
    const kept = await billing(business);
    expect(kept.plan).toBe('premium');
    expect(kept.scheduledPlan).toBeUndefined();

    // Asked again, the downgrade takes effect when the next period starts.
    expect((await call('POST', '/subscription', { token: business.token, body: { plan: 'standard' } })).status).toBe(
      200,
    );
    await renew(await subscriptionIdOf(business.businessId));
    const downgraded = await billingWhen(business, (b) => b.plan === 'standard');
    expect(downgraded).toMatchObject({ status: 'active', price: 5 });
    expect(downgraded.scheduledPlan).toBeUndefined();
  }, 180_000);
});

async function notificationKinds(business: BusinessAccount, timeoutMs = STREAM_WAIT_MS): Promise<string[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await call('GET', '/notifications', { token: business.token });
    const kinds = ((res.body.items ?? res.body) as { kind: string }[]).map((n) => n.kind);
    if (kinds.includes('planPaymentFailed') || Date.now() > until) return kinds;
    await new Promise((r) => setTimeout(r, 200));
  }
}
