/** Ads, the $20 ad payment, subscriptions and the transactions list, through the local gateway (sandbox payments). */
import { describe, expect, it } from 'vitest';
import { call, newBusiness, newClient, uploadPicture } from '../support/api';

const adBody = async (b: { businessId: string; idToken: string }) => ({
  businessId: b.businessId,
  image: await uploadPicture(b),
});

describe('ads', () => {
  it('a business buys an ad: 201, the ad is listed newest first with its name and image address, and the $20 sandbox payment is recorded', async () => {
    const business = await newBusiness({ businessName: 'Drita Interiors' });
    const first = await call('POST', '/ad', { token: business.token, body: await adBody(business) });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      businessId: business.businessId,
      businessName: 'Drita Interiors',
      transaction: { amount: 20, status: 'Completed', sandbox: true, clientName: 'Drita Interiors' },
    });
    expect(first.body.image).toMatch(new RegExp(`^https?://.+/images/${business.sub}/.+/1280\\.webp$`));
    const second = await call('POST', '/ad', { token: business.token, body: await adBody(business) });
    expect(second.status).toBe(201);

    const viewer = await newClient();
    const all = await call('GET', '/ads?limit=100', { token: viewer.token });
    expect(all.status).toBe(200);
    const ours = (all.body as { _id: string; businessName: string }[]).filter((a) =>
      [first.body._id, second.body._id].includes(a._id),
    );
    expect(ours.map((a) => a._id)).toEqual([second.body._id, first.body._id]);
    expect(ours[0].businessName).toBe('Drita Interiors');

    const ofBusiness = await call('GET', `/business/ads/${business.businessId}`, { token: viewer.token });
    expect(ofBusiness.body.map((a: { _id: string }) => a._id)).toEqual([second.body._id, first.body._id]);

    const txns = await call('GET', `/paymentTransaction/bussines/${business.sub}`, { token: business.token });
    expect(txns.status).toBe(200);
    expect(txns.body).toHaveLength(2);
    expect(txns.body[0]).toMatchObject({
      amount: 20,
      status: 'Completed',
      sandbox: true,
      clientName: 'Drita Interiors',
      description: expect.stringMatching(/ad/i),
    });
    expect(txns.body[0].image).toBe(second.body.image);
    expect(Date.parse(txns.body[0].date)).toBeGreaterThanOrEqual(Date.parse(txns.body[1].date));
  });

  it("only the ad's business deletes it; then it is gone from the lists", async () => {
    const business = await newBusiness();
    const other = await newBusiness();
    const ad = (await call('POST', '/ad', { token: business.token, body: await adBody(business) })).body;
    expect((await call('DELETE', `/ad/${ad._id}`, { token: other.token })).status).toBe(403);
    expect((await call('GET', `/business/ads/${business.businessId}`, { token: other.token })).body).toHaveLength(1);
    expect((await call('DELETE', `/ad/${ad._id}`, { token: business.token })).status).toBe(200);
    expect((await call('GET', `/business/ads/${business.businessId}`, { token: other.token })).body).toEqual([]);
    expect((await call('DELETE', `/ad/${ad._id}`, { token: business.token })).status).toBe(404);
  });

  it("refuses an ad without an image (400 naming image), for another business (403), with someone else's upload (400); nothing is charged", async () => {
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
    expect((await call('GET', `/business/ads/${business.businessId}`, { token: business.token })).body).toEqual([]);
  });
});

describe('subscriptions', () => {
  it('choosing a plan charges its price, sets the plan and records the transaction; Basic records $0', async () => {
    const business = await newBusiness();
    const premium = await call('POST', '/subscription', { token: business.token, body: { plan: 'premium' } });
    expect(premium.status).toBe(200);
    expect(premium.body).toMatchObject({
      plan: 'premium',
      transaction: { amount: 8, status: 'Completed', sandbox: true },
    });
    expect((await call('GET', `/business/${business.businessId}`, { token: business.token })).body.plan).toBe(
      'premium',
    );

    expect((await call('POST', '/subscription', { token: business.token, body: { plan: 'premium' } })).status).toBe(
      409,
    );
    const basic = await call('POST', '/subscription', { token: business.token, body: { plan: 'basic' } });
    expect(basic.body).toMatchObject({ plan: 'basic', transaction: { amount: 0, status: 'Completed' } });

    const txns = await call('GET', `/paymentTransaction/bussines/${business.sub}`, { token: business.token });
    expect(txns.body.map((t: { amount: number }) => t.amount)).toEqual([0, 8]);
    const bad = await call('POST', '/subscription', { token: business.token, body: { plan: 'gold' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('plan');
  });
});

describe('transactions', () => {
  it('are paged newest first with a cursor', async () => {
    const business = await newBusiness();
    for (const plan of ['standard', 'premium', 'standard']) {
      expect((await call('POST', '/subscription', { token: business.token, body: { plan } })).status).toBe(200);
    }
    const page1 = await call('GET', `/paymentTransaction/bussines/${business.sub}?limit=2`, { token: business.token });
    expect(page1.body.map((t: { amount: number }) => t.amount)).toEqual([5, 8]);
    const cursor = page1.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const page2 = await call('GET', `/paymentTransaction/bussines/${business.sub}?limit=2&cursor=${cursor}`, {
      token: business.token,
    });
    expect(page2.body.map((t: { amount: number }) => t.amount)).toEqual([5]);
  });
});

describe('purchases with an Idempotency-Key are charged once', () => {
  const withKey = (key: string) => ({ 'Idempotency-Key': key });
  const txnsOf = async (b: { sub: string; token: string }) =>
    (await call('GET', `/paymentTransaction/bussines/${b.sub}`, { token: b.token })).body as unknown[];

  it('an ad sent twice with one key (one after the other, then at the same time) charges once and answers the same; a new key charges again', async () => {
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
    const ads = (await call('GET', `/business/ads/${business.businessId}`, { token: business.token })).body;
    expect(ads).toHaveLength(2);
  });

  it('the same key with a different body is refused with a code and charges nothing', async () => {
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

  it('one key belongs to its caller: another business using the same key is charged on its own', async () => {
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

  it('a plan chosen twice with one key (also at the same time) charges once and both answers are the first one', async () => {
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
    expect(one.status).toBe(200);
    expect(two.status).toBe(200);
    expect(two.body).toEqual(one.body);
    const retry = await call('POST', '/subscription', {
      token: business.token,
      body: { plan: 'standard' },
      headers: withKey('plan-1'),
    });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(one.body);
    expect(await txnsOf(business)).toHaveLength(1);
    // Without a key the same choice is a new request: already on the plan.
    expect((await call('POST', '/subscription', { token: business.token, body: { plan: 'standard' } })).status).toBe(
      409,
    );
  });
});
