/**
 * The payment path end to end on the local stack: the local provider's checkout page (the three test cards), its
 * signed webhooks to POST /payments/webhook, the payment record's state machine under repeated, concurrent, early
 * and forged deliveries, a moderator's refund, emails and in-app notifications, and the reconciliation job.
 */
import { describe, expect, it } from 'vitest';
import { AD_PRICE } from '../../common/constants';
import { call, newBusiness, newModerator, type BusinessAccount } from '../support/api';
import { waitForEmails } from '../support/mail';
import {
  CARDS,
  answerAuthentication,
  deliverWebhook,
  eventsAbout,
  page,
  listedRuns,
  paidAd,
  paymentWhen,
  provider,
  runReconcileJob,
  settledPayment,
  submitCard,
  transactionOf,
  unpaidAd,
} from '../support/payments';

/** A run bought (not paid yet); a second one of the same business is bought knowing it overlaps its first. */
const newAd = (business: BusinessAccount) => unpaidAd(business, { allowOverlap: true });

describe('the checkout page of the local provider', () => {
  it('shows what is paid in both languages, and takes the buyer back to the result page after paying', async () => {
    const business = await newBusiness();
    const ad = await newAd(business);
    const txn = transactionOf(ad.checkout.url);
    const sq = await page(`/checkout/${txn}?lang=sq`);
    expect(sq.status).toBe(200);
    expect(sq.html).toContain('lang="sq"');
    expect(sq.html).toContain('Paguani Interio');
    expect(sq.html).toMatch(/20,00\s€/);
    const en = await page(`/checkout/${txn}?lang=en`);
    expect(en.html).toContain('Pay Interio');
    expect(en.html).toContain('€20.00');

    const back = `${new URL(ad.checkout.url).origin}/payment/${ad.transaction.id}`;
    const paid = await submitCard(txn, CARDS.success, { returnUrl: back });
    expect(paid.status).toBe(303);
    const done = await page(paid.location!);
    expect(done.html).toContain('Payment complete');
    expect(done.html).toContain(back);
    // A return address elsewhere is never followed.
    const elsewhere = await page(
      `/checkout/${txn}/status?lang=en&return=${encodeURIComponent('https://evil.example/x')}`,
    );
    expect(elsewhere.html).not.toContain('evil.example');
  });

  it('refuses a card number that is not one (nothing is charged, no webhook)', async () => {
    const business = await newBusiness();
    const ad = await newAd(business);
    const txn = ad.checkout.transactionId;
    const bad = await submitCard(txn, '1234 5678 9012 3456');
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('The card number is not valid');
    // Opening the checkout made the draft ready; nothing else happened.
    expect((await eventsAbout(txn)).map((e) => e.type)).toEqual(['transaction.created', 'transaction.ready']);
    expect((await call('GET', `/payments/${ad.transaction.id}`, { token: business.token })).body.state).toBe('pending');
  });
});

