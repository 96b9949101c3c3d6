/**
 * Payments: starting a hosted checkout for what a business buys, applying the provider's events to the payment
 * records (the state machine of ./paymentStates.ts; what was bought is delivered on completion, taken back when
 * refunds or chargebacks reach the whole amount, and given back when they are reversed), refunds asked by
 * moderators, reconciliation with the provider, and the record as the API shows it.
 *
 * A purchase: the payment record is written `pending` (with what it buys, not yet delivered) BEFORE the provider is
 * asked for a checkout, and the checkout carries the record's id (custom data). A record completes only from its own
 * checkout's transaction, or, before that transaction's id is stored, from one of exactly its price
 * (./paymentBinding.ts): a paid transaction bound to no record changes nothing and is kept as "paid, not matched"
 * (logged, counted: PaymentsUnmatched, alarmed) for moderators to refund.
 *
 * Adjustments (refunds, chargebacks, their reversals) are kept on the record by the provider's adjustment id, each
 * write conditional on the version it read: the refund call's answer, the webhooks and the reconciliation may tell
 * of one adjustment in any order, as often as they like; it counts once.
 */
import { randomUUID } from 'node:crypto';
import { SUBSCRIPTION_PLANS } from '../../common/constants';
import { payPath, type PaymentProduct, type PaymentState, type UnmatchedReason } from '../../common/payments';
import type { PaymentSummary } from '../../common/paymentSummaries';
import { isPlanId } from '../../common/plans';
import type { ModerationPayment, Transaction } from '../../common/types';
import { getAd, restoreRunItems } from '../data/ads';
import { adRunDelivery } from './adRuns';
import { grantPlanItems, restorePlanItems, revokePlanItems } from '../data/subscriptions';
import { planEventPut } from '../data/plans';
import {
  DeliveryRefused,
  attachCheckout,
  claimRefund,
  getSubscriptionRecord,
  getTransaction,
  paymentIdOfProviderTransaction,
  recordProviderPayment,
  recordUnmatchedPayment,
  releaseRefundRequest,
  subscriptionStartedItem,
  subscriptionUpdate,
  transactionPut,
  transitionPayment,
  unmatchedPaymentId,
  writeAdjustments,
  type Transition,
} from '../data/transactions';
import { type StoredAdjustment, type StoredTransaction } from '../model/payments';
import { transact, transactWrite, TransactionRefused, type TransactItem } from '../data/transact';
import { getBusinessById } from '../data/users';
import { conflict, notFound, serviceUnavailable } from '../lib/errors';
import { imageUrl } from '../lib/images';
import { countEvent, createLogger, type Logger } from '../lib/log';
import { config } from '../lib/config';
import type { PaymentEvent } from '../payments/events';
import { failureText } from '../payments/failures';
import { productOfItems } from '../payments/paddle';
import {
  PaymentProviderError,
  type Checkout,
  type PaymentPort,
  type ProviderAdjustment,
  type ProviderTransaction,
} from '../payments/port';
import { chargeCurrency, paymentPrices, paymentProvider } from '../payments/provider';
import { ADJUSTMENT_STATUS_RANK, takenBack, takenBy } from './adjustments';
import { bindTransaction } from './paymentBinding';
import { ALLOWED_FROM } from './paymentStates';
import { changeItems, subscriptionChange } from './planLifecycle';

export interface Payer {
  sub: string;
  businessId: string;
  businessName: string;
}

/** Why a card was refused, in English (the API's message; the web app and the emails word each code in the reader's language). */
export const failureMessage = (code: string | undefined) => failureText(code, 'en');

// ---- Starting a purchase ----

export interface PurchaseRequest {
  payer: Payer;
  product: PaymentProduct;
  amount: number;
  description: string;
  purpose: StoredTransaction['purpose'];
  /** A Sponsored run's targeting (what its rows say was bought). */
  item?: StoredTransaction['item'];
  image?: string;
  /** The payment's id (derived from the request's Idempotency-Key when it has one). */
  id?: string;
  /** Written with the pending payment (the ad awaiting it). */
  with?: TransactItem[];
}

