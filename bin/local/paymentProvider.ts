/**
 * The local payment provider: what Paddle is in the cloud, on this machine, and as strict. A real HTTP server that
 * serves the subset of Paddle's API the adapter calls (lambdas/payments/paddle.ts), with the same entities, error
 * answers and bearer key, so the API's code path on `npm start` and in the tests is the cloud's. Where Paddle
 * refuses, it refuses: a transaction is `draft` until a checkout opens it (and only a `ready` one can be paid); an
 * upgrade charged now needs a card on file that pays (else `subscription_missing_payment_method_cannot_update` or
 * `subscription_payment_declined`, and nothing changes); a refund waits for approval; each proration mode bills
 * what Paddle bills, now or on the next renewal; a subscription's later transactions carry its custom data.
 *
 * - GET /paddle/v2/paddle.js: a stand-in of Paddle.js (the pay step loads it as it loads Paddle's): Initialize once
 *   (a second call throws, as Paddle's does), Initialized, Update, Environment.set, Checkout.open/close with an
 *   overlay frame of the checkout page. Like Paddle.js it opens a checkout from any browser with the public client
 *   token for a transaction, or for any prices of the catalogue with any customData (POST /checkout-service/open):
 *   so a test can buy what a buyer reading the page's code would;
 *
 * - POST /transactions, GET /transactions/{id}, GET /transactions (updated_at[GTE], order_by, per_page, after),
 *   GET /transactions/{id}/invoice, POST /adjustments, GET /adjustments, GET /subscriptions/{id},
 *   PATCH /subscriptions/{id} (items; or scheduled_change null), POST /subscriptions/{id}/cancel,
 *   GET /subscriptions/{id}/update-payment-method-transaction: Paddle's API;
 * - GET /checkout/{transaction}?lang=sq|en&return=<url>: the checkout page (the web app's pay step sends the buyer
 *   here; a subscription's payment-method transaction too: the card paid with becomes its card on file). It takes the documented test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined,
 *   4000 0027 6000 3184 asks for the bank's confirmation (3-D Secure), which completes or fails a few seconds
 *   after the buyer answers. No card number is kept (only the last four digits, as Paddle shows them);
 * - GET /receipts/{transaction}: the receipt of a completed payment (the invoice link answers its address);
 * - webhooks: each change is sent to the API's POST /payments/webhook in Paddle's format (event_id, event_type,
 *   occurred_at, notification_id, data) signed `Paddle-Signature: ts=..;h1=..` with the stage's webhook secret,
 *   retried a few times when the API does not answer 2xx;
 * - for tests and scripts (same bearer key): GET /admin/events (every event sent, with its raw body and
 *   deliveries), POST /admin/subscriptions/{id}/renew {fail?} (a monthly renewal that succeeds or fails, as
 *   `npm run payments:renew` does), POST /admin/subscriptions/{id}/card {card|null} (the card on file: another
 *   test card, or none), POST /admin/checkout/{transaction} {card} (open and pay without the page),
 *   POST /admin/adjustments/{id} {status} (Paddle approves, rejects or reverses a refund),
 *   POST /admin/transactions/{id}/chargeback {amount?} (the buyer's bank takes it back),
 *   POST /admin/adjustments/{id}/reverse (Paddle wins a chargeback back: a chargeback_reverse), and
 *   POST /admin/settings {completeOnCreate?, answerDelay?: {key, ms}, reviewRefundsOf?: [transaction],
 *   holdEventsOf?: [transaction]} (the next transaction is paid, and its webhook delivered, before the create call
 *   answers; the next transaction created for business `key`, or refund of transaction `key`, is answered that much
 *   later; refunds of those transactions are approved only by the hook, the others by themselves a moment later;
 *   events about those transactions are recorded, not delivered). A browser checkout's buyer in
 *   the United States (`customer.address.countryCode` US) is charged in US dollars, as Paddle's price overrides do.
 *
 * Its state is kept in its data folder, so `npm start` keeps payments across restarts.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { AD_PRICE } from '../../common/constants';
import { formatMoney } from '../../common/money';
import { isLanguage, type Language } from '../../common/languages';
import {
  CARD_PAY_PATH,
  PAYMENT_SIGNATURE_HEADER,
  planPrice,
  type ChargeCurrency,
  type PaymentProduct,
} from '../../common/payments';
import { signWebhook } from '../../lambdas/payments/signature';
import { fromMinorUnits, toMinorUnits } from '../../lambdas/payments/paddle';
import { PADDLE_JS_PATH, paddleJs } from './paddleJs';
import {
  TEST_CARDS,
  authenticatePage,
  type CardField,
  checkoutPage,
  messagePage,
  pageTexts,
  receiptPage,
  waitPage,
} from './paymentPages';

/** The local catalogue: one price per product, in the stage's charge currency (the cloud's are set up in Paddle). */
export const LOCAL_PRICE_IDS: Record<PaymentProduct, string> = {
  adRun: 'pri_01localadrun0000000000000',
  standard: 'pri_01localstandard000000000',
  premium: 'pri_01localpremium0000000000',
};
const PRODUCT_NAMES: Record<PaymentProduct, Record<Language, string>> = {
  adRun: { sq: 'Reklamë e sponsorizuar', en: 'Sponsored ad' },
  standard: { sq: 'Plani Standard (çdo muaj)', en: 'Standard plan (monthly)' },
  premium: { sq: 'Plani Premium (çdo muaj)', en: 'Premium plan (monthly)' },
};
export const PRODUCT_AMOUNTS: Record<PaymentProduct, number> = {
  adRun: AD_PRICE,
  standard: planPrice('standard'),
  premium: planPrice('premium'),
};
const RECURRING: Record<PaymentProduct, boolean> = { adRun: false, standard: true, premium: true };

/** How long the bank takes to answer a 3-D Secure confirmation, and Paddle to approve a refund, here. */
export const AUTHENTICATION_DELAY_MS = 2500;
export const REFUND_APPROVAL_DELAY_MS = 1000;
const WEBHOOK_RETRY_DELAYS_MS = [500, 2000, 5000];
/** Paddle's proration billing modes (https://developer.paddle.com/concepts/subscriptions/proration). */
const PRORATION_MODES = [
  'prorated_immediately',
  'prorated_next_billing_period',
  'full_immediately',
  'full_next_billing_period',
  'do_not_bill',
];
const MONTH_MS = 30 * 24 * 3600_000;

type Json = Record<string, unknown>;

interface StoredCard {
  type: string;
  last4: string;
  expiry_month: number;
  expiry_year: number;
  cardholder_name: string;
}

interface LocalTransaction extends Json {
  id: string;
  status: 'draft' | 'ready' | 'completed' | 'canceled' | 'past_due';
  origin: string;
  currency_code: ChargeCurrency;
  custom_data: Json | null;
  subscription_id: string | null;
  invoice_number: string | null;
  created_at: string;
  updated_at: string;
  billed_at: string | null;
  items: Json[];
  details: { totals: Json; line_items: Json[] };
  payments: Json[];
  checkout: { url: string | null };
  /** Not Paddle's: the (first) product, the buyer's email, and what the 3-D Secure step is waiting for. */
  _product: PaymentProduct;
  _email?: string;
  _auth?: 'waiting' | 'approved' | 'failed';
}

/** A line of a transaction: a product of the catalogue, how many, and what it costs (a proration's own amount). */
interface Line {
  product: PaymentProduct;
  quantity: number;
  amount?: number;
  description?: string;
}

interface LocalState {
  transactions: LocalTransaction[];
  adjustments: Json[];
  subscriptions: Json[];
  events: { id: string; type: string; body: string; deliveries: { status: number | string; at: string }[] }[];
  invoiceSeq: number;
}