describe('a full checkout', () => {
  it('success: the webhook completes the payment, lists the ad, and emails a receipt', async () => {
    const business = await newBusiness();
    const ad = await newAd(business);
    await submitCard(ad.checkout.transactionId, CARDS.success);
    const payment = await settledPayment(business.token, ad.transaction.id);
    expect(payment).toMatchObject({ state: 'completed', amount: AD_PRICE, currency: 'EUR', receipt: true });
    expect(await listedRuns(business)).toEqual([ad._id]);
    // The webhook carried Paddle's envelope, signed.
    const [completed] = (await eventsAbout(ad.checkout.transactionId)).filter(
      (e) => e.type === 'transaction.completed',
    );
    expect(JSON.parse(completed.body)).toMatchObject({
      event_id: expect.stringMatching(/^evt_/),
      event_type: 'transaction.completed',
      notification_id: expect.stringMatching(/^ntf_/),
      data: { id: ad.checkout.transactionId, status: 'completed', custom_data: { paymentId: ad.transaction.id } },
    });
    expect(completed.deliveries.map((d) => d.status)).toEqual([200]);
    const [receipt] = await waitForEmails(business.email, /Fatura|Receipt/);
    expect(receipt?.text).toMatch(/20/);
    const notes = await call('GET', '/notifications', { token: business.token });
    expect(notes.body.map((n: { kind: string }) => n.kind)).toContain('paymentReceipt');
  });

  it('decline: the payment is Refused with the reason, nothing is bought, and the business is told', async () => {
    const business = await newBusiness();
    const ad = await newAd(business);
    const declined = await submitCard(ad.checkout.transactionId, CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined');
    const payment = await settledPayment(business.token, ad.transaction.id);
    expect(payment).toMatchObject({ state: 'failed', status: 'Refused', failure: { code: 'declined' } });
    expect(await listedRuns(business)).toEqual([]);
    const [email] = await waitForEmails(business.email, /nuk u krye|did not go through/);
    expect(email?.text).toMatch(/Banka e refuzoi kartën|The bank declined the card/);
  });

  it('3-D Secure: the bank asks, the buyer confirms, and a few seconds later the payment completes', async () => {
    const business = await newBusiness();
    const ad = await newAd(business);
    const txn = ad.checkout.transactionId;
    const asked = await submitCard(txn, CARDS.threeDSecure);
    expect(asked.location).toMatch(`/checkout/${txn}/authenticate`);
    expect((await page(asked.location!)).html).toContain('Confirm the payment with your bank');
    const answered = await answerAuthentication(txn, true);
    expect((await page(answered.location!)).html).toContain('Waiting for your bank');
    expect((await call('GET', `/payments/${ad.transaction.id}`, { token: business.token })).body.state).toBe('pending');
    expect((await settledPayment(business.token, ad.transaction.id)).state).toBe('completed');
    expect(await listedRuns(business)).toEqual([ad._id]);
  });

  it('3-D Secure refused by the buyer: the payment fails (authentication_failed) and nothing is bought', async () => {
    const business = await newBusiness();
    const ad = await newAd(business);
    await submitCard(ad.checkout.transactionId, CARDS.threeDSecure);
    await answerAuthentication(ad.checkout.transactionId, false);
    const payment = await settledPayment(business.token, ad.transaction.id);
    expect(payment).toMatchObject({ state: 'failed', failure: { code: 'authentication_failed' } });
    expect(await listedRuns(business)).toEqual([]);
  });
});

describe('webhook deliveries', () => {
  it('five concurrent deliveries of one event change the payment once and list the ad once', async () => {
    const business = await newBusiness();
    const ad = await paidAd(business);
    const [completed] = (await eventsAbout(ad.checkout.transactionId)).filter(
      (e) => e.type === 'transaction.completed',
    );
    const before = (await call('GET', `/payments/${ad.transaction.id}`, { token: business.token })).body;
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliverWebhook(completed.body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.body.outcome)).toEqual(Array(5).fill('unchanged'));
    expect((await call('GET', `/payments/${ad.transaction.id}`, { token: business.token })).body).toEqual(before);
    expect(await listedRuns(business)).toEqual([ad._id]);
  });

  it('five concurrent first deliveries: exactly one applies', async () => {
    const business = await newBusiness();
    const ad = await newAd(business);
    // The provider's own delivery is held back: the event is sent by the test, five times at once.
    const body = JSON.stringify({
      event_id: `evt_01test${Date.now().toString(36)}`,
      event_type: 'transaction.completed',
      occurred_at: new Date().toISOString(),
      notification_id: 'ntf_01test',
      data: {
        id: ad.checkout.transactionId,
        status: 'completed',
        origin: 'api',
        currency_code: 'EUR',
        custom_data: { paymentId: ad.transaction.id, businessId: business.businessId },
        subscription_id: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        details: { totals: { grand_total: '2000' } },
        payments: [],
      },
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliverWebhook(body)));
    expect(answers.map((a) => a.body.outcome).sort()).toEqual([
      'applied',
      'unchanged',
      'unchanged',
      'unchanged',
      'unchanged',
    ]);
    expect(await listedRuns(business)).toEqual([ad._id]);
  });

  it('a webhook that arrives before the checkout request has answered still completes its payment, once', async () => {
    const business = await newBusiness();
    await provider('POST', '/admin/settings', { completeOnCreate: true });
    const ad = await newAd(business);
    // The provider paid and delivered transaction.completed before it answered the create call.
    expect(ad.transaction.state).toBe('completed');
    expect(await listedRuns(business)).toEqual([ad._id]);
    const events = await eventsAbout(ad.checkout.transactionId);
    expect(events.filter((e) => e.type === 'transaction.completed')).toHaveLength(1);
  });

  it('an older event arriving after a newer one changes nothing', async () => {
    const business = await newBusiness();
    const ad = await newAd(business);
    const txn = ad.checkout.transactionId;
    await submitCard(txn, CARDS.declined);
    expect((await settledPayment(business.token, ad.transaction.id)).state).toBe('failed');
    await submitCard(txn, CARDS.success);
    await paymentWhen(business.token, ad.transaction.id, (p) => p.state === 'completed');
    const [failed] = (await eventsAbout(txn)).filter((e) => e.type === 'transaction.payment_failed');
    const late = await deliverWebhook(failed.body);
    expect([late.status, late.body.outcome]).toEqual([200, 'unchanged']);
    expect((await call('GET', `/payments/${ad.transaction.id}`, { token: business.token })).body.state).toBe(
      'completed',
    );
  });

  it('refuses a forged, tampered, expired or unsigned webhook with 401 and changes nothing; a malformed signed one is 400', async () => {
    const business = await newBusiness();
    const ad = await newAd(business);
    const body = JSON.stringify({
      event_id: 'evt_01forged',
      event_type: 'transaction.completed',
      occurred_at: new Date().toISOString(),
      notification_id: 'ntf_01forged',
      data: {
        id: ad.checkout.transactionId,
        status: 'completed',
        origin: 'api',
        currency_code: 'EUR',
        custom_data: { paymentId: ad.transaction.id, businessId: business.businessId },
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        details: { totals: { grand_total: '2000' } },
      },
    });
    const wrongSecret = await deliverWebhook(body, { secret: 'not-the-secret' });
    const tampered = await deliverWebhook(body.replace('2000', '1'), {
      signature: (await deliverWebhookSignature(body)).signature,
    });
    const expired = await deliverWebhook(body, { signedAt: new Date(Date.now() - 6 * 60_000) });
    const unsigned = await call('POST', '/payments/webhook', { rawBody: body });
    for (const r of [wrongSecret, tampered, expired, unsigned])
      expect([r.status, r.body.code]).toEqual([401, 'WEBHOOK_SIGNATURE_INVALID']);
    expect((await call('GET', `/payments/${ad.transaction.id}`, { token: business.token })).body.state).toBe('pending');
    expect(await listedRuns(business)).toEqual([]);

    const malformed = await deliverWebhook('{"event_id": 1}');
    expect([malformed.status, malformed.body.code]).toEqual([400, 'WEBHOOK_MALFORMED']);
    const notJson = await deliverWebhook('not json');
    expect([notJson.status, notJson.body.code]).toEqual([400, 'WEBHOOK_MALFORMED']);
    const ignored = await deliverWebhook(
      JSON.stringify({
        event_id: 'evt_01x',
        event_type: 'customer.created',
        occurred_at: new Date().toISOString(),
        data: {},
      }),
    );
    expect([ignored.status, ignored.body.outcome]).toEqual([200, 'ignored']);
  });
});