/**
 * Writes the pending payment (and `with`), then asks the provider for a checkout and records where it is.
 * Answers the payment as it is then (an early webhook may have completed it already) and the checkout.
 */
export async function startPurchase(
  request: PurchaseRequest,
  log: Logger,
): Promise<{ payment: StoredTransaction; checkout: Checkout }> {
  const provider = await paymentProvider();
  const id = request.id ?? randomUUID();
  const priceId = paymentPrices()[request.product];
  const payment: StoredTransaction = {
    id,
    businessSub: request.payer.sub,
    businessId: request.payer.businessId,
    clientName: request.payer.businessName,
    ...(request.image ? { image: request.image } : {}),
    date: new Date().toISOString(),
    amount: request.amount,
    currency: chargeCurrency(),
    description: request.description,
    purpose: request.purpose,
    ...(request.item ? { item: request.item } : {}),
    product: request.product,
    priceId,
    state: 'pending',
    status: 'Pending',
    provider: provider.name,
    test: provider.test,
  };
  await transactWrite([...(request.with ?? []), transactionPut(payment)]);
  let checkout: Checkout;
  try {
    checkout = await provider.startCheckout({
      paymentId: id,
      businessId: request.payer.businessId,
      product: request.product,
      amount: request.amount,
      currency: chargeCurrency(),
      payPageUrl: `${config.appUrl}${payPath(id)}`,
    });
  } catch (err) {
    // Nothing was charged: the payment is canceled, what it would have bought is never delivered.
    await transitionPayment(id, {
      to: 'canceled',
      from: ALLOWED_FROM.canceled,
      eventId: `start-failed:${id}`,
      occurredAt: new Date().toISOString(),
      set: { failureCode: 'provider_unavailable' },
    }).catch(() => undefined);
    log.warn('The payment provider did not start a checkout', {
      paymentId: id,
      error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    });
    if (err instanceof PaymentProviderError || !(err as { $metadata?: unknown }).$metadata) {
      throw serviceUnavailable(
        60,
        'The payment provider could not start the payment. Nothing was charged; please try again later.',
      );
    }
    throw err;
  }
  if (!(await attachCheckout(id, { providerTransactionId: checkout.transactionId, checkoutUrl: checkout.url }))) {
    // A transaction of exactly this price, for this business, completed the record before its checkout's answer:
    // that one is its payment. This checkout stays open at the provider; paid too, it would be "paid, not matched".
    log.warn('A payment was completed before its checkout was stored', {
      paymentId: id,
      providerTransactionId: checkout.transactionId,
    });
  }
  return { payment: (await getTransaction(id)) ?? payment, checkout };
}

// ---- Applying the provider's events ----

/**
 * applied: a record changed; unchanged: a repeated, older or no longer applicable event; unknown: no record of
 * ours; ignored: nothing to act on; refused: a transaction that may change none of our records (nothing changed).
 */
export type ApplyOutcome = 'applied' | 'unchanged' | 'unknown' | 'ignored' | 'refused';

const defaultLog = () => createLogger({ handler: 'payments' });
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The record a provider transaction may concern: its own (the lookup our checkout, or a recorded charge, wrote),
 * else the one its custom data names (a claim, checked by ./paymentBinding.ts before anything changes).
 */
async function recordOf(
  txn: Pick<ProviderTransaction, 'id' | 'customData'>,
): Promise<{ payment: StoredTransaction; byLookup: boolean } | undefined> {
  const own = await paymentIdOfProviderTransaction(txn.id);
  const found = own ? await getTransaction(own) : undefined;
  if (found) return { payment: found, byLookup: true };
  const claimed = txn.customData?.paymentId;
  const payment = claimed ? await getTransaction(claimed) : undefined;
  return payment ? { payment, byLookup: false } : undefined;
}

/**
 * A transaction refused for `reason`: logged with both ids; a paid one is kept once as "paid, not matched" (on the
 * moderators' list, to be refunded) and counted (PaymentsUnmatched, alarmed). Nothing else changes.
 */
