/**
 * The Paddle Billing adapter of the payment port: plain `fetch` over Paddle's REST API (no SDK: the Lambda bundles
 * stay small), the subset the product uses. The local provider (bin/local/paymentProvider.ts) serves the same
 * subset, so this one adapter is what `npm start`, the tests and the cloud run; only the base URL and the keys
 * differ (lambdas/payments/provider.ts).
 *
 * | port | Paddle API (https://developer.paddle.com/api-reference) |
 * |---|---|
 * | startCheckout | POST /transactions (items: the stage's price, custom_data, checkout.url: our pay page) |
 * | getTransaction | GET /transactions/{id} |
 * | listTransactionsUpdatedSince | GET /transactions?updated_at[GTE]=...&order_by=updated_at[ASC] (every page) |
 * | getInvoiceUrl | GET /transactions/{id}/invoice?disposition=inline |
 * | refund | POST /adjustments (action refund; type full, or partial with the line item) |
 * | listAdjustments | GET /adjustments?transaction_id=... (refunds, chargebacks and their reversals; credits left out) |
 * | listAdjustmentsCreatedSince | GET /adjustments?order_by=id[DESC] (every page back to the time) |
 * | getSubscription | GET /subscriptions/{id} |
 * | changeSubscription | PATCH /subscriptions/{id} (items, proration_billing_mode prorated_immediately or do_not_bill) |
 * | cancelSubscription | POST /subscriptions/{id}/cancel (effective_from next_billing_period or immediately) |
 * | resumeSubscription | PATCH /subscriptions/{id} (scheduled_change null) |
 * | paymentMethodCheckout | GET /subscriptions/{id}/update-payment-method-transaction |
 * | parseWebhook | Paddle-Signature (./signature.ts), then the event envelope: event_id, event_type, occurred_at, data |
 *
 * Reads are retried on a dependency fault (a 5xx, a 429, a network error: lambdas/lib/dependencies.ts); writes are
 * made once, within the request's time. Paddle's other error answers (`{error: {type, code, detail}}`) become a
 * PaymentProviderError with their status and code.
 */
import * as z from 'zod';
import {
  ADJUSTMENT_ACTIONS,
  ADJUSTMENT_STATUSES,
  type AdjustmentAction,
  type ChargeCurrency,
  type PaymentProduct,
} from '../../common/payments';
import { callDependency, dependencyTimeouts, withinTimeLimit } from '../lib/dependencies';
import type { PaymentEvent } from './events';
import {
  PaymentProviderError,
  WebhookPayloadError,
  type Checkout,
  type CheckoutRequest,
  type PaymentCustomData,
  type PaymentPort,
  type ProviderAdjustment,
  type ProviderItem,
  type ProviderSubscription,
  type ProviderTransaction,
} from './port';
import { verifyWebhookSignature } from './signature';

export interface PaddleSettings {
  /** https://api.paddle.com, https://sandbox-api.paddle.com, or the local provider's address. */
  baseUrl: string;
  apiKey: string;
  webhookSecret: string;
  /** `paddle` in the cloud; `local` for the local provider (same API). */
  name: 'paddle' | 'local';
  /** Test payments: Paddle's sandbox, or the local provider. */
  test: boolean;
  /** The stage's Paddle price of each product (pri_...). */
  prices: Record<PaymentProduct, string>;
}

export const PADDLE_API_URLS = { production: 'https://api.paddle.com', sandbox: 'https://sandbox-api.paddle.com' };

/**
 * How a plan change is billed (https://developer.paddle.com/concepts/subscriptions/proration): an upgrade is
 * prorated and charged at once; a downgrade (and "keep my plan") bills nothing now, and the next renewal bills the
 * new items' price. (`full_next_billing_period` would add the new plan's full price to the next renewal on top.)
 */
export const PRORATION_BILLING_MODES = { now: 'prorated_immediately', nextPeriod: 'do_not_bill' } as const;

/** Amounts: Paddle writes them as strings in the currency's minor unit (EUR and USD: cents). */
export const toMinorUnits = (amount: number) => String(Math.round(amount * 100));
export const fromMinorUnits = (amount: string | number) => Number(amount) / 100;

// ---- What we read of Paddle's entities (unknown fields are kept out, missing optional ones tolerated) ----

const customDataSchema = z
  .looseObject({ paymentId: z.string().min(1).max(200), businessId: z.string().min(1).max(200) })
  .transform((d): PaymentCustomData => ({ paymentId: d.paymentId, businessId: d.businessId }));