/** The signature header a correct delivery of `body` would carry now. */
async function deliverWebhookSignature(body: string) {
  const { signWebhook } = await import('../../lambdas/payments/signature');
  const { stack } = await import('../support/api');
  return { signature: signWebhook(body, stack().payments.webhookSecret) };
}

describe('refunds', () => {
  it('a moderator refunds with a reason: the payment becomes Refunded, the ad leaves the lists, the business is told the reason', async () => {
    const business = await newBusiness();
    const moderator = await newModerator();
    const ad = await paidAd(business);
    const path = `/moderation/payments/${ad.transaction.id}/refund`;
    expect((await call('POST', path, { token: business.token, body: { reason: 'x' } })).status).toBe(403);
    const noReason = await call('POST', path, { token: moderator.token, body: { reason: '  ' } });
    expect(noReason.status).toBe(400);
    const refund = await call('POST', path, {
      token: moderator.token,
      body: { reason: 'The ad picture breaks the rules' },
    });
    expect(refund.status).toBe(200);
    expect(refund.body).toMatchObject({
      businessId: business.businessId,
      refund: { reason: 'The ad picture breaks the rules' },
    });
    const again = await call('POST', path, { token: moderator.token, body: { reason: 'twice' } });
    expect(again.status).toBe(409);
    const refunded = await paymentWhen(business.token, ad.transaction.id, (p) => p.state === 'refunded');
    expect(refunded).toMatchObject({
      status: 'Refunded',
      refundedAmount: AD_PRICE,
      refund: { status: 'approved', reason: 'The ad picture breaks the rules', amount: AD_PRICE },
    });
    expect(await listedRuns(business)).toEqual([]);
    const [email] = await waitForEmails(business.email, /Rimbursim|Refund/);
    expect(email?.text).toContain('The ad picture breaks the rules');
    const list = await call('GET', '/moderation/payments?limit=100', { token: moderator.token });
    expect(list.body.find((p: { id: string }) => p.id === ad.transaction.id)).toMatchObject({ state: 'refunded' });
    const whole = await call('POST', path, { token: moderator.token, body: { reason: 'more' } });
    expect([whole.status, whole.body.code]).toEqual([409, 'PAYMENT_NOT_REFUNDABLE']);
  });

  it('a part refund keeps what was bought; a pending payment cannot be refunded', async () => {
    const business = await newBusiness();
    const moderator = await newModerator();
    const ad = await paidAd(business);
    const part = await call('POST', `/moderation/payments/${ad.transaction.id}/refund`, {
      token: moderator.token,
      body: { reason: 'Two days without showing', amount: 5 },
    });
    expect(part.status).toBe(200);
    const refunded = await paymentWhen(business.token, ad.transaction.id, (p) => p.refundedAmount === 5);
    expect(refunded.state).toBe('refunded');
    expect(await listedRuns(business)).toEqual([ad._id]);
    const tooMuch = await call('POST', `/moderation/payments/${ad.transaction.id}/refund`, {
      token: moderator.token,
      body: { reason: 'more', amount: 16 },
    });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([409, 'REFUND_TOO_LARGE']);
    const pending = await newAd(business);
    const early = await call('POST', `/moderation/payments/${pending.transaction.id}/refund`, {
      token: moderator.token,
      body: { reason: 'x' },
    });
    expect([early.status, early.body.code]).toEqual([409, 'PAYMENT_NOT_REFUNDABLE']);
  });
});

describe('reconciliation', () => {
  it('repairs a payment whose webhook was lost, once', async () => {
    const business = await newBusiness();
    const lost = await newAd(business);
    // The provider takes the payment but its webhooks never reach the API (held back here).
    const paid = await provider<{ outcome: string }>('POST', `/admin/checkout/${lost.checkout.transactionId}`, {
      card: CARDS.success,
      deliver: false,
    });
    expect(paid.outcome).toBe('completed');
    expect((await call('GET', `/payments/${lost.transaction.id}`, { token: business.token })).body.state).toBe(
      'pending',
    );
    const first = await runReconcileJob();
    expect(first.repaired).toBeGreaterThanOrEqual(1);
    expect((await call('GET', `/payments/${lost.transaction.id}`, { token: business.token })).body.state).toBe(
      'completed',
    );
    expect(await listedRuns(business)).toEqual([lost._id]);
    expect((await runReconcileJob()).repaired).toBe(0);
  });
});