async function refuse(
  txn: ProviderTransaction,
  reason: UnmatchedReason,
  claimed: StoredTransaction | undefined,
  log: Logger,
): Promise<ApplyOutcome> {
  log.warn('A provider transaction was refused: it pays for none of our records', {
    providerTransactionId: txn.id,
    claimedPaymentId: txn.customData?.paymentId,
    boundTransactionId: claimed?.providerTransactionId,
    reason,
    status: txn.status,
  });
  if (txn.status !== 'completed') return 'refused';
  const provider = await paymentProvider();
  const recorded = await recordUnmatchedPayment({
    id: unmatchedPaymentId(txn.id),
    businessSub: '',
    businessId: '',
    clientName: '',
    date: txn.createdAt,
    amount: txn.amount,
    currency: txn.currency,
    description: 'Paid, not matched to any purchase',
    purpose: { kind: 'unmatched' },
    state: 'completed',
    status: 'Completed',
    provider: provider.name,
    test: provider.test,
    providerTransactionId: txn.id,
    ...(txn.subscriptionId ? { subscriptionId: txn.subscriptionId } : {}),
    completedAt: txn.updatedAt,
    unmatched: {
      reason,
      ...(txn.customData ? { claimedPaymentId: txn.customData.paymentId } : {}),
      ...(txn.customData ? { claimedBusinessId: txn.customData.businessId } : {}),
    },
  });
  if (recorded) countEvent('paymentUnmatched');
  return 'refused';
}

/** What a completed payment delivers, what a whole refund or chargeback takes back, and what a reversal gives back. */
async function deliveryItems(
  payment: StoredTransaction,
  to: 'completed' | 'refunded' | 'restored',
): Promise<TransactItem[]> {
  const purpose = payment.purpose;
  if (purpose.kind === 'ad') {
    const ad = await getAd(purpose.adId, { consistent: true });
    if (!ad) return [];
    return to === 'restored' ? restoreRunItems(ad, new Date().toISOString()) : adRunDelivery(ad, to);
  }
  if (purpose.kind === 'plan' && isPlanId(purpose.plan)) {
    if (to === 'completed') return grantPlanItems(payment.businessId, purpose.plan, payment.subscriptionId);
    if (to === 'restored') return restorePlanItems(payment.businessId, purpose.plan, payment.subscriptionId);
    return revokePlanItems(payment.businessId, purpose.plan, payment.subscriptionId);
  }
  return [];
}

/** A state change with its delivery; when only the delivery is refused (the ad was deleted, the plan changed since), the change alone. */
async function move(payment: StoredTransaction, t: Transition, delivery: TransactItem[]): Promise<boolean> {
  try {
    return await transitionPayment(payment.id, t, delivery);
  } catch (err) {
    if (!(err instanceof DeliveryRefused)) throw err;
    return transitionPayment(payment.id, t);
  }
}

async function completePayment(
  payment: StoredTransaction,
  txn: ProviderTransaction,
  eventId: string,
  occurredAt: string,
) {
  const subscriptionId = txn.subscriptionId ?? payment.subscriptionId;
  const withSubscription = { ...payment, ...(subscriptionId ? { subscriptionId } : {}) };
  const delivery = await deliveryItems(withSubscription, 'completed');
  if (payment.purpose.kind === 'plan' && isPlanId(payment.purpose.plan)) {
    const plan = payment.purpose.plan;
    if (subscriptionId)
      delivery.push(
        subscriptionStartedItem({
          subscriptionId,
          businessId: payment.businessId,
          businessSub: payment.businessSub,
          plan,
          startedAt: occurredAt,
        }),
      );
    delivery.push(
      planEventPut(
        {
          kind: 'started',
          businessId: payment.businessId,
          businessSub: payment.businessSub,
          plan,
          ...(subscriptionId ? { subscriptionId } : {}),
          at: occurredAt,
        },
        eventId,
      ),
    );
  }
  return move(
    payment,
    {
      to: 'completed',
      from: ALLOWED_FROM.completed,
      eventId,
      occurredAt,
      boundTo: txn.id,
      set: {
        completedAt: occurredAt,
        amount: txn.amount,
        currency: txn.currency,
        ...(subscriptionId ? { subscriptionId } : {}),
      },
    },
    delivery,
  );
}

