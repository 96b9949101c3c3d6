/**
 * The local payment provider as the tests drive it: its checkout page over HTTP (the form a buyer submits, with the
 * documented test cards), its admin endpoints (events sent, renewals), and signed webhooks of our own making.
 */
import { PAYMENT_SIGNATURE_HEADER } from '../../common/payments';
import { signWebhook } from '../../lambdas/payments/signature';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { call, newClient, stack, uploadPicture, type BusinessAccount } from './api';
import { tableClient, useTableEnvironment } from './expiry';

export const CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  threeDSecure: '4000 0027 6000 3184',
} as const;

/** The provider transaction of a checkout URL (`?_ptxn=`). */
export const transactionOf = (checkoutUrl: string) => new URL(checkoutUrl).searchParams.get('_ptxn')!;

export interface CheckoutStep {
  status: number;
  /** Where the page sent the buyer next (a 303), if it did. */
  location?: string;
  html: string;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/**
 * Opens the checkout page and submits its email and card form, as a buyer does (lang, return address as the pay
 * step gives them). The page must be opened first: a transaction is a draft, not payable, until a checkout opens
 * it (`open: false` skips that, to see the refusal).
 */
export async function submitCard(
  transactionId: string,
  card: string,
  opts: { lang?: 'sq' | 'en'; returnUrl?: string; open?: boolean } = {},
): Promise<CheckoutStep> {
  if (opts.open !== false) await page(`/checkout/${transactionId}?lang=${opts.lang ?? 'en'}`);
  const res = await fetch(`${stack().payments.url}/checkout/${transactionId}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form({
      email: 'drita@example.com',
      card,
      expiry: '12/34',
      cvc: '123',
      name: 'Drita Hoxha',
      lang: opts.lang ?? 'en',
      ...(opts.returnUrl ? { return: opts.returnUrl } : {}),
    }),
  });
  return { status: res.status, location: res.headers.get('location') ?? undefined, html: await res.text() };
}

/**
 * Opens a checkout as Paddle.js does from any browser with the public client token (the local provider's
 * checkout service): for the prices and custom data it is given, or for a transaction. Answers the transaction.
 */
export async function openInBrowser(
  open: { items: { priceId: string; quantity?: number }[]; customData?: unknown } | { transactionId: string },
  token = stack().payments.clientToken,
): Promise<{ status: number; transactionId?: string; url?: string; error?: { code: string } }> {
  const res = await fetch(`${stack().payments.url}/checkout-service/open`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://attacker.example' },
    body: JSON.stringify({ token, ...open, settings: { locale: 'en' } }),
  });
  const body = (await res.json()) as { data?: { transaction_id: string; url: string }; error?: { code: string } };
  return { status: res.status, transactionId: body.data?.transaction_id, url: body.data?.url, error: body.error };
}

/** The bank's 3-D Secure page: the buyer confirms (or not). */
export async function answerAuthentication(transactionId: string, approve: boolean): Promise<CheckoutStep> {
  const res = await fetch(`${stack().payments.url}/checkout/${transactionId}/authenticate`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form({ outcome: approve ? 'approve' : 'fail', lang: 'en' }),
  });
  return { status: res.status, location: res.headers.get('location') ?? undefined, html: await res.text() };
}

export const page = async (path: string) => {
  const res = await fetch(`${stack().payments.url}${path}`);
  return { status: res.status, html: await res.text() };
};

/** Admin endpoints of the local provider (its bearer key). */
export async function provider<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${stack().payments.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${stack().payments.apiKey}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

export interface SentEvent {
  id: string;
  type: string;
  body: string;
  deliveries: { status: number | string; at: string }[];
}

/** The events the local provider sent about one transaction (or subscription), oldest first. */
export async function eventsAbout(entityId: string): Promise<SentEvent[]> {
  const all = await provider<SentEvent[]>('GET', '/admin/events');
  return all.filter((e) => e.body.includes(`"${entityId}"`));
}

/** Posts a webhook body to the API, signed with the stage's secret (or another), as Paddle would. */
export async function deliverWebhook(
  rawBody: string,
  opts: { secret?: string; signedAt?: Date; signature?: string } = {},
) {
  const signature =
    opts.signature ?? signWebhook(rawBody, opts.secret ?? stack().payments.webhookSecret, opts.signedAt);
  return call('POST', '/payments/webhook', { rawBody, headers: { [PAYMENT_SIGNATURE_HEADER]: signature } });
}

/** Waits until the payment leaves `pending` (the webhook arrives a moment after the checkout), answers it. */
export async function settledPayment(token: string, paymentId: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await call('GET', `/payments/${paymentId}`, { token });
    if (res.status !== 200) throw new Error(`GET /payments/${paymentId} answered ${res.status}`);
    if (res.body.state !== 'pending' || Date.now() > until) return res.body;
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Waits until `check` holds for the payment (a refund approved a moment later...). */
export async function paymentWhen(token: string, paymentId: string, check: (p: any) => boolean, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await call('GET', `/payments/${paymentId}`, { token });
    if (check(res.body) || Date.now() > until) return res.body;
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * A Sponsored run asked for as a business does (POST /ad, 201) with `run`'s service, towns,
 * start or picture (a new picture when none is given), not paid. Answers the 201's body.
 */
export async function unpaidAd(
  business: { token: string; businessId: string; idToken: string },
  run: Record<string, unknown> & { image?: string } = {},
) {
  const res = await call('POST', '/ad', {
    token: business.token,
    body: { businessId: business.businessId, ...run, image: run.image ?? (await uploadPicture(business)) },
  });
  if (res.status !== 201) throw new Error(`POST /ad answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * A Sponsored run bought and paid (unpaidAd, then its checkout paid with the success card and the payment completed
 * by the provider's webhook: the run is listed from then on). Answers POST /ad's body.
 */
export async function paidAd(
  business: { token: string; businessId: string; idToken: string },
  run: Record<string, unknown> & { image?: string } = {},
) {
  const ad = await unpaidAd(business, run);
  await submitCard(ad.checkout.transactionId, CARDS.success);
  const payment = await settledPayment(business.token, ad.transaction.id);
  if (payment.state !== 'completed') throw new Error(`The ad's payment is ${payment.state}`);
  return ad;
}

let viewer: Promise<{ token: string }> | undefined;
/** The ids of a business's runs as another user sees them: the live ones (the business itself sees every run). */
export const listedRuns = async (business: { businessId: string }) =>
  (
    (await call('GET', `/business/ads/${business.businessId}`, { token: (await (viewer ??= newClient())).token }))
      .body as { _id: string }[]
  ).map((a) => a._id);

/** A paid plan chosen and its first month paid; answers once GET /subscription shows the plan. */
export async function paidPlan(business: { token: string }, plan: 'standard' | 'premium') {
  const res = await call('POST', '/subscription', { token: business.token, body: { plan } });
  if (res.status !== 202) throw new Error(`POST /subscription answered ${res.status}: ${JSON.stringify(res.body)}`);
  await submitCard(res.body.checkout.transactionId, CARDS.success);
  const payment = await settledPayment(business.token, res.body.transaction.id);
  if (payment.state !== 'completed') throw new Error(`The plan's payment is ${payment.state}`);
  // The subscription's own webhook sets the plan a moment after the payment's.
  const until = Date.now() + 20_000;
  for (;;) {
    const summary = await call('GET', '/subscription', { token: business.token });
    if (summary.body?.plan === plan) return payment;
    if (Date.now() > until) throw new Error(`The plan is still ${JSON.stringify(summary.body)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The scheduled reconciliation job, run against the test stack's table and payment provider as the schedule runs it. */
export async function runReconcileJob() {
  reconcileEnvironment();
  const { reconcileRecentPayments } = await import('../../lambdas/jobs/reconcilePayments');
  return reconcileRecentPayments();
}

/**
 * The reconciliation the job runs (lambdas/domain/payments.ts reconcilePayments), over a window from `since` rather
 * than the job's 48 hours: what one test made, read in a moment rather than every payment of the shared stack.
 */
export async function reconcileSince(since: Date) {
  reconcileEnvironment();
  const [{ reconcilePayments }, { paymentProvider }, { createLogger }] = await Promise.all([
    import('../../lambdas/domain/payments'),
    import('../../lambdas/payments/provider'),
    import('../../lambdas/lib/log'),
  ]);
  return reconcilePayments(await paymentProvider(), since, createLogger({ handler: 'reconcilePayments' }));
}

function reconcileEnvironment() {
  const s = stack();
  useTableEnvironment();
  Object.assign(process.env, {
    PAYMENTS_PROVIDER: 'local',
    PAYMENTS_API_URL: s.payments.url,
    PAYMENTS_TEST: 'true',
    PAYMENTS_PRICES: JSON.stringify(s.payments.prices),
    PAYMENTS_API_KEY: s.payments.apiKey,
    PAYMENTS_WEBHOOK_SECRET: s.payments.webhookSecret,
    LOG_LEVEL: 'silent',
  });
}

// ---- Subscriptions, month by month ----

/** GET /subscription of the business (200). */
export const billing = async (business: BusinessAccount) => {
  const res = await call('GET', '/subscription', { token: business.token });
  if (res.status !== 200) throw new Error(`GET /subscription answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
};

/** Waits until the plan summary satisfies `check` (the provider's webhooks arrive a moment later). */
export async function billingWhen(business: BusinessAccount, check: (b: any) => boolean, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const b = await billing(business);
    if (check(b)) return b;
    if (Date.now() > until) throw new Error(`The plan never got there: ${JSON.stringify(b)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The provider subscription paying for the business's plan, as its profile names it. */
export async function subscriptionIdOf(businessId: string): Promise<string> {
  const db = tableClient();
  const { Item } = await db.send(
    new GetCommand({
      TableName: stack().tableName,
      Key: { pk: `BUSINESS#${businessId}`, sk: 'PROFILE' },
      ConsistentRead: true,
    }),
  );
  db.destroy();
  return Item!.subscriptionId as string;
}

/** A month passes at the provider for one subscription: it renews, or with `fail` the renewal is declined. */
export const renew = (subscriptionId: string, fail = false) =>
  provider('POST', `/admin/subscriptions/${subscriptionId}/renew`, { fail });
