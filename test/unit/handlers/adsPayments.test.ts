import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BatchGetCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { businessCaller, clientCaller, invoke, useTestEnv } from '../../support/events';
import { keys } from '../../../lambdas/model/keys';
import { setPaymentProvider } from '../../../lambdas/payments/provider';
import type { CheckoutRequest, PaymentPort } from '../../../lambdas/payments/port';
import { handler as createAd } from '../../../lambdas/handlers/createAd';
import { handler as deleteAd } from '../../../lambdas/handlers/deleteAd';
import { handler as listAds } from '../../../lambdas/handlers/listAds';
import { handler as chooseSubscription } from '../../../lambdas/handlers/chooseSubscription';
import { handler as listTransactions } from '../../../lambdas/handlers/listTransactions';
import { ddbMock, givenAccount, givenBusiness, givenItem, resetDb, transactions, writes } from './fixtures';

beforeAll(() => {
  useTestEnv();
  process.env.APP_URL = 'https://app.test';
  // The stage's price of each product: a payment record keeps the one it is for (its transaction must be of it).
  process.env.PAYMENTS_PRICES = JSON.stringify({ adRun: 'pri_ad', standard: 'pri_standard', premium: 'pri_premium' });
});
beforeEach(() => {
  resetDb();
  // The business's runs that are paid and not over (what a new run would overlap): none.
  ddbMock.on(QueryCommand).resolves({ Items: [] });
  providerAnswering();
});
afterEach(() => setPaymentProvider(undefined));

function signedInBusiness(over: Parameters<typeof givenBusiness>[0] = {}) {
  const caller = businessCaller();
  const business = givenBusiness({ cognitoId: caller.sub, ...over });
  givenAccount(caller, business._id);
  return { caller, business };
}

/** A provider that starts every checkout (or fails to): what the handlers asked it is kept. */
const checkouts: CheckoutRequest[] = [];
function providerAnswering(fails?: Error) {
  checkouts.length = 0;
  const notUsed = async (): Promise<never> => {
    throw new Error('not used here');
  };
  const provider: PaymentPort = {
    name: 'local',
    test: true,
    async startCheckout(r) {
      checkouts.push(r);
      if (fails) throw fails;
      return { transactionId: 'txn_1', url: `${r.payPageUrl}?_ptxn=txn_1` };
    },
    getTransaction: notUsed,
    listTransactionsUpdatedSince: notUsed,
    getInvoiceUrl: notUsed,
    refund: notUsed,
    listAdjustments: notUsed,
    listAdjustmentsCreatedSince: notUsed,
    getSubscription: notUsed,
    changeSubscription: notUsed,
    cancelSubscription: notUsed,
    resumeSubscription: notUsed,
    paymentMethodCheckout: notUsed,
    parseWebhook: notUsed,
  };
  setPaymentProvider(provider);
}