/**
 * A subscription's own charge (a renewal, or the prorated charge of a plan change): recorded as a payment of its
 * business the first time it is seen, then moved like any other. Only a charge of the subscription that pays for
 * the business's plan is its payment; another subscription's (one a browser's checkout started for no record, say)
 * is refused.
 */
async function subscriptionCharge(
  txn: ProviderTransaction,
  kind: 'completed' | 'failed',
  eventId: string,
  occurredAt: string,
  log: Logger,
): Promise<ApplyOutcome> {
  const own = await paymentIdOfProviderTransaction(txn.id);
  const existing = own ? await getTransaction(own) : undefined;
  if (existing) {
    if (existing.purpose.kind === 'unmatched') return 'unchanged';
    const t: Transition =
      kind === 'failed'
        ? {
            to: 'failed',
            from: ALLOWED_FROM.failed,
            eventId,
            occurredAt,
            set: { failureCode: txn.failureCode ?? 'declined' },
          }
        : { to: 'completed', from: ALLOWED_FROM.completed, eventId, occurredAt, set: { completedAt: occurredAt } };
    return (await move(existing, t, [])) ? 'applied' : 'unchanged';
  }
  const subscription = txn.subscriptionId ? await getSubscriptionRecord(txn.subscriptionId) : undefined;
  const businessId = subscription?.businessId ?? txn.customData?.businessId;
  const business = businessId ? await getBusinessById(businessId) : undefined;
  if (!business) return txn.status === 'completed' ? refuse(txn, 'noRecord', undefined, log) : 'unknown';
  if (!txn.subscriptionId || business.subscriptionId !== txn.subscriptionId)
    return refuse(txn, 'otherSubscription', undefined, log);
  // The plan it charges for: its one line's price (a renewal), else the plan the subscription is kept on.
  const prices = paymentPrices();
  const product = productOfItems(txn.items, (id) =>
    (Object.keys(prices) as (keyof typeof prices)[]).find((p) => prices[p] === id),
  );
  const plan = product === 'standard' || product === 'premium' ? product : (subscription?.plan ?? business.plan);
  const state: PaymentState = kind === 'completed' ? 'completed' : 'failed';
  const provider = await paymentProvider();
  const record: StoredTransaction = {
    id: `sub_${txn.id}`,
    businessSub: business.cognitoId,
    businessId: business._id,
    clientName: business.businessName,
    date: txn.createdAt,
    amount: txn.amount,
    currency: txn.currency,
    description: `${SUBSCRIPTION_PLANS.find((p) => p.id === plan)?.name ?? 'Plan'} plan, ${txn.origin === 'renewal' ? 'monthly renewal' : 'plan change'}`,
    purpose: { kind: 'renewal', plan: plan ?? 'basic' },
    state,
    status: state === 'completed' ? 'Completed' : 'Refused',
    provider: provider.name,
    test: provider.test,
    providerTransactionId: txn.id,
    subscriptionId: txn.subscriptionId,
    ...(txn.failureCode ? { failureCode: txn.failureCode } : {}),
    ...(state === 'completed' ? { completedAt: occurredAt } : {}),
    eventIds: new Set([eventId]),
    lastEventAt: occurredAt,
  };
  // A monthly renewal paid: the plan continues another month (its record is the receipt).
  const renewed =
    state === 'completed' && txn.origin === 'renewal' && isPlanId(plan)
      ? [
          planEventPut(
            {
              kind: 'renewed',
              businessId: business._id,
              businessSub: business.cognitoId,
              plan,
              subscriptionId: txn.subscriptionId,
              at: occurredAt,
            },
            eventId,
          ),
        ]
      : [];
  if (await recordProviderPayment(record, renewed)) return 'applied';
  // Recorded meanwhile by another delivery: moved like any other.
  return subscriptionCharge(txn, kind, eventId, occurredAt, log);
}

