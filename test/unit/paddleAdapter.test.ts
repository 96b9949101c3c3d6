/**
 * The Paddle adapter (lambdas/payments/paddle.ts) against an HTTP interceptor (msw) answering with payloads shaped
 * as Paddle's API reference shows them (test/unit/fixtures/paddle.ts names each page), including its error answers:
 * what it sends, what it reads, what it retries and what it refuses.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { paddleAdapter } from '../../lambdas/payments/paddle';
import { PaymentProviderError, WebhookPayloadError, WebhookSignatureError } from '../../lambdas/payments/port';
import { signWebhook } from '../../lambdas/payments/signature';
import { dependencyFault } from '../../lambdas/lib/dependencies';
import * as fx from './fixtures/paddle';

const BASE = 'https://sandbox-api.paddle.com';
const SECRET = 'pdl_ntfset_01test_secret';
const prices = {
  adRun: 'pri_01gsz8x8sawmvhz1pv30nge1ke',
  standard: 'pri_01standard000000000000000',
  premium: 'pri_01premium0000000000000000',
};
const paddle = paddleAdapter({
  baseUrl: BASE,
  apiKey: 'pdl_sdbx_apikey_test',
  webhookSecret: SECRET,
  name: 'paddle',
  test: true,
  prices,
});

const server = setupServer();
beforeAll(() => {
  process.env.API_TIME_LIMIT_MS = '3000';
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  delete process.env.API_TIME_LIMIT_MS;
});

const seen: { method: string; url: string; headers: Headers; body: unknown }[] = [];
const record = async (request: Request) => {
  seen.push({
    method: request.method,
    url: request.url,
    headers: request.headers,
    body: request.method === 'GET' ? undefined : await request.clone().json(),
  });
};
afterEach(() => {
  seen.length = 0;
});

describe('startCheckout', () => {
  it('creates an automatically-collected transaction of the stage price with our ids and pay page, and answers where to pay', async () => {
    server.use(
      http.post(`${BASE}/transactions`, async ({ request }) => {
        await record(request);
        return HttpResponse.json(fx.createdTransaction, { status: 201 });
      }),
    );
    const checkout = await paddle.startCheckout({
      paymentId: 'pay-1',
      businessId: 'biz-1',
      product: 'adRun',
      amount: 20,
      currency: 'EUR',
      payPageUrl: 'https://app.example.al/pay/pay-1',
    });
    expect(checkout).toEqual({
      transactionId: 'txn_01hv8wptq8987qeep44cyrewp9',
      url: 'https://app.example.al/pay/pay-1?_ptxn=txn_01hv8wptq8987qeep44cyrewp9',
    });
    expect(seen[0].headers.get('authorization')).toBe('Bearer pdl_sdbx_apikey_test');
    expect(seen[0].headers.get('paddle-version')).toBe('1');
    expect(seen[0].body).toEqual({
      items: [{ price_id: prices.adRun, quantity: 1 }],
      currency_code: 'EUR',
      collection_mode: 'automatic',
      custom_data: { paymentId: 'pay-1', businessId: 'biz-1' },
      checkout: { url: 'https://app.example.al/pay/pay-1' },
    });
  });

  it("refuses to send a buyer to a checkout whose price is not the amount they were shown (the stage's prices are wrong)", async () => {
    server.use(http.post(`${BASE}/transactions`, () => HttpResponse.json(fx.createdTransaction, { status: 201 })));
    await expect(
      paddle.startCheckout({
        paymentId: 'p',
        businessId: 'b',
        product: 'adRun',
        amount: 25,
        currency: 'EUR',
        payPageUrl: 'https://x/pay/p',
      }),
    ).rejects.toThrow("The provider's price");
  });

  it("turns Paddle's error answers into a refusal with its code, and 5xx or 429 into a dependency fault", async () => {
    server.use(http.post(`${BASE}/transactions`, () => HttpResponse.json(fx.forbidden, { status: 403 })));
    const request = {
      paymentId: 'p',
      businessId: 'b',
      product: 'adRun' as const,
      amount: 20,
      currency: 'EUR' as const,
      payPageUrl: 'https://x/pay/p',
    };
    const refused = await paddle.startCheckout(request).catch((e) => e);
    expect(refused).toBeInstanceOf(PaymentProviderError);
    expect([refused.status, refused.code]).toEqual([403, 'forbidden']);
    server.use(http.post(`${BASE}/transactions`, () => HttpResponse.json(fx.tooManyRequests, { status: 429 })));
    expect(dependencyFault(await paddle.startCheckout(request).catch((e) => e))).toBe('throttled');
    server.use(http.post(`${BASE}/transactions`, () => HttpResponse.json(fx.internalError, { status: 500 })));
    expect(dependencyFault(await paddle.startCheckout(request).catch((e) => e))).toBe('unavailable');
  });
});

describe('reading transactions', () => {
  it('reads a completed transaction: amounts in minor units, its price ids, our custom data', async () => {
    server.use(http.get(`${BASE}/transactions/:id`, () => HttpResponse.json(fx.completedTransaction)));
    expect(await paddle.getTransaction('txn_01hv8wptq8987qeep44cyrewp9')).toEqual({
      id: 'txn_01hv8wptq8987qeep44cyrewp9',
      status: 'completed',
      amount: 20,
      total: 20,
      currency: 'EUR',
      items: [{ priceId: prices.adRun, quantity: 1 }],
      customData: { paymentId: 'pay-1', businessId: 'biz-1' },
      origin: 'checkout',
      createdAt: '2026-11-20T10:15:30.123456Z',
      updatedAt: '2026-11-20T10:15:30.123456Z',
    });
  });

  it('retries a read Paddle could not answer (a 500), then answers; a 404 is a refusal, not retried', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/transactions/:id`, () => {
        calls++;
        return calls < 3
          ? HttpResponse.json(fx.internalError, { status: 500 })
          : HttpResponse.json(fx.completedTransaction);
      }),
    );
    expect((await paddle.getTransaction('txn_01hv8wptq8987qeep44cyrewp9')).status).toBe('completed');
    expect(calls).toBe(3);
    calls = 0;
    server.use(
      http.get(`${BASE}/transactions/:id`, () => {
        calls++;
        return HttpResponse.json(fx.notFound, { status: 404 });
      }),
    );
    const err = await paddle.getTransaction('txn_missing').catch((e) => e);
    expect([err.status, err.code, calls]).toEqual([404, 'not_found', 1]);
  });

  it('lists the transactions changed since a time, following every page', async () => {
    server.use(
      http.get(`${BASE}/transactions`, async ({ request }) => {
        await record(request);
        const url = new URL(request.url);
        return HttpResponse.json(
          url.searchParams.get('after')
            ? fx.transactionsPage(['txn_b'], `${BASE}/transactions?after=txn_b`, false)
            : fx.transactionsPage(['txn_a'], `${BASE}/transactions?updated_at[GTE]=x&after=txn_a`, true),
        );
      }),
    );
    const list = await paddle.listTransactionsUpdatedSince('2026-11-18T10:00:00.000Z');
    expect(list.map((t) => t.id)).toEqual(['txn_a', 'txn_b']);
    expect(new URL(seen[0].url).searchParams.get('updated_at[GTE]')).toBe('2026-11-18T10:00:00.000Z');
    expect(new URL(seen[0].url).searchParams.get('order_by')).toBe('updated_at[ASC]');
  });

  it("answers the invoice's link", async () => {
    server.use(
      http.get(`${BASE}/transactions/:id/invoice`, async ({ request }) => {
        await record(request);
        return HttpResponse.json(fx.invoice);
      }),
    );
    expect(await paddle.getInvoiceUrl('txn_01hv8wptq8987qeep44cyrewp9')).toBe(fx.invoice.data.url);
    expect(new URL(seen[0].url).searchParams.get('disposition')).toBe('inline');
  });
});

describe('refunds', () => {
  it('refunds the whole transaction with type full and the reason; Paddle answers pending approval', async () => {
    server.use(
      http.post(`${BASE}/adjustments`, async ({ request }) => {
        await record(request);
        return HttpResponse.json(fx.createdAdjustment, { status: 201 });
      }),
    );
    const refund = await paddle.refund({
      transactionId: 'txn_01hv8wptq8987qeep44cyrewp9',
      reason: 'Broke the rules',
      fullAmount: 20,
    });
    expect(refund).toEqual({
      id: 'adj_01hvgf2s84dr6reszzg29zbvcm',
      action: 'refund',
      transactionId: 'txn_01hv8wptq8987qeep44cyrewp9',
      status: 'pending_approval',
      amount: 20,
      currency: 'EUR',
      createdAt: '2026-11-20T10:15:30.123456Z',
      updatedAt: '2026-11-20T10:15:30.123456Z',
    });
    expect(seen[0].body).toEqual({
      action: 'refund',
      transaction_id: 'txn_01hv8wptq8987qeep44cyrewp9',
      reason: 'Broke the rules',
      type: 'full',
    });
  });

  it("refunds part of it on the transaction's line item, in minor units", async () => {
    server.use(
      http.get(`${BASE}/transactions/:id`, () => HttpResponse.json(fx.completedTransaction)),
      http.post(`${BASE}/adjustments`, async ({ request }) => {
        await record(request);
        return HttpResponse.json(fx.createdAdjustment, { status: 201 });
      }),
    );
    await paddle.refund({
      transactionId: 'txn_01hv8wptq8987qeep44cyrewp9',
      reason: 'Two days lost',
      amount: 5.5,
      fullAmount: 20,
    });
    expect(seen[0].body).toMatchObject({
      type: 'partial',
      items: [{ item_id: 'txnitm_01hv8wt98jahpbm1t1tzr06z6n', type: 'partial', amount: '550' }],
    });
  });

  it("passes on Paddle's refusals with their codes", async () => {
    server.use(http.post(`${BASE}/adjustments`, () => HttpResponse.json(fx.refundOfUnpaid, { status: 400 })));
    const unpaid = await paddle.refund({ transactionId: 'txn_x', reason: 'r', fullAmount: 20 }).catch((e) => e);
    expect([unpaid.status, unpaid.code]).toEqual([400, 'adjustment_transaction_invalid_status_for_refund']);
    server.use(http.post(`${BASE}/adjustments`, () => HttpResponse.json(fx.pendingRefund, { status: 400 })));
    const pending = await paddle.refund({ transactionId: 'txn_x', reason: 'r', fullAmount: 20 }).catch((e) => e);
    expect(pending.code).toBe('adjustment_pending_refund_request');
  });

  it("lists a transaction's refunds and chargebacks (credits move no money back and are left out)", async () => {
    server.use(
      http.get(`${BASE}/adjustments`, async ({ request }) => {
        await record(request);
        return HttpResponse.json(
          fx.adjustmentsPage([fx.adjustmentApprovedData, fx.chargebackData, fx.creditData], null, false),
        );
      }),
    );
    const list = await paddle.listAdjustments('txn_01hv8wptq8987qeep44cyrewp9');
    expect(list.map((a) => [a.id, a.action, a.status])).toEqual([
      ['adj_01hvgf2s84dr6reszzg29zbvcm', 'refund', 'approved'],
      ['adj_01hvgf7cbqm0smv8bg4xbfjw8e', 'chargeback', 'approved'],
    ]);
    expect(new URL(seen[0].url).searchParams.get('transaction_id')).toBe('txn_01hv8wptq8987qeep44cyrewp9');
  });

  it('lists the adjustments made since a time, newest first, stopping at the first older one', async () => {
    const older = { ...fx.adjustmentApprovedData, id: 'adj_older', created_at: '2026-11-01T00:00:00.000Z' };
    server.use(
      http.get(`${BASE}/adjustments`, async ({ request }) => {
        await record(request);
        const after = new URL(request.url).searchParams.get('after');
        return HttpResponse.json(
          after
            ? fx.adjustmentsPage([older], null, false)
            : fx.adjustmentsPage(
                [fx.chargebackReverseData, fx.chargebackData],
                `${BASE}/adjustments?order_by=id[DESC]&after=adj_01hvgf7cbqm0smv8bg4xbfjw8e`,
                true,
              ),
        );
      }),
    );
    const list = await paddle.listAdjustmentsCreatedSince('2026-11-18T00:00:00.000Z');
    expect(list.map((a) => a.action)).toEqual(['chargeback_reverse', 'chargeback']);
    expect(seen).toHaveLength(2);
    expect(new URL(seen[0].url).searchParams.get('order_by')).toBe('id[DESC]');
  });
});

describe('subscriptions', () => {
  it('changes the plan prorated at once, and cancels at the end of the billing period', async () => {
    server.use(
      http.patch(`${BASE}/subscriptions/:id`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({
          data: fx.subscriptionEntity({ items: [{ price: { id: prices.premium } }] }),
          meta: {},
        });
      }),
      http.post(`${BASE}/subscriptions/:id/cancel`, async ({ request }) => {
        await record(request);
        return HttpResponse.json(fx.canceledAtPeriodEnd);
      }),
    );
    const changed = await paddle.changeSubscription('sub_01hv8y5ehszzq0yv20ttx3166y', 'premium', 'now');
    expect(changed.product).toBe('premium');
    expect(seen[0].body).toEqual({
      items: [{ price_id: prices.premium, quantity: 1 }],
      proration_billing_mode: 'prorated_immediately',
    });
    const canceled = await paddle.cancelSubscription('sub_01hv8y5ehszzq0yv20ttx3166y');
    expect(seen[1].body).toEqual({ effective_from: 'next_billing_period' });
    expect(canceled).toMatchObject({ status: 'active', product: 'standard', cancelAt: '2026-12-20T10:15:30.123456Z' });
  });

  it("a downgrade bills nothing now and the next renewal at the new plan's price: do_not_bill", async () => {
    server.use(
      http.patch(`${BASE}/subscriptions/:id`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({ data: fx.subscriptionEntity(), meta: {} });
      }),
    );
    await paddle.changeSubscription('sub_01hv8y5ehszzq0yv20ttx3166y', 'standard', 'nextPeriod');
    expect(seen[0].body).toEqual({
      items: [{ price_id: prices.standard, quantity: 1 }],
      proration_billing_mode: 'do_not_bill',
    });
  });

  it('passes on a declined immediate charge and a missing card as refusals with their codes', async () => {
    server.use(
      http.patch(`${BASE}/subscriptions/:id`, () => HttpResponse.json(fx.subscriptionPaymentDeclined, { status: 400 })),
    );
    const declined = await paddle.changeSubscription('sub_1', 'premium', 'now').catch((e) => e);
    expect([declined.status, declined.code]).toEqual([400, 'subscription_payment_declined']);
    server.use(
      http.patch(`${BASE}/subscriptions/:id`, () => HttpResponse.json(fx.missingPaymentMethod, { status: 400 })),
    );
    const noCard = await paddle.changeSubscription('sub_1', 'premium', 'now').catch((e) => e);
    expect(noCard.code).toBe('subscription_missing_payment_method_cannot_update');
  });

  it("names a subscription's plan only when its items are exactly one of our plans' prices, once", async () => {
    const answer = (items: unknown[]) => () => HttpResponse.json({ data: fx.subscriptionEntity({ items }), meta: {} });
    const line = (id: string, quantity = 1) => ({ status: 'active', quantity, recurring: true, price: { id } });
    server.use(http.get(`${BASE}/subscriptions/:id`, answer([line(prices.premium)])));
    expect(await paddle.getSubscription('sub_1')).toMatchObject({
      product: 'premium',
      items: [{ priceId: prices.premium, quantity: 1 }],
      currency: 'EUR',
    });
    for (const items of [
      [line(prices.standard), line(prices.premium)],
      [line(prices.premium, 2)],
      [line('pri_01someoneelse000000000000')],
      [],
    ]) {
      server.use(http.get(`${BASE}/subscriptions/:id`, answer(items)));
      expect(await paddle.getSubscription('sub_1')).not.toHaveProperty('product');
    }
  });
});

describe('webhooks', () => {
  const signed = (body: unknown) => {
    const raw = JSON.stringify(body);
    return [raw, signWebhook(raw, SECRET)] as const;
  };

  it('reads a signed transaction.completed as payment.completed, a renewal as subscription.renewed', async () => {
    const [raw, sig] = signed(fx.event('transaction.completed', fx.completedTransaction.data));
    expect(await paddle.parseWebhook(raw, sig)).toMatchObject({
      kind: 'payment.completed',
      eventId: 'evt_01hv8x2acma2gz1he1ebvk7xbz',
      occurredAt: '2026-11-20T10:15:30.123Z',
      transaction: { id: 'txn_01hv8wptq8987qeep44cyrewp9', status: 'completed', amount: 20 },
    });
    const [rawRenewal, sigRenewal] = signed(fx.event('transaction.completed', fx.renewalCompletedData));
    expect(await paddle.parseWebhook(rawRenewal, sigRenewal)).toMatchObject({
      kind: 'subscription.renewed',
      transaction: { origin: 'renewal', subscriptionId: 'sub_01hv8y5ehszzq0yv20ttx3166y' },
    });
  });

  it('reads a declined attempt as payment.failed with its code', async () => {
    const [raw, sig] = signed(fx.event('transaction.payment_failed', fx.paymentFailedData));
    expect(await paddle.parseWebhook(raw, sig)).toMatchObject({
      kind: 'payment.failed',
      transaction: { status: 'failed', failureCode: 'declined' },
    });
  });

  it("reads a browser checkout's transaction with the prices it names, whatever its custom data claims", async () => {
    const [raw, sig] = signed(fx.event('transaction.completed', fx.browserCheckoutCompletedData));
    expect(await paddle.parseWebhook(raw, sig)).toMatchObject({
      kind: 'payment.completed',
      transaction: {
        origin: 'checkout',
        amount: 5,
        total: 5,
        items: [{ priceId: prices.standard, quantity: 1 }],
        customData: { paymentId: 'pay-1', businessId: 'biz-1' },
      },
    });
  });

  it('reads refunds, chargebacks and their reversals as adjustments with their ids; credits are ignored', async () => {
    const read = async (type: string, data: unknown) => {
      const [raw, sig] = signed(fx.event(type, data));
      return paddle.parseWebhook(raw, sig);
    };
    expect(await read('adjustment.created', fx.createdAdjustment.data)).toMatchObject({
      kind: 'adjustment',
      adjustment: { id: 'adj_01hvgf2s84dr6reszzg29zbvcm', action: 'refund', status: 'pending_approval', amount: 20 },
    });
    expect(await read('adjustment.updated', fx.adjustmentApprovedData)).toMatchObject({
      kind: 'adjustment',
      adjustment: { action: 'refund', status: 'approved' },
    });
    expect(await read('adjustment.created', fx.chargebackData)).toMatchObject({
      kind: 'adjustment',
      adjustment: { id: 'adj_01hvgf7cbqm0smv8bg4xbfjw8e', action: 'chargeback', status: 'approved', amount: 20 },
    });
    expect(await read('adjustment.created', fx.chargebackReverseData)).toMatchObject({
      kind: 'adjustment',
      adjustment: { action: 'chargeback_reverse', status: 'approved' },
    });
    expect(await read('adjustment.created', fx.creditData)).toMatchObject({ kind: 'ignored' });
  });

  it('reads subscription events, ignores event types it does not act on', async () => {
    const [raw, sig] = signed(fx.event('subscription.canceled', fx.subscriptionEntity({ status: 'canceled' })));
    expect(await paddle.parseWebhook(raw, sig)).toMatchObject({
      kind: 'subscription.canceled',
      subscription: { id: 'sub_01hv8y5ehszzq0yv20ttx3166y', status: 'canceled', product: 'standard' },
    });
    const [rawOther, sigOther] = signed(fx.event('customer.created', { id: 'ctm_1' }));
    expect(await paddle.parseWebhook(rawOther, sigOther)).toMatchObject({
      kind: 'ignored',
      eventType: 'customer.created',
    });
  });

  it('refuses a bad signature before reading anything, and a signed body that is not an event', async () => {
    const [raw] = signed(fx.event('transaction.completed', fx.completedTransaction.data));
    await expect(paddle.parseWebhook(raw, signWebhook(raw, 'another secret'))).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    const notAnEvent = JSON.stringify({ hello: 'world' });
    await expect(paddle.parseWebhook(notAnEvent, signWebhook(notAnEvent, SECRET))).rejects.toBeInstanceOf(
      WebhookPayloadError,
    );
    const badTransaction = JSON.stringify(fx.event('transaction.completed', { id: 'txn_1' }));
    await expect(paddle.parseWebhook(badTransaction, signWebhook(badTransaction, SECRET))).rejects.toBeInstanceOf(
      WebhookPayloadError,
    );
  });
});