describe('POST /ad', () => {
  it('records the ad (on no list) and its pending payment together, then starts a checkout: 201 with where to pay', async () => {
    const { caller, business } = signedInBusiness();
    const res = await invoke(createAd, {
      caller,
      body: { businessId: business._id, image: `uploads/${caller.sub}/ad.png` },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      businessId: business._id,
      image: `https://cdn.test/images/${caller.sub}/ad.png/1280.webp`,
      businessName: 'Casa Design',
      transaction: { amount: 20, currency: 'EUR', status: 'Pending', state: 'pending', clientName: 'Casa Design' },
    });
    const paymentId = res.body.transaction.id;
    expect(res.body.checkout).toEqual({ transactionId: 'txn_1', url: `https://app.test/pay/${paymentId}?_ptxn=txn_1` });
    expect(checkouts).toEqual([
      expect.objectContaining({
        paymentId,
        businessId: business._id,
        product: 'adRun',
        amount: 20,
        currency: 'EUR',
        payPageUrl: `https://app.test/pay/${paymentId}`,
      }),
    ]);
    const [items] = transactions();
    // The run, its figures (counted from zero) and the payment, together.
    expect(items.map((i) => i.Put?.Item?.pk.split('#')[0])).toEqual(['AD', 'ADFIGURES', 'TXN']);
    // Awaiting payment: the run has no list keys yet.
    expect(items[0].Put?.Item).not.toHaveProperty('gsi1pk');
    expect(items[0].Put?.Item).toMatchObject({ paymentStatus: 'Pending', transactionId: paymentId });
    expect(items[2].Put?.Item).toMatchObject({
      gsi1pk: `TXNS#${caller.sub}`,
      gsi2pk: 'PAYMENTS',
      state: 'pending',
      purpose: { kind: 'ad', adId: res.body._id },
      // What it is bound to: only a transaction of this price (or its own checkout's) may complete it.
      product: 'adRun',
      priceId: 'pri_ad',
      image: `uploads/${caller.sub}/ad.png`,
    });
  });

  it('stores the key when given a CDN address of our own', async () => {
    const { caller, business } = signedInBusiness();
    await invoke(createAd, {
      caller,
      body: { businessId: business._id, image: `https://cdn.test/https://cdn.test/uploads/${caller.sub}/ad.png` },
    });
    expect(transactions()[0][0].Put?.Item?.image).toBe(`uploads/${caller.sub}/ad.png`);
  });

  it('when the provider cannot start a checkout: 503, the payment is canceled and the ad never listed', async () => {
    providerAnswering(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    const { caller, business } = signedInBusiness();
    const res = await invoke(createAd, {
      caller,
      body: { businessId: business._id, image: `uploads/${caller.sub}/ad.png` },
    });
    expect(res.status).toBe(503);
    const cancel = transactions()[1][0].Update;
    expect(cancel?.ExpressionAttributeValues).toMatchObject({ ':to': 'canceled', ':f0': 'provider_unavailable' });
    // Never shown: no live entry of it is written.
    expect(
      transactions()
        .flat()
        .some((i) => String(i.Put?.Item?.pk ?? '').startsWith('ADLIVE#')),
    ).toBe(false);
  });

  it('refuses an ad for another business (403), a client (403), a missing image (400 naming image)', async () => {
    const { caller } = signedInBusiness();
    expect((await invoke(createAd, { caller, body: { businessId: randomUUID(), image: 'k.png' } })).status).toBe(403);
    expect(
      (await invoke(createAd, { caller: clientCaller(), body: { businessId: randomUUID(), image: 'k.png' } })).status,
    ).toBe(403);
    const bad = await invoke(createAd, { caller, body: { businessId: randomUUID() } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('image');
    const foreign = await invoke(createAd, {
      caller,
      body: { businessId: randomUUID(), image: 'https://evil.example/x.png' },
    });
    expect(foreign.status).toBe(400);
    const { caller: owner, business } = signedInBusiness();
    const othersUpload = await invoke(createAd, {
      caller: owner,
      body: { businessId: business._id, image: `uploads/${randomUUID()}/x.png` },
    });
    expect(othersUpload.status).toBe(400);
    expect(othersUpload.body.errors[0].field).toBe('image');
    expect(writes()).toHaveLength(0);
  });
});

describe('DELETE /ad/{id}', () => {
  it("lets only the ad's business delete it", async () => {
    const { caller, business } = signedInBusiness();
    const adId = randomUUID();
    givenItem(keys.ad(adId), {
      _id: adId,
      businessId: business._id,
      image: 'k.png',
      createdAt: '2026-11-01T00:00:00.000Z',
      state: 'ended',
    });
    const other = signedInBusiness();
    expect(
      (await invoke(deleteAd, { caller: other.caller, method: 'DELETE', pathParameters: { id: adId } })).status,
    ).toBe(403);
    expect(writes()).toHaveLength(0);
    const res = await invoke(deleteAd, { caller, method: 'DELETE', pathParameters: { id: adId } });
    expect(res.status).toBe(200);
    // The run and its figures go in one transaction, on condition it is still the business's and in the state read.
    const [items] = transactions();
    expect(items[0].Delete).toMatchObject({
      Key: keys.ad(adId),
      ExpressionAttributeValues: { ':b': business._id, ':state': 'ended' },
    });
    expect(items[1].Delete?.Key).toEqual(keys.adFigures(adId));
    expect((await invoke(deleteAd, { caller, method: 'DELETE', pathParameters: { id: randomUUID() } })).status).toBe(
      404,
    );
  });
});

describe('POST /subscription', () => {
  it('a paid plan records a pending payment and starts a checkout of its price (202); the plan is not set yet', async () => {
    const { caller, business } = signedInBusiness();
    const res = await invoke(chooseSubscription, { caller, body: { plan: 'premium' } });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      plan: 'basic',
      transaction: { amount: 8, status: 'Pending', purpose: { kind: 'plan', plan: 'premium' } },
      checkout: { transactionId: 'txn_1' },
    });
    expect(checkouts).toEqual([expect.objectContaining({ product: 'premium', amount: 8, businessId: business._id })]);
    const items = transactions().flat();
    expect(items.some((i) => i.Update?.Key?.pk === keys.business(business._id).pk)).toBe(false);
  });

  it('Basic without a subscription is set at once, without the provider', async () => {
    const { caller, business } = signedInBusiness({ plan: 'standard' });
    const res = await invoke(chooseSubscription, { caller, body: { plan: 'basic' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ plan: 'basic' });
    expect(checkouts).toHaveLength(0);
    const [items] = transactions();
    expect(items[0].Update?.Key).toEqual(keys.business(business._id));
    expect(items[0].Update?.ExpressionAttributeValues).toMatchObject({ ':plan': 'basic', ':from': 'standard' });
  });

  it('answers 409 for the current plan, 400 naming plan for an unknown one; nothing is started', async () => {
    const { caller } = signedInBusiness({ plan: 'standard' });
    expect((await invoke(chooseSubscription, { caller, body: { plan: 'standard' } })).status).toBe(409);
    const bad = await invoke(chooseSubscription, { caller, body: { plan: 'gold' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('plan');
    expect(checkouts).toHaveLength(0);
    expect(writes()).toHaveLength(0);
  });
});

describe('GET /paymentTransaction/bussines/{sub}', () => {
  it("answers only for the caller's own sub", async () => {
    const { caller } = signedInBusiness();
    ddbMock.on(QueryCommand).resolves({
      Items: [
        {
          ...keys.transaction('t1'),
          id: 't1',
          businessSub: caller.sub,
          clientName: 'Casa',
          date: '2026-11-01T00:00:00.000Z',
          amount: 20,
          currency: 'EUR',
          state: 'completed',
          status: 'Completed',
          description: 'Ad',
          provider: 'local',
          test: true,
          reference: 'r',
          image: 'a.png',
        },
      ],
    });
    const own = await invoke(listTransactions, { caller, pathParameters: { sub: caller.sub } });
    expect(own.body).toEqual([
      {
        id: 't1',
        clientName: 'Casa',
        date: '2026-11-01T00:00:00.000Z',
        amount: 20,
        currency: 'EUR',
        status: 'Completed',
        state: 'completed',
        description: 'Ad',
        summary: { message: 'payments.item.ad', values: {} },
        test: true,
        receipt: false,
        image: 'https://cdn.test/a.png',
      },
    ]);
    expect((await invoke(listTransactions, { caller, pathParameters: { sub: randomUUID() } })).status).toBe(403);
    expect(
      (await invoke(listTransactions, { caller: clientCaller(), pathParameters: { sub: caller.sub } })).status,
    ).toBe(403);
  });
});