async function applyTransactionEvent(
  kind: 'payment.completed' | 'payment.failed' | 'payment.canceled' | 'subscription.renewed',
  txn: ProviderTransaction,
  eventId: string,
  occurredAt: string,
  log: Logger,
): Promise<ApplyOutcome> {
  // A card given for a subscription buys nothing (a past-due renewal paid with it is the renewal's own transaction).
  if (txn.origin === 'paymentMethod') return 'ignored';
  if (txn.origin === 'renewal' || txn.origin === 'change') {
    if (kind === 'payment.canceled') return 'ignored';
    return subscriptionCharge(txn, kind === 'payment.failed' ? 'failed' : 'completed', eventId, occurredAt, log);
  }
  const found = await recordOf(txn);
  if (!found) return txn.status === 'completed' ? refuse(txn, 'noRecord', undefined, log) : 'unknown';
  const { payment, byLookup } = found;
  if (payment.purpose.kind === 'unmatched' || payment.purpose.kind === 'renewal')
    return byLookup ? 'unchanged' : refuse(txn, 'otherTransaction', payment, log);
  const binding = bindTransaction(payment, txn, payment.priceId, byLookup);
  if (!binding.bound) return refuse(txn, binding.reason, payment, log);
  let changed: boolean;
  if (kind === 'payment.completed' || kind === 'subscription.renewed') {
    changed = await completePayment(payment, txn, eventId, occurredAt);
    if (!changed) {
      // Its checkout's transaction was stored meanwhile, and this is another one: refused like any other.
      const now = await getTransaction(payment.id);
      if (now?.providerTransactionId && now.providerTransactionId !== txn.id)
        return refuse(txn, 'otherTransaction', now, log);
    }
  } else if (!binding.byId) {
    // A refused card or a canceled checkout of a transaction its own checkout did not start binds nothing.
    return 'unchanged';
  } else {
    const failed = kind === 'payment.failed';
    changed = await move(
      payment,
      {
        to: failed ? 'failed' : 'canceled',
        from: failed ? ALLOWED_FROM.failed : ALLOWED_FROM.canceled,
        eventId,
        occurredAt,
        boundTo: txn.id,
        set: { failureCode: failed ? (txn.failureCode ?? 'declined') : 'canceled' },
      },
      [],
    );
  }
  return changed ? 'applied' : 'unchanged';
}

// ---- Adjustments: refunds, chargebacks and their reversals ----

/**
 * Applies one adjustment as the provider says it is now, wherever that is heard: the refund call's answer
 * (`answersRequest`: it is the moderator's refund under way), a webhook, the reconciliation. Each adjustment is
 * kept by its id and only moves forward (pending -> approved or rejected -> reversed); the amount taken back is
 * the approved refunds and chargebacks less the chargebacks reversed, at most the payment's. When that reaches the
 * whole payment, what it bought is taken back; when a reversal brings it below, it is given back. Each write
 * expects the version it read, so concurrent paths count each adjustment once.
 */
export async function applyAdjustment(
  adjustment: ProviderAdjustment,
  opts: { answersRequest?: boolean } = {},
): Promise<ApplyOutcome> {
  const own = await paymentIdOfProviderTransaction(adjustment.transactionId);
  if (!own) return 'unknown';
  for (let attempt = 0; attempt < 8; attempt++) {
    const payment = await getTransaction(own);
    if (!payment) return 'unknown';
    const state = payment.state;
    if (state !== 'completed' && state !== 'refunded') return 'unchanged';
    const current = payment.adjustments ?? {};
    const known = current[adjustment.id];
    const heard: StoredAdjustment = {
      action: adjustment.action,
      status: adjustment.status,
      amount: round2(adjustment.amount),
      at: adjustment.updatedAt,
    };
    const next = known && ADJUSTMENT_STATUS_RANK[known.status] >= ADJUSTMENT_STATUS_RANK[heard.status] ? known : heard;
    const request = payment.refund;
    const ofRequest =
      !!request &&
      adjustment.action === 'refund' &&
      (request.adjustmentId === adjustment.id || (opts.answersRequest === true && !request.adjustmentId));
    const requestChanges = ofRequest && (request.adjustmentId !== adjustment.id || request.status !== next.status);
    if (next === known && !requestChanges && payment.adjustments) return 'unchanged';
    const adjustments = { ...current, [adjustment.id]: next };
    const before = takenBack(payment.amount, current);
    const after = takenBack(payment.amount, adjustments);
    const wasWhole = before >= payment.amount;
    const isWhole = after >= payment.amount;
    const delivery = wasWhole === isWhole ? [] : await deliveryItems(payment, isWhole ? 'refunded' : 'restored');
    const write = {
      version: payment.adjustmentsVersion ?? 0,
      adjustments,
      refundedAmount: after,
      state: after > 0 ? ('refunded' as const) : ('completed' as const),
      ...(ofRequest ? { refund: { ...request, adjustmentId: adjustment.id, status: next.status } } : {}),
    };
    try {
      if (await writeAdjustments(payment.id, write, delivery)) return 'applied';
    } catch (err) {
      if (!(err instanceof DeliveryRefused)) throw err;
      // What it bought is gone or changed since (the ad deleted, another plan): the money is counted all the same.
      if (await writeAdjustments(payment.id, write)) return 'applied';
    }
    // Someone wrote the adjustments since this read: read again.
  }
  throw new Error(`The adjustments of payment ${own} kept changing: try again`);
}

