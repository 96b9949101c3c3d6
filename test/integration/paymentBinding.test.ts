/**
 * Money that cannot be gamed, end to end on the local stack (its provider as strict as Paddle): a payment pays only
 * for what it was created for (a checkout opened from a browser as Paddle.js allows, for any price of the catalogue
 * with any custom data, buys nothing it was not created for, and moderators see it as paid, not matched); a
 * chargeback takes back what was bought and its reversal gives it back; one refund told by the refund call's
 * answer, the webhooks and the reconciliation in any order counts once; a downgrade charges nothing now and the next
 * renewal bills the cheaper plan; an upgrade the card on file cannot pay changes nothing; a past-due business may
 * go back to Basic; a transaction is a draft, not payable, until its checkout is opened.
 */
import { describe, expect, it } from 'vitest';
import { AD_PRICE } from '../../common/constants';
import { planPrice } from '../../common/payments';
import { call, newBusiness, newModerator, stack, uploadPicture, type BusinessAccount } from '../support/api';
import { waitForEmails } from '../support/mail';
import {
  CARDS,
  billingWhen,
  deliverWebhook,
  eventsAbout,
  openInBrowser,
  page,
  listedRuns,
  paidAd,
  paidPlan,
  paymentWhen,
  provider,
  renew,
  reconcileSince,
  settledPayment,
  submitCard,
  subscriptionIdOf,
  type SentEvent,
  unpaidAd,
} from '../support/payments';

const prices = () => stack().payments.prices as Record<'adRun' | 'standard' | 'premium', string>;

const newAd = (business: BusinessAccount) => unpaidAd(business);