const readCustomData = (value: unknown): PaymentCustomData | undefined => {
  const parsed = customDataSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

const priceRefSchema = z.looseObject({
  id: z.string(),
  unit_price: z.looseObject({ amount: z.string(), currency_code: z.string() }).optional(),
});

const transactionSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  origin: z.string().nullish(),
  currency_code: z.string(),
  custom_data: z.unknown().nullish(),
  subscription_id: z.string().nullish(),
  created_at: z.string(),
  updated_at: z.string(),
  items: z
    .array(
      z.looseObject({
        price: priceRefSchema.nullish(),
        price_id: z.string().nullish(),
        quantity: z.number().int().nullish(),
      }),
    )
    .optional(),
  details: z
    .looseObject({
      totals: z.looseObject({ grand_total: z.string(), total: z.string().optional() }).nullish(),
      line_items: z.array(z.looseObject({ id: z.string() })).nullish(),
    })
    .nullish(),
  payments: z
    .array(z.looseObject({ status: z.string(), error_code: z.string().nullish(), created_at: z.string().optional() }))
    .nullish(),
  checkout: z.looseObject({ url: z.string().nullish() }).nullish(),
});
type PaddleTransaction = z.infer<typeof transactionSchema>;

const subscriptionSchema = z.looseObject({
  id: z.string().min(1),
  status: z.enum(['active', 'past_due', 'paused', 'canceled', 'trialing']),
  currency_code: z.string().nullish(),
  custom_data: z.unknown().nullish(),
  updated_at: z.string(),
  next_billed_at: z.string().nullish(),
  current_billing_period: z.looseObject({ starts_at: z.string(), ends_at: z.string() }).nullish(),
  scheduled_change: z.looseObject({ action: z.string(), effective_at: z.string() }).nullish(),
  items: z
    .array(z.looseObject({ price: z.looseObject({ id: z.string() }), quantity: z.number().int().nullish() }))
    .optional(),
});
type PaddleSubscription = z.infer<typeof subscriptionSchema>;