/**
 * Keeps a subscription's state and what it means for the plan (./planLifecycle.ts subscriptionChange): an upgrade
 * at once, a downgrade from the end of the paid period, the grace period of a failed renewal, its end (Basic).
 */
async function applySubscriptionEvent(event: Extract<PaymentEvent, { subscription: unknown }>): Promise<ApplyOutcome> {
  const s = event.subscription;
  const known = await getSubscriptionRecord(s.id);
  const businessId = known?.businessId ?? s.customData?.businessId;
  const business = businessId ? await getBusinessById(businessId) : undefined;
  if (!business) return 'unknown';
  const change = subscriptionChange({
    kind: event.kind,
    subscription: s,
    occurredAt: event.occurredAt,
    business,
    known,
  });
  const record = subscriptionUpdate(change.set, change.remove);
  const { all, withoutPlan } = changeItems(change, business, event.occurredAt, event.eventId, record);
  try {
    await transact(all);
    return 'applied';
  } catch (err) {
    if (!(err instanceof TransactionRefused)) throw err;
    if (err.conditionFailed(0)) return 'unchanged';
    // Only the plan's condition failed (it changed meanwhile): keep the state alone.
    await transact(withoutPlan).catch(() => undefined);
    return 'applied';
  }
}

/** Applies one of our events; repeated, late or out-of-order deliveries change nothing (see the file comment). */
export async function applyPaymentEvent(event: PaymentEvent, log: Logger = defaultLog()): Promise<ApplyOutcome> {
  switch (event.kind) {
    case 'payment.completed':
    case 'payment.failed':
    case 'payment.canceled':
    case 'subscription.renewed':
      return applyTransactionEvent(event.kind, event.transaction, event.eventId, event.occurredAt, log);
    case 'adjustment':
      return applyAdjustment(event.adjustment);
    case 'subscription.created':
    case 'subscription.updated':
    case 'subscription.past_due':
    case 'subscription.canceled':
      return applySubscriptionEvent(event);
    case 'ignored':
      return 'ignored';
  }
}

// ---- Refunds ----

/**
 * A moderator refunds a completed payment (wholly, or `amount` of what is left) with a reason the business is
 * shown. One refund at a time per payment (claimed before the provider is asked). The provider's answer is applied
 * like any other news of that adjustment: the payment is Refunded when the provider approves it (at once, by its
 * webhook, or found by the reconciliation), counted once whichever comes first.
 */