const paddleId = (prefix: string) => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(26);
  return `${prefix}_01${Array.from(bytes.subarray(0, 24), (b) => alphabet[b % alphabet.length]).join('')}`;
};
const now = () => new Date().toISOString();

/** Luhn check of a card number (digits only). */
const luhn = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

const paddleError = (status: number, code: string, detail: string) => ({
  status,
  body: {
    error: {
      type: 'request_error',
      code,
      detail,
      documentation_url: `https://developer.paddle.com/v1/errors/shared/${code}`,
    },
    meta: { request_id: paddleId('req') },
  },
});

export interface LocalPaymentProvider {
  url: string;
  apiKey: string;
  webhookSecret: string;
  /** The public client-side token Paddle.js is initialised with (`test_...`, as a sandbox token). */
  clientToken: string;
  prices: Record<PaymentProduct, string>;
  /** Where webhooks go (the API's POST /payments/webhook), set once the API listens. */
  setWebhookUrl(url: string): void;
  /** Pays a transaction with a test card as the checkout page does (the demo seed). Resolves when its webhooks were delivered. */
  pay(transactionId: string, card: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startPaymentProvider(opts: {
  port: number;
  dataDir: string;
  currency: ChargeCurrency;
  apiKey?: string;
  webhookSecret?: string;
}): Promise<LocalPaymentProvider> {
  mkdirSync(opts.dataDir, { recursive: true });
  const keysFile = path.join(opts.dataDir, 'keys.json');
  if (!existsSync(keysFile)) {
    writeFileSync(
      keysFile,
      JSON.stringify({
        apiKey: `pdl_local_apikey_${randomBytes(16).toString('hex')}`,
        webhookSecret: `pdl_ntfset_${randomBytes(24).toString('hex')}`,
      }),
      { mode: 0o600 },
    );
  }
  const keys = JSON.parse(readFileSync(keysFile, 'utf8')) as {
    apiKey: string;
    webhookSecret: string;
    clientToken?: string;
  };
  if (!keys.clientToken) {
    keys.clientToken = `test_local${randomBytes(12).toString('hex')}`;
    writeFileSync(keysFile, JSON.stringify(keys), { mode: 0o600 });
  }
  const clientToken = keys.clientToken;
  const apiKey = opts.apiKey ?? keys.apiKey;
  const webhookSecret = opts.webhookSecret ?? keys.webhookSecret;
  const stateFile = path.join(opts.dataDir, 'state.json');
  const state: LocalState = existsSync(stateFile)
    ? (JSON.parse(readFileSync(stateFile, 'utf8')) as LocalState)
    : { transactions: [], adjustments: [], subscriptions: [], events: [], invoiceSeq: 0 };
  const save = () => writeFileSync(stateFile, JSON.stringify(state));
  let webhookUrl: string | undefined;
  let completeOnCreate = false;
  /**
   * The next POST /transactions for this business (its custom data) answers this much later: a slow provider, the
   * record waiting unbound meanwhile.
   */
  let answerDelay: { key: string; ms: number } | undefined;
  /**
   * Refunds are approved by themselves a moment later, as Paddle's review does; those of these transactions only by
   * the admin hook (a test that decides when Paddle answers).
   */
  const reviewedByHook = new Set<string>();
  /** While set, events are recorded but not delivered (a webhook lost on the way: the reconciliation's case). */
  let holdWebhooks = false;
  /** Events about these transactions (or adjustments of them) are recorded but not delivered: a test delivers them. */
  const heldEntities = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  const findTxn = (id: string) => state.transactions.find((t) => t.id === id);
  const findSub = (id: string) => state.subscriptions.find((s) => s.id === id);
  const money = (amount: number, lang: Language = 'en') => formatMoney(lang, opts.currency, amount, 2);

  // ---- Webhooks ----

  async function deliverOnce(event: LocalState['events'][number]): Promise<boolean> {
    if (!webhookUrl) return false;
    try {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [PAYMENT_SIGNATURE_HEADER]: signWebhook(event.body, webhookSecret),
        },
        body: event.body,
      });
      event.deliveries.push({ status: res.status, at: now() });
      await res.text().catch(() => undefined);
      return res.ok;
    } catch (err) {
      event.deliveries.push({ status: String((err as Error).message), at: now() });
      return false;
    } finally {
      save();
    }
  }

  /** Sends an event; resolves once it was delivered (or every retry failed). */
  function emit(type: string, data: Json): Promise<void> {
    const event = {
      id: paddleId('evt'),
      type,
      body: JSON.stringify({
        event_id: '',
        event_type: type,
        occurred_at: now(),
        notification_id: paddleId('ntf'),
        data: publicEntity(data),
      }),
      deliveries: [] as { status: number | string; at: string }[],
    };
    event.body = event.body.replace('"event_id":""', `"event_id":"${event.id}"`);
    state.events.push(event);
    save();
    if (holdWebhooks || heldEntities.has(String(data.id)) || heldEntities.has(String(data.transaction_id)))
      return Promise.resolve();
    return (async () => {
      if (await deliverOnce(event)) return;
      for (const delay of WEBHOOK_RETRY_DELAYS_MS) {
        await new Promise<void>((r) => later(delay, r));
        if (await deliverOnce(event)) return;
      }
    })();
  }

  /** The entity as Paddle answers it (our own bookkeeping fields start with `_`). */
  const publicEntity = (e: Json) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('_')));

  // ---- Entities ----

  /**
   * A price of the catalogue, in the stage's currency or (as Paddle's price overrides localise a price by the
   * buyer's country) in US dollars for a buyer in the United States.
   */
  function priceEntity(product: PaymentProduct, currency: ChargeCurrency = opts.currency) {
    return {
      id: LOCAL_PRICE_IDS[product],
      product_id: `pro_01local${product.toLowerCase().padEnd(16, '0').slice(0, 16)}`,
      description: PRODUCT_NAMES[product].en,
      name: PRODUCT_NAMES[product].en,
      billing_cycle: RECURRING[product] ? { interval: 'month', frequency: 1 } : null,
      tax_mode: 'internal',
      unit_price: { amount: toMinorUnits(PRODUCT_AMOUNTS[product]), currency_code: currency },
      unit_price_overrides:
        opts.currency === 'USD'
          ? []
          : [
              {
                country_codes: ['US'],
                unit_price: { amount: toMinorUnits(PRODUCT_AMOUNTS[product]), currency_code: 'USD' },
              },
            ],
      quantity: { minimum: 1, maximum: 1 },
      status: 'active',
    };
  }

  const totalsOf = (amount: number, currency: ChargeCurrency = opts.currency) => {
    const total = toMinorUnits(amount);
    return {
      subtotal: total,
      discount: '0',
      tax: '0',
      total,
      credit: '0',
      balance: '0',
      grand_total: total,
      currency_code: currency,
    };
  };

  /**
   * A new transaction of `lines` (one line of `product` at its price unless given), `draft` as Paddle makes one a
   * checkout has not opened yet, unless `fields` say otherwise (a renewal is `ready`: its customer is known).
   */
  function newTransaction(
    product: PaymentProduct,
    fields: Partial<LocalTransaction> & { amount?: number; lines?: Line[] },
  ) {
    const lines: Line[] = fields.lines ?? [{ product, quantity: 1, amount: fields.amount }];
    const lineAmount = (l: Line) => l.amount ?? PRODUCT_AMOUNTS[l.product] * l.quantity;
    const amount = Math.round(lines.reduce((sum, l) => sum + lineAmount(l), 0) * 100) / 100;
    const currency = fields.currency_code ?? opts.currency;
    const totals = totalsOf(amount, currency);
    const txn: LocalTransaction = {
      id: paddleId('txn'),
      status: 'draft',
      customer_id: null,
      address_id: null,
      business_id: null,
      origin: 'api',
      collection_mode: 'automatic',
      currency_code: opts.currency,
      custom_data: null,
      subscription_id: null,
      invoice_id: null,
      invoice_number: null,
      discount_id: null,
      billing_details: null,
      billing_period: null,
      created_at: now(),
      updated_at: now(),
      billed_at: null,
      items: lines.map((l) => ({
        price_id: LOCAL_PRICE_IDS[l.product],
        price: priceEntity(l.product, currency),
        quantity: l.quantity,
      })),
      details: {
        totals,
        line_items: lines.map((l) => ({
          id: paddleId('txnitm'),
          price_id: LOCAL_PRICE_IDS[l.product],
          quantity: l.quantity,
          totals: totalsOf(lineAmount(l), currency),
          product: { name: l.description ?? PRODUCT_NAMES[l.product].en },
        })),
      },
      payments: [],
      checkout: { url: null },
      _product: product,
      ...fields,
    };
    delete (txn as Json).amount;
    delete (txn as Json).lines;
    state.transactions.push(txn);
    return txn;
  }

  function attempt(txn: LocalTransaction, card: StoredCard, status: string, errorCode: string | null) {
    txn.payments.unshift({
      payment_attempt_id: paddleId('pat').replace('pat_', ''),
      stored_payment_method_id: paddleId('paymtd').replace('paymtd_', ''),
      payment_method_id: paddleId('paymtd'),
      amount: (txn.details.totals as { grand_total: string }).grand_total,
      status,
      error_code: errorCode,
      method_details: { type: 'card', card },
      created_at: now(),
      captured_at: status === 'captured' ? now() : null,
    });
    txn.updated_at = now();
  }

  function subscriptionOf(txn: LocalTransaction): Json {
    const start = new Date();
    const end = new Date(start.getTime() + MONTH_MS);
    const product = txn._product;
    const sub: Json = {
      id: paddleId('sub'),
      status: 'active',
      customer_id: paddleId('ctm'),
      address_id: paddleId('add'),
      business_id: null,
      currency_code: opts.currency,
      created_at: now(),
      updated_at: now(),
      started_at: start.toISOString(),
      first_billed_at: start.toISOString(),
      next_billed_at: end.toISOString(),
      paused_at: null,
      canceled_at: null,
      collection_mode: 'automatic',
      billing_details: null,
      current_billing_period: { starts_at: start.toISOString(), ends_at: end.toISOString() },
      billing_cycle: { interval: 'month', frequency: 1 },
      scheduled_change: null,
      items: [subscriptionItem(product, start, end)],
      custom_data: txn.custom_data,
      management_urls: { update_payment_method: null, cancel: null },
      discount: null,
      _card: txn.payments[0]?.method_details,
    };
    state.subscriptions.push(sub);
    return sub;
  }

  const subscriptionItem = (product: PaymentProduct, start: Date, end: Date) => ({
    status: 'active',
    quantity: 1,
    recurring: true,
    created_at: now(),
    updated_at: now(),
    previously_billed_at: start.toISOString(),
    next_billed_at: end.toISOString(),
    trial_dates: null,
    price: priceEntity(product),
  });

  const productOfSubscription = (sub: Json): PaymentProduct => {
    const priceId = ((sub.items as Json[])[0].price as Json).id;
    return (Object.entries(LOCAL_PRICE_IDS).find(([, id]) => id === priceId)?.[0] ?? 'standard') as PaymentProduct;
  };

  async function complete(txn: LocalTransaction) {
    txn.status = 'completed';
    txn.billed_at = now();
    txn.updated_at = now();
    txn.invoice_number = `LOCAL-${new Date().getFullYear()}-${String(++state.invoiceSeq).padStart(5, '0')}`;
    const deliveries: Promise<void>[] = [emit('transaction.paid', txn)];
    if (RECURRING[txn._product] && !txn.subscription_id && (txn.origin === 'api' || txn.origin === 'web')) {
      const sub = subscriptionOf(txn);
      txn.subscription_id = sub.id as string;
      deliveries.push(emit('subscription.created', sub));
    }
    deliveries.push(emit('transaction.completed', txn));
    save();
    await Promise.all(deliveries);
  }

  async function decline(txn: LocalTransaction, card: StoredCard, code: string) {
    attempt(txn, card, 'error', code);
    save();
    await emit('transaction.payment_failed', txn);
  }

  // ---- Card checks (what a real checkout validates before it asks the bank) ----

  type CardForm = { card?: string; expiry?: string; cvc?: string; name?: string; email?: string };
  function readCard(form: CardForm, lang: Language) {
    const t = pageTexts(lang);
    const digits = (form.card ?? '').replace(/[\s-]/g, '');
    const errors: Partial<Record<CardField, string>> = {};
    const email = (form.email ?? '').trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) errors.email = t.invalidEmail;
    if (!/^\d{13,19}$/.test(digits) || !luhn(digits)) errors.card = t.invalidCard;
    const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(form.expiry ?? '');
    const month = m ? Number(m[1]) : 0;
    const year = m ? 2000 + Number(m[2]) : 0;
    const current = new Date();
    if (!m || month < 1 || month > 12 || year * 12 + month < current.getUTCFullYear() * 12 + current.getUTCMonth() + 1)
      errors.expiry = t.invalidExpiry;
    if (!/^\d{3,4}$/.test(form.cvc ?? '')) errors.cvc = t.invalidCvc;
    if (!(form.name ?? '').trim()) errors.name = t.invalidName;
    if (Object.keys(errors).length) return { errors };
    const card: StoredCard = {
      type: digits.startsWith('4') ? 'visa' : digits.startsWith('5') ? 'mastercard' : 'unknown',
      last4: digits.slice(-4),
      expiry_month: month,
      expiry_year: year,
      cardholder_name: form.name!.trim().slice(0, 100),
    };
    return { digits, card, email };
  }

  /**
   * A checkout opened for a transaction: a `draft` one becomes `ready` (Paddle needs the customer the checkout asks
   * for before it can be paid), with the buyer's email when known.
   */
  function openCheckout(txn: LocalTransaction, email?: string) {
    if (email) txn._email = email;
    if (txn.status !== 'draft') return;
    txn.status = 'ready';
    txn.customer_id = paddleId('ctm');
    txn.address_id = paddleId('add');
    txn.updated_at = now();
    save();
    void emit('transaction.ready', txn);
  }

  /** What the bank says to a card: paid, declined, or it wants the holder to confirm (3-D Secure). */
  async function charge(
    txn: LocalTransaction,
    digits: string,
    card: StoredCard,
  ): Promise<'completed' | 'declined' | 'authenticate' | 'notReady'> {
    // Paddle: transaction_not_ready_cannot_process_payment (a draft a checkout has not opened, or a closed one).
    if (txn.status !== 'ready' && txn.status !== 'past_due') return 'notReady';
    if (digits === TEST_CARDS.success) {
      attempt(txn, card, 'captured', null);
      await complete(txn);
      if (txn.origin === 'subscription_recurring' || txn.origin === 'subscription_payment_method_change')
        await cardOnFile(txn, card);
      return 'completed';
    }
    if (digits === TEST_CARDS.threeDSecure) {
      attempt(txn, card, 'action_required', null);
      txn._auth = 'waiting';
      save();
      return 'authenticate';
    }
    await decline(txn, card, 'declined');
    return 'declined';
  }

  /** The buyer answered the bank's confirmation: a few seconds later the payment completes or fails. */
  function authenticate(txn: LocalTransaction, approve: boolean): Promise<void> {
    txn._auth = approve ? 'approved' : 'failed';
    save();
    return new Promise((resolve) =>
      later(AUTHENTICATION_DELAY_MS, () => {
        const last = txn.payments[0] as Json & { method_details: { card: StoredCard } };
        const card = last.method_details.card;
        txn.payments.shift();
        const done = approve
          ? (attempt(txn, card, 'captured', null), complete(txn))
          : decline(txn, card, 'authentication_failed');
        void done.finally(() => {
          delete txn._auth;
          save();
          resolve();
        });
      }),
    );
  }

  // ---- HTTP ----

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= 1024 * 1024) chunks.push(c);
      });
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const sendJson = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const sendHtml = (res: ServerResponse, status: number, html: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  };
  const redirect = (res: ServerResponse, location: string) => {
    res.writeHead(303, { location });
    res.end();
  };
  const data = (res: ServerResponse, entity: Json, status = 200) =>
    sendJson(res, status, { data: publicEntity(entity), meta: { request_id: paddleId('req') } });
  const fail = (res: ServerResponse, e: { status: number; body: unknown }) => sendJson(res, e.status, e.body);

  const langOf = (value: string | null | undefined): Language => (isLanguage(value) ? value : 'sq');
  /** A return address is only followed back to the origin the checkout was opened from. */
  const safeReturn = (txn: LocalTransaction, value: string | null | undefined) => {
    if (!value || !txn.checkout.url) return undefined;
    try {
      const to = new URL(value);
      return to.origin === new URL(txn.checkout.url).origin ? to.toString() : undefined;
    } catch {
      return undefined;
    }
  };
  /** The page that opened the checkout in its overlay (the local Paddle.js): an http(s) origin, or none. */
  const embedOf = (value: string | null | undefined) => {
    if (!value) return undefined;
    try {
      const origin = new URL(value).origin;
      return /^https?:/.test(origin) ? origin : undefined;
    } catch {
      return undefined;
    }
  };
  /** Where a checkout page is: its language, where to go back, and the overlay's page, carried from page to page. */
  interface Where {
    lang: Language;
    ret?: string;
    embed?: string;
  }
  const query = (w: Where) =>
    `?lang=${w.lang}${w.ret ? `&return=${encodeURIComponent(w.ret)}` : ''}${w.embed ? `&embed=${encodeURIComponent(w.embed)}` : ''}`;
  const description = (txn: LocalTransaction, lang: Language) => PRODUCT_NAMES[txn._product][lang];
  const totalOf = (txn: LocalTransaction, lang: Language) =>
    money(fromMinorUnits((txn.details.totals as { grand_total: string }).grand_total), lang);

  function checkoutView(txn: LocalTransaction, w: Where, extra: Partial<Parameters<typeof checkoutPage>[0]> = {}) {
    return checkoutPage({
      lang: w.lang,
      transactionId: txn.id,
      description: description(txn, w.lang),
      total: totalOf(txn, w.lang),
      returnUrl: w.ret,
      embed: w.embed,
      switchUrl: `/checkout/${txn.id}${query({ ...w, lang: w.lang === 'sq' ? 'en' : 'sq' })}`,
      ...extra,
      values: { email: txn._email, ...extra.values },
    });
  }

  /** The page for a transaction that cannot be paid any more, or undefined when it can. */
  function closedPage(txn: LocalTransaction | undefined, w: Where) {
    const t = pageTexts(w.lang);
    const back = { lang: w.lang, returnUrl: w.ret, embed: w.embed };
    if (!txn) return messagePage({ ...back, title: t.notFound });
    if (txn.status === 'completed') return messagePage({ ...back, title: t.alreadyPaid });
    if (txn.status === 'canceled') return messagePage({ ...back, title: t.canceled });
    return undefined;
  }

  async function serveCheckout(req: IncomingMessage, res: ServerResponse, url: URL, parts: string[]) {
    const txn = findTxn(parts[1]);
    const method = req.method ?? 'GET';
    const form = method === 'POST' ? Object.fromEntries(new URLSearchParams(await readBody(req))) : {};
    const param = (name: string) => form[name] ?? url.searchParams.get(name);
    const w: Where = {
      lang: langOf(param('lang')),
      ret: txn ? safeReturn(txn, param('return')) : undefined,
      embed: embedOf(param('embed')),
    };
    const t = pageTexts(w.lang);
    const action = parts[2];
    if (method === 'GET' && action === 'status' && txn) {
      if (txn._auth)
        return sendHtml(
          res,
          200,
          waitPage({ lang: w.lang, statusUrl: `/checkout/${txn.id}/status${query(w)}`, embed: w.embed }),
        );
      if (txn.status === 'completed')
        return sendHtml(
          res,
          200,
          messagePage({
            lang: w.lang,
            title: t.done,
            text: t.doneText,
            returnUrl: w.ret,
            redirect: true,
            embed: w.embed,
            tell: { name: 'checkout.completed', transactionId: txn.id },
          }),
        );
      return sendHtml(res, 200, checkoutView(txn, w, { error: t.authFailed }));
    }
    const closed = closedPage(txn, w);
    if (closed) return sendHtml(res, txn ? 409 : 404, closed);
    const open = txn!;
    if (method === 'GET' && !action) {
      // Opening the checkout is what makes a draft payable (Paddle asks for the customer first).
      const email = url.searchParams.get('email') ?? undefined;
      openCheckout(open, email && email.length <= 254 ? email : undefined);
      return sendHtml(res, 200, checkoutView(open, w));
    }
    if (method === 'GET' && action === 'authenticate' && open._auth === 'waiting')
      return sendHtml(
        res,
        200,
        authenticatePage({
          lang: w.lang,
          transactionId: open.id,
          total: totalOf(open, w.lang),
          returnUrl: w.ret,
          embed: w.embed,
        }),
      );
    if (method === 'POST' && action === 'pay') {
      if (open._auth) return redirect(res, `/checkout/${open.id}/status${query(w)}`);
      const read = readCard(form, w.lang);
      const values = { name: form.name, expiry: form.expiry, email: form.email };
      if ('errors' in read) return sendHtml(res, 400, checkoutView(open, w, { fieldErrors: read.errors, values }));
      open._email = read.email;
      const outcome = await charge(open, read.digits, read.card);
      if (outcome === 'notReady') return sendHtml(res, 409, checkoutView(open, w, { error: t.notReady, values }));
      if (outcome === 'completed') return redirect(res, `/checkout/${open.id}/status${query(w)}`);
      if (outcome === 'authenticate') return redirect(res, `/checkout/${open.id}/authenticate${query(w)}`);
      return sendHtml(
        res,
        402,
        checkoutView(open, w, { error: t.declined, values: { name: form.name, email: form.email } }),
      );
    }
    if (method === 'POST' && action === 'authenticate' && open._auth === 'waiting') {
      void authenticate(open, form.outcome === 'approve');
      return redirect(res, `/checkout/${open.id}/status${query(w)}`);
    }
    return redirect(res, `/checkout/${open.id}${query(w)}`);
  }

  function serveReceipt(res: ServerResponse, url: URL, id: string) {
    const txn = findTxn(id);
    const lang = langOf(url.searchParams.get('lang'));
    if (!txn || txn.status !== 'completed')
      return sendHtml(res, 404, messagePage({ lang, title: pageTexts(lang).notFound }));
    const refunded = state.adjustments
      .filter((a) => a.transaction_id === txn.id && a.status === 'approved')
      .reduce((sum, a) => sum + fromMinorUnits((a.totals as { total: string }).total), 0);
    const card = (
      txn.payments.find((p) => p.status === 'captured')?.method_details as { card?: StoredCard } | undefined
    )?.card;
    return sendHtml(
      res,
      200,
      receiptPage({
        lang,
        transactionId: txn.id,
        invoiceNumber: txn.invoice_number ?? '',
        date: new Date(txn.billed_at ?? txn.updated_at).toLocaleDateString(lang === 'sq' ? 'sq-AL' : 'en-GB'),
        description: description(txn, lang),
        total: totalOf(txn, lang),
        ...(card ? { card: `${card.type.toUpperCase()} •••• ${card.last4}` } : {}),
        ...(refunded > 0 ? { refunded: money(refunded, lang) } : {}),
      }),
    );
  }

  // ---- Paddle's API ----

  async function createTransaction(body: Json) {
    const items = body.items as { price_id?: string; quantity?: number }[] | undefined;
    const product = Object.entries(LOCAL_PRICE_IDS).find(([, id]) => id === items?.[0]?.price_id)?.[0] as
      PaymentProduct | undefined;
    if (!Array.isArray(items) || items.length !== 1 || !product)
      return paddleError(400, 'invalid_field', 'items: exactly one known price_id is expected here');
    if (body.currency_code && body.currency_code !== opts.currency)
      return paddleError(400, 'transaction_price_not_found_for_currency', `No price in ${String(body.currency_code)}`);
    const checkoutUrl = (body.checkout as { url?: string } | undefined)?.url;
    const txn = newTransaction(product, {
      custom_data: (body.custom_data as Json) ?? null,
      origin: 'api',
    });
    txn.checkout.url = checkoutUrl ? `${checkoutUrl}?_ptxn=${txn.id}` : null;
    save();
    void emit('transaction.created', txn);
    if (completeOnCreate) {
      completeOnCreate = false;
      openCheckout(txn, 'early@example.com');
      attempt(
        txn,
        { type: 'visa', last4: '4242', expiry_month: 12, expiry_year: 2099, cardholder_name: 'Early Webhook' },
        'captured',
        null,
      );
      await complete(txn);
    }
    const delay = answerDelay;
    if (delay && (txn.custom_data as { businessId?: unknown } | null)?.businessId === delay.key) {
      answerDelay = undefined;
      await new Promise<void>((r) => later(delay.ms, r));
    }
    return { status: 201, entity: txn };
  }

  /**
   * What Paddle.js asks of Paddle's checkout service when a page opens a checkout with the public client token: a
   * transaction it names (opened: `ready`), or a new one (origin `web`) for any prices of the catalogue with any
   * custom data. Answers where the checkout page is.
   */
  function openFromBrowser(body: Json) {
    if (body.token !== clientToken)
      return paddleError(403, 'forbidden', 'The client-side token is not valid for this account');
    const settings = (body.settings as Json | undefined) ?? {};
    const lang = langOf(typeof settings.locale === 'string' ? settings.locale : undefined);
    const customer = body.customer as { email?: unknown } | undefined;
    const email = typeof customer?.email === 'string' && customer.email.length <= 254 ? customer.email : undefined;
    const embed = embedOf(typeof body.origin === 'string' ? body.origin : undefined);
    let txn: LocalTransaction | undefined;
    if (typeof body.transactionId === 'string') {
      txn = findTxn(body.transactionId);
      if (!txn) return paddleError(404, 'not_found', `Transaction ${body.transactionId} not found`);
    } else {
      const items = body.items as { priceId?: unknown; quantity?: unknown }[] | undefined;
      if (!Array.isArray(items) || items.length === 0 || items.length > 10)
        return paddleError(400, 'invalid_field', 'items: at least one price is expected');
      const lines: Line[] = [];
      for (const item of items) {
        if (!item || typeof item !== 'object')
          return paddleError(400, 'invalid_field', 'items: each item is {priceId, quantity}');
        const product = Object.entries(LOCAL_PRICE_IDS).find(([, id]) => id === item.priceId)?.[0] as
          PaymentProduct | undefined;
        const quantity = item.quantity === undefined ? 1 : Number(item.quantity);
        if (!product) return paddleError(400, 'transaction_price_not_found', `No price ${String(item.priceId)}`);
        if (!Number.isInteger(quantity) || quantity < 1 || quantity > 100)
          return paddleError(400, 'invalid_field', 'items: quantity must be 1 to 100');
        lines.push({ product, quantity });
      }
      const customData = body.customData;
      const country = (customer as { address?: { countryCode?: unknown } } | undefined)?.address?.countryCode;
      txn = newTransaction(lines.find((l) => RECURRING[l.product])?.product ?? lines[0].product, {
        lines,
        origin: 'web',
        currency_code: country === 'US' ? 'USD' : opts.currency,
        custom_data: customData && typeof customData === 'object' ? (customData as Json) : null,
      });
      save();
      void emit('transaction.created', txn);
    }
    const page = new URL(`${provider.url}/checkout/${txn.id}`);
    page.searchParams.set('lang', lang);
    if (embed) page.searchParams.set('embed', embed);
    if (email) page.searchParams.set('email', email);
    return { status: 200, body: { data: { transaction_id: txn.id, url: page.toString() } } };
  }

  function listTransactions(url: URL) {
    const since = url.searchParams.get('updated_at[GTE]');
    const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30) || 30, 200);
    const after = url.searchParams.get('after');
    let list = state.transactions
      .filter((t) => !since || t.updated_at >= since)
      .sort((a, b) => (a.updated_at < b.updated_at ? -1 : a.updated_at > b.updated_at ? 1 : a.id < b.id ? -1 : 1));
    if (after) {
      const at = list.findIndex((t) => t.id === after);
      list = at >= 0 ? list.slice(at + 1) : list;
    }
    const page = list.slice(0, perPage);
    const hasMore = list.length > perPage;
    const next = new URL(url.toString());
    if (page.length) next.searchParams.set('after', page[page.length - 1].id);
    return {
      data: page.map(publicEntity),
      meta: {
        request_id: paddleId('req'),
        pagination: { per_page: perPage, next: next.toString(), has_more: hasMore, estimated_total: list.length },
      },
    };
  }

  async function refund(body: Json) {
    const txn = findTxn(String(body.transaction_id ?? ''));
    if (body.action !== 'refund') return paddleError(400, 'invalid_field', 'action: only refund is served here');
    if (!txn) return paddleError(404, 'entity_not_found', `Transaction ${String(body.transaction_id)} not found`);
    if (txn.status !== 'completed')
      return paddleError(
        400,
        'adjustment_transaction_invalid_status_for_refund',
        `The transaction being adjusted (refund) has a non supported status. ID: ${txn.id}`,
      );
    const mine = state.adjustments.filter((a) => a.transaction_id === txn.id);
    if (mine.some((a) => a.status === 'pending_approval'))
      return paddleError(
        400,
        'adjustment_pending_refund_request',
        'You are unable to create further adjustments against this transaction as there is a pending refund request',
      );
    const paid = Number((txn.details.totals as { grand_total: string }).grand_total);
    const refunded = takenBackOf(txn.id);
    const items = body.items as { item_id?: string; amount?: string }[] | undefined;
    const amount = body.type === 'full' ? paid - refunded : Number(items?.[0]?.amount ?? NaN);
    if (!Number.isFinite(amount) || amount <= 0 || amount > paid - refunded)
      return paddleError(
        400,
        'adjustment_amount_above_remaining_allowed',
        'The amount is more than what remains to refund',
      );
    if (typeof body.reason !== 'string' || !body.reason.trim())
      return paddleError(400, 'invalid_field', 'reason is required');
    const total = String(amount);
    const adjustment = adjustmentOf(txn, {
      action: 'refund',
      type: body.type === 'full' ? 'full' : 'partial',
      reason: body.reason,
      status: 'pending_approval',
      total,
    });
    state.adjustments.push(adjustment);
    save();
    void emit('adjustment.created', adjustment);
    // Paddle reviews refunds: here a refund is approved by itself a moment later, or only by the admin hook.
    if (!reviewedByHook.has(txn.id))
      later(REFUND_APPROVAL_DELAY_MS, () => {
        if (adjustment.status === 'pending_approval') void setAdjustmentStatus(adjustment, 'approved');
      });
    const delay = answerDelay;
    if (delay?.key === txn.id) {
      answerDelay = undefined;
      await new Promise<void>((r) => later(delay.ms, r));
    }
    return { status: 201, entity: adjustment };
  }

  /** An adjustment of the whole of `total` (minor units) on the transaction's one item, as Paddle's API reference shows one. */
  function adjustmentOf(
    txn: LocalTransaction,
    what: { action: string; type: 'full' | 'partial'; reason: unknown; status: string; total: string },
  ): Json {
    const { action, type, reason, status, total } = what;
    return {
      id: paddleId('adj'),
      action,
      type,
      transaction_id: txn.id,
      subscription_id: txn.subscription_id,
      customer_id: txn.customer_id,
      reason,
      credit_applied_to_balance: null,
      currency_code: txn.currency_code,
      status,
      items: [
        {
          id: paddleId('adjitm'),
          item_id: (txn.details.line_items[0] as Json).id,
          type,
          amount: total,
          proration: null,
          totals: { subtotal: total, tax: '0', total },
        },
      ],
      totals: { subtotal: total, tax: '0', total, fee: '0', earnings: '0', currency_code: txn.currency_code },
      payout_totals: null,
      created_at: now(),
      updated_at: now(),
    };
  }

  /** What the approved refunds and chargebacks of a transaction took back, less chargebacks reversed (minor units). */
  function takenBackOf(transactionId: string) {
    return state.adjustments
      .filter((a) => a.transaction_id === transactionId && a.status === 'approved')
      .reduce(
        (sum, a) => sum + (a.action === 'chargeback_reverse' ? -1 : 1) * Number((a.totals as { total: string }).total),
        0,
      );
  }

  /** Paddle moves an adjustment on: a refund approved, rejected or reversed (its money came back). */
  function setAdjustmentStatus(adjustment: Json, status: 'approved' | 'rejected' | 'reversed') {
    const allowed: Record<string, string[]> = {
      approved: ['pending_approval'],
      rejected: ['pending_approval'],
      reversed: ['approved'],
    };
    if (!allowed[status].includes(String(adjustment.status)))
      return Promise.resolve(
        paddleError(400, 'invalid_field', `The adjustment is ${String(adjustment.status)}: it cannot become ${status}`),
      );
    adjustment.status = status;
    adjustment.updated_at = now();
    save();
    return emit('adjustment.updated', adjustment).then(() => ({ status: 200, entity: adjustment }));
  }

  /**
   * The buyer's bank takes a payment back (all of it, or `amount` in minor units): Paddle creates the chargeback,
   * approved. Reversed, Paddle creates a `chargeback_reverse` of the same amount.
   */
  async function chargeback(
    txn: LocalTransaction,
    amount: number | undefined,
    action: 'chargeback' | 'chargeback_reverse',
  ) {
    if (txn.status !== 'completed')
      return paddleError(400, 'adjustment_transaction_invalid_status_for_refund', 'The transaction is not completed');
    const total = String(
      amount ?? Number((txn.details.totals as { grand_total: string }).grand_total) - takenBackOf(txn.id),
    );
    const adjustment = adjustmentOf(txn, {
      action,
      type: 'full',
      reason: action === 'chargeback' ? 'fraudulent' : 'chargeback won',
      status: 'approved',
      total,
    });
    state.adjustments.push(adjustment);
    save();
    await emit('adjustment.created', adjustment);
    return { status: 201, entity: adjustment };
  }

  async function changeSubscription(sub: Json, body: Json) {
    // Withdrawing a scheduled cancellation: `scheduled_change: null` alone.
    if ('scheduled_change' in body && body.scheduled_change === null && body.items === undefined) {
      if (sub.status === 'canceled')
        return paddleError(400, 'subscription_locked_canceled', 'The subscription is canceled');
      sub.scheduled_change = null;
      sub.updated_at = now();
      save();
      await emit('subscription.updated', sub);
      return { status: 200, entity: sub };
    }
    const items = body.items as { price_id?: string }[] | undefined;
    const product = Object.entries(LOCAL_PRICE_IDS).find(([, id]) => id === items?.[0]?.price_id)?.[0] as
      PaymentProduct | undefined;
    if (!body.proration_billing_mode)
      return paddleError(
        400,
        'subscription_items_update_missing_proration_billing_mode',
        'proration_billing_mode is required when updating subscription items',
      );
    if (!product || !RECURRING[product])
      return paddleError(400, 'invalid_field', 'items: one known recurring price_id is expected');
    if (sub.status === 'canceled')
      return paddleError(400, 'subscription_locked_canceled', 'The subscription is canceled');
    const mode = String(body.proration_billing_mode);
    if (!PRORATION_MODES.includes(mode))
      return paddleError(
        400,
        'invalid_field',
        `proration_billing_mode: ${mode} is not one of ${PRORATION_MODES.join(', ')}`,
      );
    const before = productOfSubscription(sub);
    const period = sub.current_billing_period as { starts_at: string; ends_at: string };
    const left =
      Math.max(0, Date.parse(period.ends_at) - Date.now()) /
      (Date.parse(period.ends_at) - Date.parse(period.starts_at));
    const prorated = Math.round((PRODUCT_AMOUNTS[product] - PRODUCT_AMOUNTS[before]) * left * 100) / 100;
    const full = PRODUCT_AMOUNTS[product];
    // What each mode bills (https://developer.paddle.com/concepts/subscriptions/proration): now, on the next
    // renewal (on top of the new items' price), or nothing.
    const now_ = mode === 'prorated_immediately' ? prorated : mode === 'full_immediately' ? full : 0;
    const next =
      mode === 'prorated_next_billing_period'
        ? prorated
        : mode === 'full_next_billing_period'
          ? full
          : mode === 'prorated_immediately' && prorated < 0
            ? prorated // a downgrade's credit goes to the next bill
            : 0;
    let charged: LocalTransaction | undefined;
    if (now_ > 0) {
      // Charged to the card on file now; when it cannot be (none, or declined) nothing changes (on_payment_failure
      // prevent_change, Paddle's default).
      const card = (sub._card as { card?: StoredCard } | undefined)?.card;
      if (!card)
        return paddleError(
          400,
          'subscription_missing_payment_method_cannot_update',
          'Automatically-collected subscriptions require a payment method to make changes that result in a charge.',
        );
      if (card.last4 === TEST_CARDS.declined.slice(-4))
        return paddleError(400, 'subscription_payment_declined', 'payment declined');
      charged = newTransaction(product, {
        lines: [{ product, quantity: 1, amount: now_, description: `${PRODUCT_NAMES[product].en} (change)` }],
        status: 'ready',
        origin: 'subscription_update',
        subscription_id: sub.id as string,
        custom_data: (sub.custom_data as Json) ?? null,
      });
      attempt(charged, card, 'captured', null);
    }
    sub.items = [subscriptionItem(product, new Date(period.starts_at), new Date(period.ends_at))];
    if (next !== 0)
      sub._nextCharges = [
        ...((sub._nextCharges as Line[] | undefined) ?? []),
        { product, quantity: 1, amount: next, description: `${PRODUCT_NAMES[product].en} (${mode})` },
      ];
    sub.updated_at = now();
    save();
    if (charged) await complete(charged);
    await emit('subscription.updated', sub);
    return { status: 200, entity: sub };
  }

  async function cancelSubscription(sub: Json, body: Json) {
    if (sub.status === 'canceled')
      return paddleError(400, 'subscription_locked_canceled', 'The subscription is canceled');
    const period = sub.current_billing_period as { ends_at: string };
    if (body.effective_from === 'immediately') {
      sub.status = 'canceled';
      sub.canceled_at = now();
      sub.scheduled_change = null;
      sub.updated_at = now();
      // A renewal still unpaid is not collected any more.
      for (const txn of state.transactions)
        if (txn.subscription_id === sub.id && txn.status === 'past_due') {
          txn.status = 'canceled';
          txn.updated_at = now();
        }
      save();
      await emit('subscription.canceled', sub);
    } else {
      sub.scheduled_change = { action: 'cancel', effective_at: period.ends_at, resume_at: null };
      sub.updated_at = now();
      save();
      await emit('subscription.updated', sub);
    }
    return { status: 200, entity: sub };
  }

  /** A month passes for one subscription: it renews (or fails to), or ends when its cancellation was scheduled. */
  async function renew(sub: Json, fail: boolean) {
    if (sub.status === 'canceled')
      return paddleError(400, 'subscription_locked_canceled', 'The subscription is canceled');
    if ((sub.scheduled_change as Json | null)?.action === 'cancel') {
      sub.status = 'canceled';
      sub.canceled_at = now();
      sub.scheduled_change = null;
      sub.updated_at = now();
      save();
      await emit('subscription.canceled', sub);
      return { status: 200, entity: sub };
    }
    const product = productOfSubscription(sub);
    // Past due: the provider retries the renewal that failed (Paddle's dunning), no new one. A renewal bills the
    // items' price and what the plan changes since the last left for it (their proration modes); never below nothing.
    const pastDue = state.transactions.find((t) => t.subscription_id === sub.id && t.status === 'past_due');
    const carried = (sub._nextCharges as Line[] | undefined) ?? [];
    const due = PRODUCT_AMOUNTS[product] + carried.reduce((sum, l) => sum + (l.amount ?? 0), 0);
    const txn =
      pastDue ??
      newTransaction(product, {
        lines: [
          { product, quantity: 1 },
          ...carried,
          ...(due < 0 ? [{ product, quantity: 1, amount: -due, description: 'Credit carried' }] : []),
        ],
        status: 'ready',
        origin: 'subscription_recurring',
        subscription_id: sub.id as string,
        custom_data: (sub.custom_data as Json) ?? null,
      });
    if (!pastDue) delete sub._nextCharges;
    const card = (sub._card as { card?: StoredCard } | undefined)?.card;
    // No card on file, or one the bank declines: the renewal fails as a declined one does.
    if (fail || !card || card.last4 === TEST_CARDS.declined.slice(-4)) {
      attempt(
        txn,
        card ?? { type: 'unknown', last4: '0000', expiry_month: 1, expiry_year: 2000, cardholder_name: '' },
        'error',
        'declined',
      );
      save();
      await emit('transaction.payment_failed', txn);
      if (pastDue) return { status: 200, entity: sub };
      txn.status = 'past_due';
      sub.status = 'past_due';
      sub.updated_at = now();
      save();
      await emit('transaction.past_due', txn);
      await emit('subscription.past_due', sub);
      return { status: 200, entity: sub };
    }
    attempt(txn, card, 'captured', null);
    await complete(txn);
    await renewed(sub);
    return { status: 200, entity: sub };
  }

  /** The card on file of a subscription: a test card's number, or none (`null`). */
  async function setCardOnFile(sub: Json, number: unknown) {
    if (number === null) delete sub._card;
    else {
      const read = readCard(
        { card: String(number ?? ''), expiry: '12/99', cvc: '123', name: 'Test Buyer', email: 'buyer@example.com' },
        'en',
      );
      if ('errors' in read) return paddleError(400, 'invalid_field', 'card: not a card number');
      sub._card = { type: 'card', card: read.card };
    }
    sub.updated_at = now();
    save();
    await emit('subscription.updated', sub);
    return { status: 200, entity: sub };
  }

  /** A renewal was paid: the next period starts where the last ended, the subscription is active again. */
  async function renewed(sub: Json) {
    const period = sub.current_billing_period as { ends_at: string };
    const start = new Date(Math.max(Date.parse(period.ends_at), Date.now()));
    const end = new Date(start.getTime() + MONTH_MS);
    sub.current_billing_period = { starts_at: start.toISOString(), ends_at: end.toISOString() };
    sub.next_billed_at = end.toISOString();
    sub.status = 'active';
    sub.updated_at = now();
    save();
    await emit('subscription.updated', sub);
  }

  /**
   * Paddle's transaction to update a subscription's payment method: the renewal that is past due (paying it also
   * pays the renewal), else a new zero-amount transaction. Its checkout is the local checkout page.
   */
  function paymentMethodTransaction(sub: Json) {
    if (sub.status === 'canceled')
      return paddleError(400, 'subscription_locked_canceled', 'The subscription is canceled');
    const pastDue = state.transactions.find((t) => t.subscription_id === sub.id && t.status === 'past_due');
    const txn =
      pastDue ??
      newTransaction(productOfSubscription(sub), {
        amount: 0,
        status: 'ready',
        origin: 'subscription_payment_method_change',
        subscription_id: sub.id as string,
        custom_data: (sub.custom_data as Json) ?? null,
      });
    // Paddle answers the account's default payment link (the web app's pay step) with the transaction: the app's
    // address the subscription was first paid from, so the checkout takes the buyer back there.
    const first = state.transactions.find(
      (t) => t.subscription_id === sub.id && t.checkout.url && !t.checkout.url.startsWith(provider.url),
    );
    txn.checkout.url = first?.checkout.url
      ? `${new URL(first.checkout.url).origin}${CARD_PAY_PATH}?_ptxn=${txn.id}`
      : `${provider.url}/checkout/${txn.id}`;
    save();
    return { status: 200, entity: txn };
  }

  /** A card given on a subscription's payment-method checkout becomes its card on file (and pays a past-due renewal). */
  async function cardOnFile(txn: LocalTransaction, card: StoredCard) {
    const sub = txn.subscription_id ? findSub(txn.subscription_id) : undefined;
    if (!sub) return;
    sub._card = { type: 'card', card };
    sub.updated_at = now();
    if (sub.status === 'past_due' && txn.origin === 'subscription_recurring') return renewed(sub);
    save();
    await emit('subscription.updated', sub);
  }

  async function serveApi(req: IncomingMessage, res: ServerResponse, url: URL, parts: string[]) {
    if (req.headers.authorization !== `Bearer ${apiKey}`)
      return fail(res, paddleError(403, 'forbidden', 'You aren\u2019t authorized to access this resource'));
    const method = req.method ?? 'GET';
    let body: Json = {};
    if (method !== 'GET') {
      try {
        body = JSON.parse((await readBody(req)) || '{}') as Json;
      } catch {
        return fail(res, paddleError(400, 'bad_request', 'Invalid request body'));
      }
    }
    const [resource, id, action] = parts;
    const answer = (r: { status: number; entity?: Json; body?: unknown }) =>
      r.entity ? data(res, r.entity, r.status) : fail(res, r as { status: number; body: unknown });
    if (resource === 'transactions') {
      if (method === 'POST' && !id) return answer(await createTransaction(body));
      if (method === 'GET' && !id) return sendJson(res, 200, listTransactions(url));
      const txn = id ? findTxn(id) : undefined;
      if (!txn) return fail(res, paddleError(404, 'not_found', `Transaction ${id ?? ''} not found`));
      if (method === 'GET' && !action) return data(res, txn);
      if (method === 'GET' && action === 'invoice') {
        if (txn.status !== 'completed')
          return fail(
            res,
            paddleError(
              400,
              'transaction_invoice_not_available',
              'Invoice PDFs are only available for completed transactions',
            ),
          );
        return sendJson(res, 200, {
          data: { url: `${provider.url}/receipts/${txn.id}` },
          meta: { request_id: paddleId('req') },
        });
      }
    }
    if (resource === 'adjustments') {
      if (method === 'POST') return answer(await refund(body));
      if (method === 'GET') {
        const list = state.adjustments.filter(
          (a) =>
            (!url.searchParams.get('transaction_id') || a.transaction_id === url.searchParams.get('transaction_id')) &&
            (!url.searchParams.get('action') || a.action === url.searchParams.get('action')),
        );
        // Paddle's ids sort as they were made: newest first with order_by=id[DESC].
        if (url.searchParams.get('order_by') === 'id[DESC]')
          list.sort((x, y) => (String(x.created_at) < String(y.created_at) ? 1 : -1));
        return sendJson(res, 200, {
          data: list,
          meta: {
            request_id: paddleId('req'),
            pagination: { per_page: 50, next: url.toString(), has_more: false, estimated_total: list.length },
          },
        });
      }
    }
    if (resource === 'subscriptions' && id) {
      const sub = findSub(id);
      if (!sub) return fail(res, paddleError(404, 'not_found', `Subscription ${id} not found`));
      if (method === 'GET' && !action) return data(res, sub);
      if (method === 'GET' && action === 'update-payment-method-transaction')
        return answer(paymentMethodTransaction(sub));
      if (method === 'PATCH' && !action) return answer(await changeSubscription(sub, body));
      if (method === 'POST' && action === 'cancel') return answer(await cancelSubscription(sub, body));
    }
    if (resource === 'admin') {
      if (method === 'GET' && id === 'events') return sendJson(res, 200, { data: state.events });
      if (method === 'POST' && id === 'settings') {
        if ('completeOnCreate' in body) completeOnCreate = body.completeOnCreate === true;
        const delay = body.answerDelay as { key?: unknown; ms?: unknown } | undefined;
        if (delay && typeof delay.key === 'string' && typeof delay.ms === 'number')
          answerDelay = { key: delay.key, ms: Math.min(Math.max(0, delay.ms), 20_000) };
        if (Array.isArray(body.reviewRefundsOf))
          for (const id of body.reviewRefundsOf) if (typeof id === 'string') reviewedByHook.add(id);
        if (Array.isArray(body.holdEventsOf))
          for (const id of body.holdEventsOf) if (typeof id === 'string') heldEntities.add(id);
        return sendJson(res, 200, { data: { completeOnCreate, answerDelay, reviewRefundsOf: [...reviewedByHook] } });
      }
      if (method === 'POST' && id === 'subscriptions') {
        const sub = findSub(action ?? '');
        if (!sub) return fail(res, paddleError(404, 'not_found', 'Subscription not found'));
        if (parts[3] === 'renew') return answer(await renew(sub, body.fail === true));
        if (parts[3] === 'card') return answer(await setCardOnFile(sub, body.card));
        return fail(res, paddleError(404, 'not_found', 'No such action'));
      }
      if (method === 'POST' && id === 'adjustments' && action) {
        const adjustment = state.adjustments.find((a) => a.id === action);
        if (!adjustment) return fail(res, paddleError(404, 'not_found', `Adjustment ${action} not found`));
        if (parts[3] === 'reverse') {
          const txn = findTxn(String(adjustment.transaction_id));
          if (adjustment.action !== 'chargeback' || !txn)
            return fail(res, paddleError(400, 'invalid_field', 'Only a chargeback is reversed this way'));
          return answer(
            await chargeback(txn, Number((adjustment.totals as { total: string }).total), 'chargeback_reverse'),
          );
        }
        const status = body.status;
        if (status !== 'approved' && status !== 'rejected' && status !== 'reversed')
          return fail(res, paddleError(400, 'invalid_field', 'status: approved, rejected or reversed'));
        return answer(await setAdjustmentStatus(adjustment, status));
      }
      if (method === 'POST' && id === 'transactions' && action && parts[3] === 'chargeback') {
        const txn = findTxn(action);
        if (!txn) return fail(res, paddleError(404, 'not_found', `Transaction ${action} not found`));
        const amount = body.amount === undefined ? undefined : Number(toMinorUnits(Number(body.amount)));
        return answer(await chargeback(txn, amount, 'chargeback'));
      }
      if (method === 'POST' && id === 'checkout' && action) {
        const txn = findTxn(action);
        if (!txn || !['draft', 'ready'].includes(txn.status))
          return fail(res, paddleError(404, 'not_found', 'No open transaction'));
        openCheckout(txn);
        const read = readCard(
          {
            card: String(body.card ?? ''),
            expiry: '12/99',
            cvc: '123',
            name: 'Test Buyer',
            email: 'buyer@example.com',
          },
          'en',
        );
        if ('errors' in read) return fail(res, paddleError(400, 'invalid_field', 'card: not a card number'));
        holdWebhooks = body.deliver === false;
        try {
          const outcome = await charge(txn, read.digits, read.card);
          if (outcome === 'authenticate' && typeof body.authenticate === 'boolean')
            await authenticate(txn, body.authenticate);
          return sendJson(res, 200, { data: { outcome, transaction: publicEntity(txn) } });
        } finally {
          holdWebhooks = false;
        }
      }
    }
    return fail(res, paddleError(404, 'not_found', `No such route: ${method} ${url.pathname}`));
  }

  /** Paddle's checkout service as Paddle.js calls it from a page (any origin, the public client token). */
  async function serveCheckoutService(req: IncomingMessage, res: ServerResponse, parts: string[]) {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'POST, OPTIONS',
      'access-control-allow-headers': 'content-type',
    };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    for (const [k, v] of Object.entries(cors)) res.setHeader(k, v);
    if (req.method !== 'POST' || parts[1] !== 'open')
      return fail(res, paddleError(404, 'not_found', 'No such route of the checkout service'));
    let body: Json;
    try {
      body = JSON.parse((await readBody(req)) || '{}') as Json;
    } catch {
      return fail(res, paddleError(400, 'bad_request', 'Invalid request body'));
    }
    const answer = openFromBrowser(body);
    return sendJson(res, answer.status, answer.body);
  }

  const sendScript = (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
    res.end(paddleJs);
  };

  const server = createServer((req, res) => {
    // The host the caller used: a page's `next` link is absolute on it, as Paddle's are on its API's host.
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'local'}`);
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const work =
      parts[0] === 'checkout'
        ? serveCheckout(req, res, url, parts)
        : parts[0] === 'checkout-service'
          ? serveCheckoutService(req, res, parts)
          : parts[0] === 'paddle' && req.method === 'GET' && url.pathname === PADDLE_JS_PATH
            ? Promise.resolve(sendScript(res))
            : url.pathname === '/favicon.ico'
              ? Promise.resolve(void res.writeHead(204, { 'cache-control': 'max-age=86400' }).end())
              : parts[0] === 'receipts' && req.method === 'GET'
                ? Promise.resolve(serveReceipt(res, url, parts[1] ?? ''))
                : serveApi(req, res, url, parts);
    work.catch((err) => {
      console.error(`local payment provider: ${(err as Error).stack ?? String(err)}`);
      if (!res.headersSent) fail(res, paddleError(500, 'internal_error', 'Internal error'));
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const provider: LocalPaymentProvider = {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    webhookSecret,
    clientToken,
    prices: LOCAL_PRICE_IDS,
    setWebhookUrl: (u) => {
      webhookUrl = u;
    },
    async pay(transactionId, cardNumber) {
      const txn = findTxn(transactionId);
      if (!txn) throw new Error(`No transaction ${transactionId}`);
      openCheckout(txn);
      const read = readCard(
        { card: cardNumber, expiry: '12/99', cvc: '123', name: 'Demo Buyer', email: 'demo@example.com' },
        'en',
      );
      if ('errors' in read) throw new Error('Not a card number');
      return charge(txn, read.digits, read.card);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return provider;
}
