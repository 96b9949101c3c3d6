/**
 * Ads, subscriptions and the transactions list through the local gateway, paid on the local payment provider's
 * checkout page (the test cards) and completed by its signed webhooks, as Paddle does in the cloud.
 */
import { describe, expect, it } from 'vitest';
import { AD_PRICE } from '../../common/constants';
import { call, newBusiness, newClient, uploadPicture, type BusinessAccount } from '../support/api';
import { CARDS, settledPayment, submitCard, transactionOf } from '../support/payments';

const adBody = async (b: { businessId: string; idToken: string }) => ({
  businessId: b.businessId,
  image: await uploadPicture(b),
});

/** Buys an ad and pays its checkout with `card`; answers the 201 and the settled payment. */
async function buyAd(business: BusinessAccount, card: string = CARDS.success, more: Record<string, unknown> = {}) {
  const created = await call('POST', '/ad', { token: business.token, body: { ...(await adBody(business)), ...more } });
  expect(created.status).toBe(201);
  await submitCard(transactionOf(created.body.checkout.url), card);
  return { ad: created.body, payment: await settledPayment(business.token, created.body.transaction.id) };
}

const adsOf = async (token: string, businessId: string) =>
  ((await call('GET', `/business/ads/${businessId}`, { token })).body as { _id: string }[]).map((a) => a._id);