/** Waits until the provider's events of `type` about `entityId` have all been delivered (answered 2xx). */
async function delivered(entityId: string, type: string, count = 1): Promise<SentEvent[]> {
  const until = Date.now() + 20_000;
  for (;;) {
    const events = (await eventsAbout(entityId)).filter((e) => e.type === type);
    const done = events.filter((e) => e.deliveries.some((d) => typeof d.status === 'number' && d.status < 300));
    if (done.length >= count) return done;
    if (Date.now() > until) throw new Error(`${type} about ${entityId} was not delivered: ${JSON.stringify(events)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** A checkout opened as Paddle.js opens one from any page, then paid with the success card; its webhook delivered. */
async function paidInBrowser(open: Parameters<typeof openInBrowser>[0]): Promise<string> {
  const opened = await openInBrowser(open);
  expect(opened.status).toBe(200);
  const step = await submitCard(opened.transactionId!, CARDS.success);
  expect(step.status).toBe(303);
  await delivered(opened.transactionId!, 'transaction.completed');
  return opened.transactionId!;
}

/** The moderators' list of payments, newest first. */
const moderationPayments = async (token: string) =>
  (await call('GET', '/moderation/payments?limit=100', { token })).body as {
    id: string;
    state: string;
    businessId?: string;
    amount: number;
    currency?: string;
    unmatched?: { reason: string; claimedPaymentId?: string };
    refundedAmount?: number;
  }[];

describe('a payment pays only for what it was created for', () => {
  it("a browser's checkout of a cheaper price, another product, another currency, or naming another business, buys nothing; moderators see each as paid, not matched", async () => {
    const [business, other, moderator] = await Promise.all([newBusiness(), newBusiness(), newModerator()]);
    const ad = await newAd(business);
    const paymentId: string = ad.transaction.id;
    const claim = { paymentId, businessId: business.businessId };
    const attacks = {
      cheaper: await paidInBrowser({ items: [{ priceId: prices().standard }], customData: claim }),
      otherProduct: await paidInBrowser({ items: [{ priceId: prices().premium }], customData: claim }),
      otherCurrency: await paidInBrowser({
        items: [{ priceId: prices().adRun }],
        customData: claim,
        customer: { email: 'buyer@example.us', address: { countryCode: 'US' } },
      } as Parameters<typeof openInBrowser>[0]),
      otherBusiness: await paidInBrowser({
        items: [{ priceId: prices().adRun }],
        customData: { paymentId, businessId: other.businessId },
      }),
    };
    // Nothing was bought: the payment still waits for its own checkout, the ad is on no list, the plan is Basic.
    const payment = (await call('GET', `/payments/${paymentId}`, { token: business.token })).body;
    expect(payment).toMatchObject({ state: 'pending', status: 'Pending', amount: AD_PRICE });
    expect(payment).not.toHaveProperty('refundedAmount');
    expect(await listedRuns(business)).toEqual([]);
    expect((await billingWhen(business, () => true)).plan).toBe('basic');
    // A subscription a browser's checkout started pays for no plan: its renewal is refused as well.
    const bought = (await eventsAbout(attacks.otherProduct)).find((e) => e.type === 'transaction.completed');
    const subscriptionId = (JSON.parse(bought!.body) as { data: { subscription_id: string } }).data.subscription_id;
    await renew(subscriptionId);
    expect((await billingWhen(business, () => true)).plan).toBe('basic');
    const renewal = (await eventsAbout(subscriptionId)).find(
      (e) => e.type === 'transaction.completed' && e.body.includes('subscription_recurring'),
    );
    const renewalId = (JSON.parse(renewal!.body) as { data: { id: string } }).data.id;
    await delivered(renewalId, 'transaction.completed');
    // Neither business lists them among its transactions; moderators see each as paid, not matched, to refund.
    const own = (await call('GET', `/paymentTransaction/bussines/${business.sub}?limit=100`, { token: business.token }))
      .body as { id: string }[];
    expect(own.map((t) => t.id)).toEqual([paymentId]);
    const listedForModerators = await moderationPayments(moderator.token);
    for (const txn of Object.values(attacks)) {
      expect(listedForModerators.find((p) => p.id === `unmatched_${txn}`)).toMatchObject({
        state: 'completed',
        unmatched: { reason: 'otherTransaction', claimedPaymentId: paymentId },
      });
    }
    expect(listedForModerators.find((p) => p.id === `unmatched_${attacks.otherCurrency}`)).toMatchObject({
      currency: 'USD',
      amount: AD_PRICE,
    });
    expect(listedForModerators.find((p) => p.id === `unmatched_${renewalId}`)).toMatchObject({
      unmatched: { reason: 'otherSubscription' },
    });
    for (const p of listedForModerators.filter((p) => p.unmatched)) expect(p).not.toHaveProperty('businessId');
    // A delivery repeated changes nothing more.
    const [again] = await eventsAbout(attacks.cheaper).then((e) => e.filter((x) => x.type === 'transaction.completed'));
    expect((await deliverWebhook(again.body)).body).toEqual({ received: true, outcome: 'unchanged' });

    // The buyer's own checkout still pays for it.
    await submitCard(ad.checkout.transactionId, CARDS.success);
    expect(await settledPayment(business.token, paymentId)).toMatchObject({ state: 'completed', amount: AD_PRICE });
    expect(await listedRuns(business)).toEqual([ad._id]);

    // A moderator refunds what was paid, not matched: it is taken back at the provider, nothing else changes.
    const refund = await call('POST', `/moderation/payments/unmatched_${attacks.cheaper}/refund`, {
      token: moderator.token,
      body: { reason: 'Paid for no purchase of ours' },
    });
    expect(refund.status).toBe(200);
    const until = Date.now() + 20_000;
    let refunded;
    do {
      refunded = (await moderationPayments(moderator.token)).find((p) => p.id === `unmatched_${attacks.cheaper}`);
      if (refunded?.state === 'refunded') break;
      await new Promise((r) => setTimeout(r, 200));
    } while (Date.now() < until);
    expect(refunded).toMatchObject({ state: 'refunded', refundedAmount: planPrice('standard') });
    expect(await listedRuns(business)).toEqual([ad._id]);
  });

  it('before its checkout is stored, a payment completes only from a transaction of exactly its price, currency and business', async () => {
    const [business, moderator] = await Promise.all([newBusiness(), newModerator()]);
    const image = await uploadPicture(business);
    // The provider is slow to answer this business's next checkout: the record waits, not bound, meanwhile.
    // (Under the API's 4 s limit for a write to the provider.)
    await provider('POST', '/admin/settings', { answerDelay: { key: business.businessId, ms: 3_000 } });
    const started = call('POST', '/ad', { token: business.token, body: { businessId: business.businessId, image } });
    let paymentId: string | undefined;
    const until = Date.now() + 10_000;
    while (!paymentId && Date.now() < until) {
      paymentId = (await moderationPayments(moderator.token)).find(
        (p) => p.businessId === business.businessId && p.state === 'pending',
      )?.id;
      if (!paymentId) await new Promise((r) => setTimeout(r, 100));
    }
    expect(paymentId).toBeDefined();
    const claim = { paymentId, businessId: business.businessId };
    const [cheaper, dollars, twice, elsewhere] = await Promise.all([
      paidInBrowser({ items: [{ priceId: prices().standard }], customData: claim }),
      paidInBrowser({
        items: [{ priceId: prices().adRun }],
        customData: claim,
        customer: { email: 'buyer@example.us', address: { countryCode: 'US' } },
      } as Parameters<typeof openInBrowser>[0]),
      paidInBrowser({ items: [{ priceId: prices().adRun, quantity: 2 }], customData: claim }),
      paidInBrowser({
        items: [{ priceId: prices().adRun }],
        customData: { paymentId, businessId: 'another-business' },
      }),
    ]);
    expect((await call('GET', `/payments/${paymentId}`, { token: business.token })).body.state).toBe('pending');
    const ad = await started;
    expect(ad.status).toBe(201);
    const reasons = Object.fromEntries(
      (await moderationPayments(moderator.token))
        .filter((p) => p.unmatched)
        .map((p) => [p.id.replace('unmatched_', ''), p.unmatched!.reason]),
    );
    expect([reasons[cheaper], reasons[dollars], reasons[twice], reasons[elsewhere]]).toEqual([
      'otherPrice',
      'otherCurrency',
      'otherPrice',
      'otherBusiness',
    ]);
    // Its own checkout was stored and pays for it.
    await submitCard(ad.body.checkout.transactionId, CARDS.success);
    expect(await settledPayment(business.token, ad.body.transaction.id)).toMatchObject({ state: 'completed' });
  });

  it('the local provider refuses what Paddle refuses: a draft nobody opened, a wrong client token; it answers the browser favicon', async () => {
    const business = await newBusiness();
    const ad = await newAd(business);
    const unopened = await submitCard(ad.checkout.transactionId, CARDS.success, { open: false });
    expect(unopened.status).toBe(409);
    expect((await call('GET', `/payments/${ad.transaction.id}`, { token: business.token })).body.state).toBe('pending');
    const forged = await openInBrowser({ items: [{ priceId: prices().adRun }] }, 'test_not_the_token');
    expect([forged.status, forged.error?.code]).toEqual([403, 'forbidden']);
    const unknownPrice = await openInBrowser({ items: [{ priceId: 'pri_01someoneelse000000000000' }] });
    expect([unknownPrice.status, unknownPrice.error?.code]).toEqual([400, 'transaction_price_not_found']);
    expect((await page('/favicon.ico')).status).toBe(204);
    await submitCard(ad.checkout.transactionId, CARDS.success);
    expect((await settledPayment(business.token, ad.transaction.id)).state).toBe('completed');
  });
});

describe('chargebacks and reversals', () => {
  it('an approved chargeback takes back the run and the plan, and tells the business; its reversal gives them back', async () => {
    const [business, subscriber] = await Promise.all([newBusiness(), newBusiness()]);
    const ad = await paidAd(business);
    expect(await listedRuns(business)).toEqual([ad._id]);
    const [chargeback] = await Promise.all([
      provider<{ id: string }>('POST', `/admin/transactions/${ad.checkout.transactionId}/chargeback`, {}),
    ]);
    const taken = await paymentWhen(business.token, ad.transaction.id, (p) => p.state === 'refunded');
    expect(taken).toMatchObject({ status: 'Refunded', refundedAmount: AD_PRICE, chargedBack: AD_PRICE });
    expect(await listedRuns(business)).toEqual([]);
    const [email] = await waitForEmails(business.email, /took back|ktheu/);
    expect(email?.subject).toMatch(/20/);
    const notices = (await call('GET', '/notifications?limit=20', { token: business.token })).body as {
      kind: string;
    }[];
    expect(notices.map((n) => n.kind)).toContain('paymentChargedBack');

    await provider('POST', `/admin/adjustments/${chargeback.id}/reverse`, {});
    const back = await paymentWhen(business.token, ad.transaction.id, (p) => p.state === 'completed');
    expect(back).not.toHaveProperty('refundedAmount');
    expect(await listedRuns(business)).toEqual([ad._id]);
    await waitForEmails(business.email, /reversed|anulua/);

    const plan = await paidPlan(subscriber, 'standard');
    const planTxn = (
      (await call('GET', `/payments/${plan.id}`, { token: subscriber.token })) as { body: { id: string } }
    ).body.id;
    const firstMonth = (await eventsAbout(await subscriptionIdOf(subscriber.businessId))).find(
      (e) => e.type === 'transaction.completed',
    );
    const firstMonthId = (JSON.parse(firstMonth!.body) as { data: { id: string } }).data.id;
    const planChargeback = await provider<{ id: string }>('POST', `/admin/transactions/${firstMonthId}/chargeback`, {});
    expect((await billingWhen(subscriber, (b) => b.plan === 'basic')).plan).toBe('basic');
    expect((await paymentWhen(subscriber.token, planTxn, (p) => p.state === 'refunded')).chargedBack).toBe(
      planPrice('standard'),
    );
    await provider('POST', `/admin/adjustments/${planChargeback.id}/reverse`, {});
    expect((await billingWhen(subscriber, (b) => b.plan === 'standard')).plan).toBe('standard');
  });
});

describe('a refund reversed', () => {
  it('a whole refund Paddle reverses gives the run back, and the business is told', async () => {
    const [business, moderator] = await Promise.all([newBusiness(), newModerator()]);
    const ad = await paidAd(business);
    const refund = await call('POST', `/moderation/payments/${ad.transaction.id}/refund`, {
      token: moderator.token,
      body: { reason: 'Asked by mistake' },
    });
    expect(refund.status).toBe(200);
    await paymentWhen(business.token, ad.transaction.id, (p) => p.refundedAmount === AD_PRICE);
    expect(await listedRuns(business)).toEqual([]);
    const [adjustment] = await provider<{ id: string }[]>(
      'GET',
      `/adjustments?transaction_id=${ad.checkout.transactionId}`,
    );
    await provider('POST', `/admin/adjustments/${adjustment.id}`, { status: 'reversed' });
    const back = await paymentWhen(business.token, ad.transaction.id, (p) => p.state === 'completed');
    expect(back).toMatchObject({ status: 'Completed', refund: { status: 'reversed' } });
    expect(back).not.toHaveProperty('refundedAmount');
    expect(await listedRuns(business)).toEqual([ad._id]);
    await waitForEmails(business.email, /reversed|anulua/);
  });
});

describe('one refund, once', () => {
  /** A paid ad whose refunds Paddle reviews only when the test says, and whose events wait when asked. */
  async function heldAd(opts: { holdEvents?: boolean } = {}) {
    const [business, moderator] = await Promise.all([newBusiness(), newModerator()]);
    const ad = await paidAd(business);
    const txn: string = ad.checkout.transactionId;
    await provider('POST', '/admin/settings', {
      reviewRefundsOf: [txn],
      ...(opts.holdEvents ? { holdEventsOf: [txn] } : {}),
    });
    return { business, moderator, ad, txn };
  }
  const refundOf = (moderator: { token: string }, paymentId: string) =>
    call('POST', `/moderation/payments/${paymentId}/refund`, {
      token: moderator.token,
      body: { reason: 'Two days lost', amount: 5 },
    });
  const adjustmentOf = async (txn: string) => {
    const until = Date.now() + 10_000;
    for (;;) {
      const list = await provider<{ id: string; status: string }[]>('GET', `/adjustments?transaction_id=${txn}`);
      if (list.length || Date.now() > until) return list[0];
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const approve = (id: string) => provider('POST', `/admin/adjustments/${id}`, { status: 'approved' });
  const refundEmails = async (email: string) => (await waitForEmails(email, /Rimbursim|Refund/)).length;

  it('the answer first, then the webhook, then the reconciliation (and both again): 5 of 20 refunded, told once', async () => {
    const { business, moderator, ad, txn } = await heldAd();
    expect((await refundOf(moderator, ad.transaction.id)).status).toBe(200);
    const adjustment = await adjustmentOf(txn);
    await approve(adjustment.id);
    const refunded = await paymentWhen(business.token, ad.transaction.id, (p) => p.refundedAmount === 5);
    expect(refunded).toMatchObject({ state: 'refunded', refund: { status: 'approved', amount: 5 } });
    expect((await reconcileSince(new Date(Date.now() - 60_000))).repaired).toBe(0);
    for (const event of await eventsAbout(adjustment.id)) await deliverWebhook(event.body);
    expect((await call('GET', `/payments/${ad.transaction.id}`, { token: business.token })).body).toMatchObject({
      refundedAmount: 5,
      refund: { status: 'approved' },
    });
    expect(await listedRuns(business)).toEqual([ad._id]);
    expect(await refundEmails(business.email)).toBe(1);
  });

  it('the reconciliation first, then the webhooks, then the answer: counted once', async () => {
    const { business, moderator, ad, txn } = await heldAd({ holdEvents: true });
    // The provider is slow to answer the refund: meanwhile it is approved, and its webhooks wait.
    await provider('POST', '/admin/settings', { answerDelay: { key: txn, ms: 3_000 } });
    const since = new Date(Date.now() - 60_000);
    const asked = refundOf(moderator, ad.transaction.id);
    const adjustment = await adjustmentOf(txn);
    await approve(adjustment.id);
    const first = await reconcileSince(since);
    expect(first.repaired).toBeGreaterThanOrEqual(1);
    expect((await call('GET', `/payments/${ad.transaction.id}`, { token: business.token })).body).toMatchObject({
      refundedAmount: 5,
      state: 'refunded',
    });
    const held = (await eventsAbout(adjustment.id)).filter((e) => e.type.startsWith('adjustment.'));
    expect(held.length).toBe(2);
    // The webhooks arrive now, the approval before the creation, and each twice at once.
    const answers = await Promise.all(
      [...held].reverse().flatMap((e) => [deliverWebhook(e.body), deliverWebhook(e.body)]),
    );
    expect(answers.map((a) => a.body.outcome).filter((o) => o === 'applied')).toEqual([]);
    expect((await asked).status).toBe(200);
    const after = (await call('GET', `/payments/${ad.transaction.id}`, { token: business.token })).body;
    expect(after).toMatchObject({ refundedAmount: 5, refund: { status: 'approved', amount: 5 } });
    expect(await refundEmails(business.email)).toBe(1);
  });

  it('the webhook first, then the reconciliation, then the answer; partial refunds add up and never pass the amount', async () => {
    const { business, moderator, ad, txn } = await heldAd();
    await provider('POST', '/admin/settings', { answerDelay: { key: txn, ms: 3_000 } });
    const since = new Date(Date.now() - 60_000);
    const asked = refundOf(moderator, ad.transaction.id);
    const adjustment = await adjustmentOf(txn);
    await approve(adjustment.id);
    await paymentWhen(business.token, ad.transaction.id, (p) => p.refundedAmount === 5);
    expect((await reconcileSince(since)).repaired).toBe(0);
    expect((await asked).status).toBe(200);
    expect((await call('GET', `/payments/${ad.transaction.id}`, { token: business.token })).body).toMatchObject({
      refundedAmount: 5,
      refund: { status: 'approved' },
    });
    // A second part, then the rest: 5 + 15 = 20, the run taken back only then; nothing more can be refunded.
    expect((await refundOf(moderator, ad.transaction.id)).status).toBe(200);
    await approve(
      (await provider<{ id: string; status: string }[]>('GET', `/adjustments?transaction_id=${txn}`)).find(
        (a) => a.status === 'pending_approval',
      )!.id,
    );
    await paymentWhen(business.token, ad.transaction.id, (p) => p.refundedAmount === 10);
    expect(await listedRuns(business)).toEqual([ad._id]);
    const rest = await call('POST', `/moderation/payments/${ad.transaction.id}/refund`, {
      token: moderator.token,
      body: { reason: 'The rest' },
    });
    expect(rest.status).toBe(200);
    await approve(
      (await provider<{ id: string; status: string }[]>('GET', `/adjustments?transaction_id=${txn}`)).find(
        (a) => a.status === 'pending_approval',
      )!.id,
    );
    const whole = await paymentWhen(business.token, ad.transaction.id, (p) => p.refundedAmount === AD_PRICE);
    expect(whole.refundedAmount).toBe(AD_PRICE);
    expect(await listedRuns(business)).toEqual([]);
    const more = await refundOf(moderator, ad.transaction.id);
    expect([more.status, more.body.code]).toEqual([409, 'PAYMENT_NOT_REFUNDABLE']);
  });
});

describe('plan changes billed as Paddle bills them', () => {
  it('a downgrade charges nothing now and the next renewal bills the cheaper plan', async () => {
    const business = await newBusiness();
    await paidPlan(business, 'premium');
    const subscriptionId = await subscriptionIdOf(business.businessId);
    const before = (await eventsAbout(subscriptionId)).filter((e) => e.type === 'transaction.completed').length;
    const down = await call('POST', '/subscription', { token: business.token, body: { plan: 'standard' } });
    expect(down.status).toBe(200);
    await delivered(subscriptionId, 'subscription.updated');
    expect((await eventsAbout(subscriptionId)).filter((e) => e.type === 'transaction.completed')).toHaveLength(before);
    expect((await billingWhen(business, () => true)).plan).toBe('premium');
    await renew(subscriptionId);
    const renewal = await billingWhen(business, (b) => b.plan === 'standard');
    expect(renewal.plan).toBe('standard');
    const transactions = (
      await call('GET', `/paymentTransaction/bussines/${business.sub}?limit=10`, { token: business.token })
    ).body as { amount: number; purpose?: { kind: string } }[];
    expect(transactions.filter((t) => t.purpose?.kind === 'renewal').map((t) => t.amount)).toEqual([
      planPrice('standard'),
    ]);
  });

  it("the local provider bills each proration mode's change on the next renewal as Paddle documents it", async () => {
    const next = async (mode: string) => {
      const business = await newBusiness();
      await paidPlan(business, 'premium');
      const id = await subscriptionIdOf(business.businessId);
      const changed = await fetch(`${stack().payments.url}/subscriptions/${id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${stack().payments.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ items: [{ price_id: prices().standard, quantity: 1 }], proration_billing_mode: mode }),
      });
      expect(changed.status).toBe(200);
      const now = (await eventsAbout(id)).filter((e) => e.type === 'transaction.completed').length;
      await renew(id);
      const [renewal] = (await eventsAbout(id))
        .filter((e) => e.type === 'transaction.completed' && e.body.includes('subscription_recurring'))
        .map((e) => JSON.parse(e.body) as { data: { details: { totals: { grand_total: string } } } });
      return { chargedNow: now - 1, renewal: Number(renewal.data.details.totals.grand_total) / 100 };
    };
    const standard = planPrice('standard');
    expect(await next('do_not_bill')).toEqual({ chargedNow: 0, renewal: standard });
    expect(await next('full_next_billing_period')).toEqual({ chargedNow: 0, renewal: standard * 2 });
    expect(await next('full_immediately')).toEqual({ chargedNow: 1, renewal: standard });
    const prorated = await next('prorated_next_billing_period');
    expect(prorated.chargedNow).toBe(0);
    // About a whole month of the difference (8 -> 5) credited to the next renewal: 5 - 3.
    expect(prorated.renewal).toBeCloseTo(standard - (planPrice('premium') - standard), 1);
  });

  it('an upgrade the card on file cannot pay changes nothing (409 PAYMENT_DECLINED); a past-due business may go back to Basic', async () => {
    const business = await newBusiness();
    await paidPlan(business, 'standard');
    const id = await subscriptionIdOf(business.businessId);
    await provider('POST', `/admin/subscriptions/${id}/card`, { card: null });
    const noCard = await call('POST', '/subscription', { token: business.token, body: { plan: 'premium' } });
    expect([noCard.status, noCard.body.code]).toEqual([409, 'PAYMENT_DECLINED']);
    await provider('POST', `/admin/subscriptions/${id}/card`, { card: CARDS.declined });
    const declined = await call('POST', '/subscription', { token: business.token, body: { plan: 'premium' } });
    expect([declined.status, declined.body.code]).toEqual([409, 'PAYMENT_DECLINED']);
    expect((await billingWhen(business, () => true)).plan).toBe('standard');
    // The card that cannot pay fails the renewal too: past due, and Basic ends the subscription now.
    await renew(id);
    expect((await billingWhen(business, (b) => b.status === 'pastDue')).status).toBe('pastDue');
    const premium = await call('POST', '/subscription', { token: business.token, body: { plan: 'premium' } });
    expect([premium.status, premium.body.code]).toEqual([409, 'SUBSCRIPTION_PAST_DUE']);
    const basic = await call('POST', '/subscription', { token: business.token, body: { plan: 'basic' } });
    expect(basic.status).toBe(202);
    expect(await billingWhen(business, (b) => b.plan === 'basic')).toMatchObject({ plan: 'basic', status: 'free' });
  });
});