const adjustmentSchema = z.looseObject({
  id: z.string().min(1),
  action: z.string(),
  transaction_id: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  currency_code: z.string(),
  totals: z.looseObject({ total: z.string() }).nullish(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
type PaddleAdjustment = z.infer<typeof adjustmentSchema>;

const envelopeSchema = z.looseObject({
  event_id: z.string().min(1).max(200),
  event_type: z.string().min(1).max(100),
  occurred_at: z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'occurred_at must be a date'),
  notification_id: z.string().optional(),
  data: z.looseObject({}),
});

const errorSchema = z.looseObject({ error: z.looseObject({ code: z.string(), detail: z.string().optional() }) });

const ORIGINS: Record<string, ProviderTransaction['origin']> = {
  web: 'checkout',
  api: 'checkout',
  subscription_recurring: 'renewal',
  subscription_update: 'change',
  subscription_charge: 'change',
  subscription_payment_method_change: 'paymentMethod',
};

const itemsOf = (items: { price?: { id: string } | null; price_id?: string | null; quantity?: number | null }[] = []) =>
  items.flatMap((i): ProviderItem[] => {
    const priceId = i.price?.id ?? i.price_id;
    return priceId ? [{ priceId, quantity: i.quantity ?? 1 }] : [];
  });

export function readTransaction(t: PaddleTransaction): ProviderTransaction {
  // Paddle lists a transaction's payment attempts newest first.
  const last = t.payments?.[0];
  const failedAttempt = last && ['error', 'failed', 'canceled'].includes(last.status);
  const status: ProviderTransaction['status'] =
    t.status === 'completed'
      ? 'completed'
      : t.status === 'canceled'
        ? 'canceled'
        : t.status === 'past_due' || failedAttempt
          ? 'failed'
          : 'pending';
  const customData = readCustomData(t.custom_data);
  const grandTotal = t.details?.totals?.grand_total ?? '0';
  return {
    id: t.id,
    status,
    amount: fromMinorUnits(grandTotal),
    total: fromMinorUnits(t.details?.totals?.total ?? grandTotal),
    currency: t.currency_code,
    items: itemsOf(t.items),
    ...(customData ? { customData } : {}),
    ...(t.subscription_id ? { subscriptionId: t.subscription_id } : {}),
    origin: ORIGINS[t.origin ?? ''] ?? 'other',
    ...(status === 'failed' && last?.error_code ? { failureCode: last.error_code } : {}),
    createdAt: t.created_at,
    updatedAt: t.updated_at,
  };
}

/** The product a subscription's (or a transaction's) lines buy: exactly one line, of one of our prices, once. */
export function productOfItems(
  items: readonly ProviderItem[],
  productOf: (priceId: string) => PaymentProduct | undefined,
): PaymentProduct | undefined {
  if (items.length !== 1 || items[0].quantity !== 1) return undefined;
  return productOf(items[0].priceId);
}

function readSubscription(s: PaddleSubscription, productOf: (priceId: string) => PaymentProduct | undefined) {
  const customData = readCustomData(s.custom_data);
  const items = itemsOf(s.items);
  const product = productOfItems(items, productOf);
  const sub: ProviderSubscription = {
    id: s.id,
    status: s.status,
    items,
    ...(s.currency_code ? { currency: s.currency_code } : {}),
    ...(product ? { product } : {}),
    ...(customData ? { customData } : {}),
    ...(s.current_billing_period ? { currentPeriodEnd: s.current_billing_period.ends_at } : {}),
    ...(s.next_billed_at ? { nextBilledAt: s.next_billed_at } : {}),
    ...(s.scheduled_change?.action === 'cancel' ? { cancelAt: s.scheduled_change.effective_at } : {}),
    updatedAt: s.updated_at,
  };
  return sub;
}

const isCounted = (action: string): action is AdjustmentAction =>
  (ADJUSTMENT_ACTIONS as readonly string[]).includes(action);

/** An adjustment that moves money (a refund, a chargeback, a chargeback's reversal); undefined for the others. */
const readAdjustment = (a: PaddleAdjustment): ProviderAdjustment | undefined =>
  isCounted(a.action)
    ? {
        id: a.id,
        action: a.action,
        transactionId: a.transaction_id,
        status: a.status,
        amount: fromMinorUnits(a.totals?.total ?? '0'),
        currency: a.currency_code,
        createdAt: a.created_at ?? a.updated_at ?? new Date().toISOString(),
        updatedAt: a.updated_at ?? a.created_at ?? new Date().toISOString(),
      }
    : undefined;

const TRANSACTION_EVENTS: Record<string, 'payment.completed' | 'payment.failed' | 'payment.canceled'> = {
  'transaction.completed': 'payment.completed',
  'transaction.payment_failed': 'payment.failed',
  'transaction.past_due': 'payment.failed',
  'transaction.canceled': 'payment.canceled',
};
const SUBSCRIPTION_EVENTS = {
  'subscription.created': 'subscription.created',
  'subscription.updated': 'subscription.updated',
  'subscription.activated': 'subscription.updated',
  'subscription.past_due': 'subscription.past_due',
  'subscription.canceled': 'subscription.canceled',
} as const;

function parsed<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new WebhookPayloadError(`Not a ${what}: ${result.error.issues[0]?.message ?? ''}`);
  return result.data;
}

/** Our event for a Paddle event envelope (already verified). Throws WebhookPayloadError when it cannot be read. */
export function readPaddleEvent(
  body: unknown,
  productOf: (priceId: string) => PaymentProduct | undefined,
): PaymentEvent {
  const envelope = parsed(envelopeSchema, body, 'Paddle event');
  const base = { eventId: envelope.event_id, occurredAt: new Date(envelope.occurred_at).toISOString() };
  const type = envelope.event_type;
  const transactionKind = TRANSACTION_EVENTS[type];
  if (transactionKind) {
    const transaction = readTransaction(parsed(transactionSchema, envelope.data, 'transaction'));
    const kind =
      transactionKind === 'payment.completed' && transaction.origin === 'renewal'
        ? 'subscription.renewed'
        : transactionKind;
    return { ...base, kind, transaction };
  }
  if (type === 'adjustment.created' || type === 'adjustment.updated') {
    const adjustment = readAdjustment(parsed(adjustmentSchema, envelope.data, 'adjustment'));
    return adjustment ? { ...base, kind: 'adjustment', adjustment } : { ...base, kind: 'ignored', eventType: type };
  }
  const subscriptionKind = SUBSCRIPTION_EVENTS[type as keyof typeof SUBSCRIPTION_EVENTS];
  if (subscriptionKind) {
    const subscription = readSubscription(parsed(subscriptionSchema, envelope.data, 'subscription'), productOf);
    return { ...base, kind: subscriptionKind, subscription };
  }
  return { ...base, kind: 'ignored', eventType: type };
}

/** The next page of a list answer (`meta.pagination`), if it has more. */
function nextPage(meta: unknown): string | undefined {
  const pagination = z
    .looseObject({ pagination: z.looseObject({ next: z.string().nullish(), has_more: z.boolean() }) })
    .safeParse(meta);
  return pagination.success && pagination.data.pagination.has_more
    ? (pagination.data.pagination.next ?? undefined)
    : undefined;
}

/** An answer of Paddle that means it is down or throttling: a dependency fault (retried, then 503). */
class PaddleUnavailable extends Error {
  readonly $metadata: { httpStatusCode: number };
  constructor(status: number, message: string) {
    super(message);
    this.name = 'PaddleUnavailable';
    this.$metadata = { httpStatusCode: status };
  }
}

export function paddleAdapter(settings: PaddleSettings): PaymentPort {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const productOf = (priceId: string) =>
    (Object.entries(settings.prices) as [PaymentProduct, string][]).find(([, id]) => id === priceId)?.[0];

  async function send(method: string, pathOrUrl: string, body?: unknown): Promise<{ data: unknown; meta?: unknown }> {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${base}${pathOrUrl}`;
    if (!url.startsWith(`${base}/`)) throw new Error(`Refusing to follow ${url} outside ${base}`);
    const response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${settings.apiKey}`,
        'content-type': 'application/json',
        'paddle-version': '1',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = undefined;
    }
    if (response.status >= 500 || response.status === 429)
      throw new PaddleUnavailable(response.status, `Paddle answered ${response.status}`);
    if (!response.ok) {
      const error = errorSchema.safeParse(json);
      throw new PaymentProviderError(
        response.status,
        error.success ? error.data.error.code : 'unknown_error',
        error.success ? (error.data.error.detail ?? error.data.error.code) : `Paddle answered ${response.status}`,
      );
    }
    if (!json || typeof json !== 'object' || !('data' in json))
      throw new PaddleUnavailable(502, 'Paddle answered no data');
    return json as { data: unknown; meta?: unknown };
  }
  const read = (path: string) => callDependency('The payment provider', () => send('GET', path));
  const write = (method: string, path: string, body: unknown) =>
    withinTimeLimit(send(method, path, body), dependencyTimeouts().requestTimeoutMs * 2, 'The payment provider');
  const entity = <T>(schema: z.ZodType<T>, data: unknown): T => {
    const result = schema.safeParse(data);
    if (!result.success)
      throw new PaddleUnavailable(502, `Paddle answered an unreadable entity: ${result.error.message}`);
    return result.data;
  };

  /** Every page of an adjustments list (money-moving ones only), stopping at the first one `past` says is too old. */
  async function listAdjustmentPages(first: string, past?: (a: PaddleAdjustment) => boolean) {
    const out: ProviderAdjustment[] = [];
    let next: string | undefined = first;
    for (let page = 0; next && page < 100; page++) {
      const answer = await read(next);
      const items = z.array(adjustmentSchema).safeParse(answer.data);
      if (!items.success) throw new PaddleUnavailable(502, 'Paddle answered an unreadable list');
      for (const a of items.data) {
        if (past?.(a)) return out;
        const adjustment = readAdjustment(a);
        if (adjustment) out.push(adjustment);
      }
      next = nextPage(answer.meta);
    }
    return out;
  }

  return {
    name: settings.name,
    test: settings.test,

    async startCheckout(request: CheckoutRequest): Promise<Checkout> {
      const priceId = settings.prices[request.product];
      const customData: PaymentCustomData = { paymentId: request.paymentId, businessId: request.businessId };
      const { data } = await write('POST', '/transactions', {
        items: [{ price_id: priceId, quantity: 1 }],
        currency_code: request.currency satisfies ChargeCurrency,
        collection_mode: 'automatic',
        custom_data: customData,
        checkout: { url: request.payPageUrl },
      });
      const txn = entity(transactionSchema, data);
      // What the buyer was told is what they are charged: the stage's price must be the amount and currency shown.
      const price = txn.items?.[0]?.price?.unit_price;
      if (price && (price.currency_code !== request.currency || fromMinorUnits(price.amount) !== request.amount)) {
        throw new Error(
          `The provider's price ${priceId} is ${fromMinorUnits(price.amount)} ${price.currency_code}, not ${request.amount} ${request.currency}: fix the stage's prices (docs/payments.md)`,
        );
      }
      if (!txn.checkout?.url)
        throw new Error('The provider gave no checkout URL: set the default payment link (docs/payments.md)');
      return { transactionId: txn.id, url: txn.checkout.url };
    },

    async getTransaction(id) {
      const { data } = await read(`/transactions/${encodeURIComponent(id)}`);
      return readTransaction(entity(transactionSchema, data));
    },

    async listTransactionsUpdatedSince(since) {
      const out: ProviderTransaction[] = [];
      let next: string | undefined =
        `/transactions?updated_at[GTE]=${encodeURIComponent(since)}&order_by=updated_at[ASC]&per_page=30`;
      for (let page = 0; next && page < 100; page++) {
        const answer = await read(next);
        const items = z.array(transactionSchema).safeParse(answer.data);
        if (!items.success) throw new PaddleUnavailable(502, 'Paddle answered an unreadable list');
        out.push(...items.data.map(readTransaction));
        next = nextPage(answer.meta);
      }
      return out;
    },

    async getInvoiceUrl(transactionId) {
      const { data } = await read(`/transactions/${encodeURIComponent(transactionId)}/invoice?disposition=inline`);
      return entity(z.looseObject({ url: z.string().url() }), data).url;
    },

    async refund({ transactionId, reason, amount, fullAmount }) {
      const full = amount === undefined || amount >= fullAmount;
      let items: { item_id: string; type: 'partial'; amount: string }[] | undefined;
      if (!full) {
        const { data } = await read(`/transactions/${encodeURIComponent(transactionId)}`);
        const lineItem = entity(transactionSchema, data).details?.line_items?.[0];
        if (!lineItem) throw new PaymentProviderError(400, 'no_line_item', 'The transaction has no item to refund');
        items = [{ item_id: lineItem.id, type: 'partial', amount: toMinorUnits(amount) }];
      }
      const { data } = await write('POST', '/adjustments', {
        action: 'refund',
        transaction_id: transactionId,
        reason,
        ...(full ? { type: 'full' } : { type: 'partial', items }),
      });
      const adjustment = readAdjustment(entity(adjustmentSchema, data));
      if (!adjustment) throw new PaddleUnavailable(502, 'Paddle answered a refund that is not one');
      return adjustment;
    },

    async listAdjustments(transactionId) {
      return listAdjustmentPages(`/adjustments?transaction_id=${encodeURIComponent(transactionId)}&per_page=50`);
    },

    async listAdjustmentsCreatedSince(since) {
      return listAdjustmentPages(
        '/adjustments?order_by=id[DESC]&per_page=50',
        (a) => a.created_at !== undefined && a.created_at < since,
      );
    },

    async getSubscription(id) {
      const { data } = await read(`/subscriptions/${encodeURIComponent(id)}`);
      return readSubscription(entity(subscriptionSchema, data), productOf);
    },

    async changeSubscription(id, product, billing) {
      const { data } = await write('PATCH', `/subscriptions/${encodeURIComponent(id)}`, {
        items: [{ price_id: settings.prices[product], quantity: 1 }],
        proration_billing_mode: PRORATION_BILLING_MODES[billing],
      });
      return readSubscription(entity(subscriptionSchema, data), productOf);
    },

    async cancelSubscription(id, when = 'periodEnd') {
      const { data } = await write('POST', `/subscriptions/${encodeURIComponent(id)}/cancel`, {
        effective_from: when === 'now' ? 'immediately' : 'next_billing_period',
      });
      return readSubscription(entity(subscriptionSchema, data), productOf);
    },

    async resumeSubscription(id) {
      const { data } = await write('PATCH', `/subscriptions/${encodeURIComponent(id)}`, { scheduled_change: null });
      return readSubscription(entity(subscriptionSchema, data), productOf);
    },

    async paymentMethodCheckout(id) {
      const { data } = await read(`/subscriptions/${encodeURIComponent(id)}/update-payment-method-transaction`);
      const txn = entity(transactionSchema, data);
      if (!txn.checkout?.url)
        throw new Error('The provider gave no checkout URL: set the default payment link (docs/payments.md)');
      return { transactionId: txn.id, url: txn.checkout.url };
    },

    async parseWebhook(rawBody, signature, now = new Date()) {
      verifyWebhookSignature(rawBody, signature, settings.webhookSecret, now);
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        throw new WebhookPayloadError('The body is not JSON');
      }
      return readPaddleEvent(body, productOf);
    },
  };
}