describe('ads', () => {
  it('POST /ad answers 201 with the ad awaiting payment and where to pay; paid, the ad is listed newest first and the payment is Completed', async () => {
    const business = await newBusiness({ businessName: 'Drita Interiors' });
    const first = await call('POST', '/ad', { token: business.token, body: await adBody(business) });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      businessId: business.businessId,
      businessName: 'Drita Interiors',
      transaction: { amount: AD_PRICE, currency: 'EUR', status: 'Pending', state: 'pending', test: true },
      checkout: { transactionId: expect.stringMatching(/^txn_/) },
    });
    // The pay step of the web app, with the provider's transaction appended as Paddle does.
    expect(first.body.checkout.url).toMatch(
      new RegExp(`/pay/${first.body.transaction.id}\\?_ptxn=${first.body.checkout.transactionId}$`),
    );
    const viewer = await newClient();
    // Not paid yet: on no list.
    expect(await adsOf(viewer.token, business.businessId)).toEqual([]);

    await submitCard(first.body.checkout.transactionId, CARDS.success);
    const paid = await settledPayment(business.token, first.body.transaction.id);
    expect(paid).toMatchObject({ state: 'completed', status: 'Completed', amount: AD_PRICE, receipt: true });
    // The same run again: refused until the business confirms it knows it overlaps its first (409 AD_RUN_OVERLAP).
    const overlapping = await call('POST', '/ad', { token: business.token, body: await adBody(business) });
    expect([overlapping.status, overlapping.body.code]).toEqual([409, 'AD_RUN_OVERLAP']);
    const second = await buyAd(business, CARDS.success, { allowOverlap: true });

    // The business's own strip: one of its live runs (a strip shows a business once).
    const own = await call('GET', '/ads', { token: business.token });
    const ours = own.body as { _id: string; businessName: string }[];
    expect(ours).toHaveLength(1);
    expect([second.ad._id, first.body._id]).toContain(ours[0]._id);
    expect(ours[0].businessName).toBe('Drita Interiors');
    expect(await adsOf(viewer.token, business.businessId)).toEqual([second.ad._id, first.body._id]);

    const txns = await call('GET', `/paymentTransaction/bussines/${business.sub}`, { token: business.token });
    expect(txns.body).toHaveLength(2);
    expect(txns.body[0]).toMatchObject({
      amount: AD_PRICE,
      currency: 'EUR',
      status: 'Completed',
      clientName: 'Drita Interiors',
      purpose: { kind: 'ad' },
    });
    expect(txns.body[0].image).toBe(second.ad.image);
  });

  it('a declined card leaves the ad unlisted (awaiting its payment), the payment Refused with the reason, and nothing charged', async () => {
    const business = await newBusiness();
    const viewer = await newClient();
    const { ad, payment } = await buyAd(business, CARDS.declined);
    expect(payment).toMatchObject({
      state: 'failed',
      status: 'Refused',
      failure: { code: 'declined' },
      receipt: false,
    });
    expect(await adsOf(viewer.token, business.businessId)).not.toContain(ad._id);
    expect((await call('GET', `/ad/${ad._id}`, { token: business.token })).body.state).toBe('awaiting_payment');
    // The same checkout takes another card: then the ad is bought after all.
    await submitCard(ad.checkout.transactionId, CARDS.success);
    const paid = await settledPayment(business.token, ad.transaction.id);
    expect(paid.state).toBe('completed');
    expect(await adsOf(viewer.token, business.businessId)).toContain(ad._id);
  });

  it("only the ad's business deletes it; then it is gone from the lists", async () => {
    const business = await newBusiness();
    const other = await newBusiness();
    const { ad } = await buyAd(business);
    expect((await call('DELETE', `/ad/${ad._id}`, { token: other.token })).status).toBe(403);
    expect(await adsOf(other.token, business.businessId)).toHaveLength(1);
    expect((await call('DELETE', `/ad/${ad._id}`, { token: business.token })).status).toBe(200);
    expect(await adsOf(other.token, business.businessId)).toEqual([]);
    expect((await call('DELETE', `/ad/${ad._id}`, { token: business.token })).status).toBe(404);
  });

  it("refuses an ad without an image (400 naming image), for another business (403), with someone else's upload (400); nothing is started", async () => {
    const business = await newBusiness();
    const other = await newBusiness();
    const missing = await call('POST', '/ad', { token: business.token, body: { businessId: business.businessId } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('image');
    expect((await call('POST', '/ad', { token: business.token, body: await adBody(other) })).status).toBe(403);
    expect(
      (
        await call('POST', '/ad', {
          token: business.token,
          body: { businessId: business.businessId, image: `uploads/${other.sub}/x.png` },
        })
      ).status,
    ).toBe(400);
    expect((await call('GET', `/paymentTransaction/bussines/${business.sub}`, { token: business.token })).body).toEqual(
      [],
    );
    expect(await adsOf(business.token, business.businessId)).toEqual([]);
  });

  it("a business cannot read another's payment or its receipt", async () => {
    const business = await newBusiness();
    const other = await newBusiness();
    const { ad } = await buyAd(business);
    expect((await call('GET', `/payments/${ad.transaction.id}`, { token: other.token })).status).toBe(403);
    expect((await call('GET', `/payments/${ad.transaction.id}/receipt`, { token: other.token })).status).toBe(403);
    const receipt = await call('GET', `/payments/${ad.transaction.id}/receipt`, { token: business.token });
    expect(receipt.status).toBe(200);
    const page = await fetch(receipt.body.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(ad.checkout.transactionId);
  });
});

describe('subscriptions', () => {
  it('a paid plan starts a checkout (202); the plan is set when its payment completes; Basic cancels at the end of the period', async () => {
    const business = await newBusiness();
    const premium = await call('POST', '/subscription', { token: business.token, body: { plan: 'premium' } });
    expect(premium.status).toBe(202);
    expect(premium.body).toMatchObject({
      plan: 'basic',
      transaction: { amount: 8, currency: 'EUR', status: 'Pending', purpose: { kind: 'plan', plan: 'premium' } },
      checkout: { transactionId: expect.stringMatching(/^txn_/) },
    });
    expect((await call('GET', `/business/${business.businessId}`, { token: business.token })).body.plan).toBe('basic');
    await submitCard(premium.body.checkout.transactionId, CARDS.success);
    expect((await settledPayment(business.token, premium.body.transaction.id)).state).toBe('completed');
    expect((await call('GET', `/business/${business.businessId}`, { token: business.token })).body.plan).toBe(
      'premium',
    );
    expect((await call('POST', '/subscription', { token: business.token, body: { plan: 'premium' } })).status).toBe(
      409,
    );

    const basic = await call('POST', '/subscription', { token: business.token, body: { plan: 'basic' } });
    expect(basic.status).toBe(200);
    expect(basic.body).toMatchObject({ plan: 'premium', effectiveAt: expect.any(String) });
    expect(Date.parse(basic.body.effectiveAt)).toBeGreaterThan(Date.now() + 20 * 24 * 3600_000);
    // Benefits last until then.
    expect((await call('GET', `/business/${business.businessId}`, { token: business.token })).body.plan).toBe(
      'premium',
    );

    const bad = await call('POST', '/subscription', { token: business.token, body: { plan: 'gold' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('plan');
  });

  it('Basic without a subscription is set at once with no payment', async () => {
    const business = await newBusiness();
    const standard = await call('POST', '/subscription', { token: business.token, body: { plan: 'standard' } });
    await submitCard(standard.body.checkout.transactionId, CARDS.declined);
    expect((await settledPayment(business.token, standard.body.transaction.id)).state).toBe('failed');
    expect((await call('GET', `/business/${business.businessId}`, { token: business.token })).body.plan).toBe('basic');
    expect((await call('POST', '/subscription', { token: business.token, body: { plan: 'basic' } })).status).toBe(409);
  });
});

describe('transactions', () => {
  it('are paged newest first with a cursor', async () => {
    const business = await newBusiness();
    for (let i = 0; i < 3; i++)
      expect((await call('POST', '/ad', { token: business.token, body: await adBody(business) })).status).toBe(201);
    const page1 = await call('GET', `/paymentTransaction/bussines/${business.sub}?limit=2`, { token: business.token });
    expect(page1.body).toHaveLength(2);
    const cursor = page1.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const page2 = await call('GET', `/paymentTransaction/bussines/${business.sub}?limit=2&cursor=${cursor}`, {
      token: business.token,
    });
    expect(page2.body).toHaveLength(1);
    expect(Date.parse(page1.body[1].date)).toBeGreaterThanOrEqual(Date.parse(page2.body[0].date));
  });
});

describe('purchases with an Idempotency-Key start one payment', () => {
  const withKey = (key: string) => ({ 'Idempotency-Key': key });
  const txnsOf = async (b: { sub: string; token: string }) =>
    (await call('GET', `/paymentTransaction/bussines/${b.sub}`, { token: b.token })).body as unknown[];

  it('an ad sent twice with one key (one after the other, then at the same time) starts one payment and answers the same; a new key starts another', async () => {
    const business = await newBusiness();
    const body = await adBody(business);
    const first = await call('POST', '/ad', { token: business.token, body, headers: withKey('ad-key-1') });
    expect(first.status).toBe(201);
    const again = await call('POST', '/ad', { token: business.token, body, headers: withKey('ad-key-1') });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await txnsOf(business)).toHaveLength(1);

    const together = await Promise.all(
      [1, 2, 3].map(() => call('POST', '/ad', { token: business.token, body, headers: withKey('ad-key-2') })),
    );
    expect(together.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(together[1].body).toEqual(together[0].body);
    expect(together[2].body).toEqual(together[0].body);
    expect(together[0].body._id).not.toBe(first.body._id);
    expect(await txnsOf(business)).toHaveLength(2);
  });

  it('the same key with a different body is refused with a code and starts nothing', async () => {
    const business = await newBusiness();
    expect(
      (await call('POST', '/ad', { token: business.token, body: await adBody(business), headers: withKey('reused') }))
        .status,
    ).toBe(201);
    const other = await call('POST', '/ad', {
      token: business.token,
      body: await adBody(business),
      headers: withKey('reused'),
    });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await txnsOf(business)).toHaveLength(1);
  });

  it('one key belongs to its caller: another business using the same key starts its own payment', async () => {
    const a = await newBusiness();
    const b = await newBusiness();
    expect(
      (await call('POST', '/ad', { token: a.token, body: await adBody(a), headers: withKey('shared') })).status,
    ).toBe(201);
    const theirs = await call('POST', '/ad', { token: b.token, body: await adBody(b), headers: withKey('shared') });
    expect(theirs.status).toBe(201);
    expect(theirs.body.businessId).toBe(b.businessId);
    expect(await txnsOf(b)).toHaveLength(1);
  });

  it('a malformed key is a 400 with a code', async () => {
    const business = await newBusiness();
    const bad = await call('POST', '/ad', {
      token: business.token,
      body: await adBody(business),
      headers: withKey('not a key!'),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_IDEMPOTENCY_KEY');
    expect(await txnsOf(business)).toHaveLength(0);
  });

  it('a plan chosen twice with one key (also at the same time) starts one checkout and both answers are the first one', async () => {
    const business = await newBusiness();
    const [one, two] = await Promise.all(
      [1, 2].map(() =>
        call('POST', '/subscription', {
          token: business.token,
          body: { plan: 'standard' },
          headers: withKey('plan-1'),
        }),
      ),
    );
    expect(one.status).toBe(202);
    expect(two.status).toBe(202);
    expect(two.body).toEqual(one.body);
    const retry = await call('POST', '/subscription', {
      token: business.token,
      body: { plan: 'standard' },
      headers: withKey('plan-1'),
    });
    expect(retry.body).toEqual(one.body);
    expect(await txnsOf(business)).toHaveLength(1);
  });
});