export async function refundPayment(
  paymentId: string,
  by: { sub: string },
  input: { reason: string; amount?: number },
  log: Logger,
): Promise<StoredTransaction> {
  const payment = await getTransaction(paymentId);
  if (!payment) throw notFound('Payment not found');
  const state = payment.state;
  if (state !== 'completed' && state !== 'refunded')
    throw conflict('Only a completed payment can be refunded', 'PAYMENT_NOT_REFUNDABLE');
  if (!payment.providerTransactionId)
    throw conflict('This payment was not made through the payment provider', 'PAYMENT_NOT_REFUNDABLE');
  const left = round2(payment.amount - (payment.refundedAmount ?? 0));
  if (left <= 0) throw conflict('This payment was refunded wholly already', 'PAYMENT_NOT_REFUNDABLE');
  const amount = input.amount === undefined ? left : input.amount;
  if (amount > left) throw conflict(`At most ${left} ${payment.currency} is left to refund`, 'REFUND_TOO_LARGE');
  const provider = await paymentProvider();
  const claimed = await claimRefund(paymentId, {
    status: 'requesting',
    reason: input.reason,
    amount,
    requestedAt: new Date().toISOString(),
    requestedBy: by.sub,
  });
  if (!claimed) throw conflict('A refund of this payment is already under way', 'REFUND_IN_PROGRESS');
  let adjustment: ProviderAdjustment;
  try {
    adjustment = await provider.refund({
      transactionId: payment.providerTransactionId,
      reason: input.reason,
      ...(amount < left ? { amount } : {}),
      fullAmount: left,
    });
  } catch (err) {
    await releaseRefundRequest(paymentId).catch(() => undefined);
    if (err instanceof PaymentProviderError) {
      log.warn('The provider refused a refund', { paymentId, code: err.code });
      throw conflict(`The payment provider refused the refund: ${err.message}`, 'REFUND_REFUSED');
    }
    throw err;
  }
  await applyAdjustment(adjustment, { answersRequest: true });
  return (await getTransaction(paymentId))!;
}

// ---- Reconciliation ----

export interface ReconcileResult {
  checked: number;
  repaired: number;
  /** Paid transactions newly found to pay for none of our records ("paid, not matched"). */
  unmatched: number;
}

/**
 * Repairs what lost webhooks left behind, by the same rules as the webhooks: each provider transaction changed
 * since `since` is compared with its record and the missing change applied (with an event id of its own); a paid
 * one that pays for none of our records is refused and reported; the adjustments made since `since`, and those of
 * refunds still under way, are applied (each counted once by its id).
 */
export async function reconcilePayments(provider: PaymentPort, since: Date, log: Logger): Promise<ReconcileResult> {
  let checked = 0;
  let repaired = 0;
  let unmatched = 0;
  const underWay = new Set<string>();
  for (const txn of await provider.listTransactionsUpdatedSince(since.toISOString())) {
    checked++;
    const at = txn.updatedAt;
    const eventId = `reconcile:${txn.id}:${txn.status}:${at}`;
    const own = await paymentIdOfProviderTransaction(txn.id);
    const payment = own ? await getTransaction(own) : undefined;
    const state = payment?.state;
    let outcome: ApplyOutcome = 'unchanged';
    if (txn.status === 'completed' && (state === undefined || state === 'pending' || state === 'failed'))
      outcome = await applyTransactionEvent('payment.completed', txn, eventId, at, log);
    else if (txn.status === 'failed' && (state === undefined || state === 'pending'))
      outcome = await applyTransactionEvent('payment.failed', txn, eventId, at, log);
    else if (txn.status === 'canceled' && (state === 'pending' || state === 'failed'))
      outcome = await applyTransactionEvent('payment.canceled', txn, eventId, at, log);
    if (payment?.refund && ['requesting', 'pending_approval'].includes(payment.refund.status)) underWay.add(txn.id);
    if (outcome === 'refused' && txn.status === 'completed') {
      unmatched++;
      log.warn('Reconciliation found a paid transaction that pays for none of our records', {
        providerTransactionId: txn.id,
        claimedPaymentId: txn.customData?.paymentId,
      });
    }
    if (outcome === 'applied') {
      repaired++;
      log.warn('Reconciliation repaired a payment a webhook had not', {
        providerTransactionId: txn.id,
        status: txn.status,
      });
    }
  }
  const adjustments = await provider.listAdjustmentsCreatedSince(since.toISOString());
  for (const transactionId of underWay)
    if (!adjustments.some((a) => a.transactionId === transactionId))
      adjustments.push(...(await provider.listAdjustments(transactionId)));
  for (const adjustment of adjustments) {
    if ((await applyAdjustment(adjustment)) === 'applied') {
      repaired++;
      log.warn('Reconciliation applied an adjustment a webhook had not', {
        adjustmentId: adjustment.id,
        providerTransactionId: adjustment.transactionId,
        action: adjustment.action,
        status: adjustment.status,
      });
    }
  }
  return { checked, repaired, unmatched };
}

// ---- What the API answers ----

/** What the buyer's bank took back of a payment: its chargebacks, less those reversed. */
const chargedBack = (t: StoredTransaction) =>
  Math.max(
    0,
    round2(
      Object.values(t.adjustments ?? {})
        .filter((a) => a.action !== 'refund')
        .reduce((sum, a) => sum + takenBy(a), 0),
    ),
  );

/**
 * What a payment bought, as a message id and values for the app to word (common/paymentSummaries.ts):
 * a Sponsored run with its service and towns, a plan's first month, its renewal or prorated change, a payment that
 * matched no purchase.
 */
export function paymentSummary(t: Pick<StoredTransaction, 'purpose' | 'item'>): PaymentSummary {
  const purpose = t.purpose;
  if (purpose?.kind === 'ad')
    return t.item
      ? {
          message: 'payments.item.adRun',
          values: { ...(t.item.service ? { service: t.item.service } : {}), towns: t.item.towns },
        }
      : { message: 'payments.item.ad', values: {} };
  if ((purpose?.kind === 'plan' || purpose?.kind === 'renewal') && isPlanId(purpose.plan))
    return {
      message: purpose.kind === 'plan' ? 'payments.item.plan' : 'payments.item.renewal',
      values: { plan: purpose.plan },
    };
  if (purpose?.kind === 'unmatched') return { message: 'payments.item.unmatched', values: {} };
  return { message: 'payments.item.ad', values: {} };
}

/** The record as its business (and moderators) see it. */
export const toTransactionDto = (t: StoredTransaction): Transaction => {
  const state = t.state;
  const plan = t.purpose?.kind === 'plan' || t.purpose?.kind === 'renewal' ? t.purpose.plan : undefined;
  return {
    id: t.id,
    clientName: t.clientName,
    ...(t.image ? { image: imageUrl(t.image) } : {}),
    date: t.date,
    amount: t.amount,
    currency: t.currency,
    status: t.status,
    state,
    description: t.description,
    summary: paymentSummary(t),
    test: t.test,
    ...(t.purpose?.kind === 'ad' ? { purpose: { kind: 'ad' as const } } : {}),
    ...(plan && isPlanId(plan) ? { purpose: { kind: t.purpose.kind as 'plan' | 'renewal', plan } } : {}),
    ...((state === 'failed' || state === 'canceled') && t.failureCode
      ? { failure: { code: t.failureCode, message: failureMessage(t.failureCode) } }
      : {}),
    ...(t.refund && t.refund.status !== 'requesting'
      ? {
          refund: {
            status: t.refund.status,
            reason: t.refund.reason,
            amount: t.refund.amount,
            ...(t.refund.runStop ? { runStop: t.refund.runStop } : {}),
          },
        }
      : {}),
    ...(t.runStop ? { runStop: t.runStop } : {}),
    ...(t.refundedAmount ? { refundedAmount: t.refundedAmount } : {}),
    ...(chargedBack(t) > 0 ? { chargedBack: chargedBack(t) } : {}),
    receipt: (state === 'completed' || state === 'refunded') && !!t.providerTransactionId,
    ...((state === 'pending' || state === 'failed') && t.checkoutUrl ? { checkoutUrl: t.checkoutUrl } : {}),
  };
};

/** The record as moderators see it: which business paid, unless its account was erased (lambdas/privacy/payments.ts). */
export const toModerationPaymentDto = (t: StoredTransaction): ModerationPayment => {
  const { clientName, ...dto } = toTransactionDto(t);
  return {
    ...dto,
    ...(clientName ? { clientName } : {}),
    ...(t.businessId ? { businessId: t.businessId } : {}),
    ...(t.anonymisedAt ? { anonymised: true as const } : {}),
    ...(t.unmatched
      ? {
          unmatched: {
            reason: t.unmatched.reason,
            ...(t.unmatched.claimedPaymentId ? { claimedPaymentId: t.unmatched.claimedPaymentId } : {}),
          },
        }
      : {}),
  };
};

export const refusedMessage = (what: string) => `Payment refused: the ${what} was not created. No money was taken.`;
