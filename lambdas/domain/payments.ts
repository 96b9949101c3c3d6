/**
 * Payments: starting a hosted checkout for what a business buys, applying the provider's events to the payment
 * records (the state machine of ./paymentStates.ts; what was bought is delivered on completion and taken back on a
 * whole refund), refunds asked by moderators, reconciliation with the provider, and the record as the API shows it.
 *
 * A purchase: the payment record is written `pending` (with what it buys, not yet delivered) BEFORE the provider is
 * asked for a checkout, and the checkout carries the record's id (custom data). So a webhook that arrives before
 * the purchase request has answered (or whose answer was lost) still finds its record.
 */
import { randomUUID } from 'node:crypto';
import { SUBSCRIPTION_PLANS } from '../../common/constants';
import { payPath, type PaymentProduct, type PaymentState } from '../../common/payments';
import { isPlanId } from '../../common/plans';
import type { ModerationPayment, Transaction } from '../../common/types';
import { getAd } from '../data/ads';
import { adRunDelivery } from './adRuns';
import { grantPlanItems, revokePlanItems } from '../data/subscriptions';
import { planEventPut } from '../data/plans';
import {
  DeliveryRefused,
  attachCheckout,
  claimRefund,
  getSubscriptionRecord,
  getTransaction,
  markRefund,
  paymentIdOfProviderTransaction,
  recordProviderPayment,
  settleRefundRequest,
  subscriptionStartedItem,
  subscriptionUpdate,
  transactionPut,
  transitionPayment,
  type StoredTransaction,
  type Transition,
} from '../data/transactions';
import { transact, transactWrite, TransactionRefused, type TransactItem } from '../data/transact';
import { getBusinessById } from '../data/users';
import { conflict, notFound, serviceUnavailable } from '../lib/errors';
import { imageUrl } from '../lib/images';
import type { Logger } from '../lib/log';
import { config } from '../lib/config';
import type { PaymentEvent } from '../payments/events';
import { PaymentProviderError, type Checkout, type PaymentPort, type ProviderTransaction } from '../payments/port';
import { chargeCurrency, paymentProvider } from '../payments/provider';
import { ALLOWED_FROM } from './paymentStates';
import { changeItems, subscriptionChange } from './planLifecycle';

export interface Payer {
  sub: string;
  businessId: string;
  businessName: string;
}

/** Why a card was refused, in English (the web app and the emails word each code in the reader's language). */
export const FAILURE_MESSAGES: Record<string, string> = {
  declined: 'The card was declined by the bank.',
  declined_not_retryable: 'The card was declined by the bank, which asks not to try it again.',
  authentication_failed: 'The bank did not confirm the payment (3-D Secure).',
  expired_card: 'The card has expired.',
  insufficient_funds: 'The card has insufficient funds.',
  canceled: 'The payment was canceled before it was made.',
  provider_unavailable: 'The payment provider could not be reached; nothing was charged.',
};
export const failureMessage = (code: string | undefined) =>
  (code && FAILURE_MESSAGES[code]) ?? 'The payment was refused. No money was taken.';

// ---- Starting a purchase ----

export interface PurchaseRequest {
  payer: Payer;
  product: PaymentProduct;
  amount: number;
  description: string;
  purpose: StoredTransaction['purpose'];
  image?: string;
  /** The payment's id (derived from the request's Idempotency-Key when it has one). */
  id?: string;
  /** Written with the pending payment (the ad awaiting it). */
  with?: TransactItem[];
  email?: string;
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
      ...(request.email ? { email: request.email } : {}),
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
  await attachCheckout(id, { providerTransactionId: checkout.transactionId, checkoutUrl: checkout.url });
  return { payment: (await getTransaction(id)) ?? payment, checkout };
}

// ---- Applying the provider's events ----

export type ApplyOutcome = 'applied' | 'unchanged' | 'unknown' | 'ignored';

/** The payment record of a provider transaction: its own (by our id in the custom data) or the lookup's. */
async function paymentOf(transaction: Pick<ProviderTransaction, 'id' | 'customData'>) {
  const id = transaction.customData?.paymentId ?? (await paymentIdOfProviderTransaction(transaction.id));
  const payment = id ? await getTransaction(id) : undefined;
  // The custom data must name the business the record is for (a transaction made up elsewhere finds nothing).
  if (payment && transaction.customData && transaction.customData.businessId !== payment.businessId) return undefined;
  return payment;
}

/** What a completed payment delivers, and what a whole refund takes back. */
async function deliveryItems(payment: StoredTransaction, to: 'completed' | 'refunded'): Promise<TransactItem[]> {
  const purpose = payment.purpose;
  if (purpose.kind === 'ad') {
    const ad = await getAd(purpose.adId, { consistent: true });
    return ad ? adRunDelivery(ad, to) : [];
  }
  if (purpose.kind === 'plan' && isPlanId(purpose.plan)) {
    return to === 'completed'
      ? grantPlanItems(payment.businessId, purpose.plan, payment.subscriptionId)
      : revokePlanItems(payment.businessId, purpose.plan, payment.subscriptionId);
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
      set: {
        completedAt: occurredAt,
        amount: txn.amount,
        currency: txn.currency,
        providerTransactionId: txn.id,
        ...(subscriptionId ? { subscriptionId } : {}),
      },
    },
    delivery,
  );
}

/**
 * A subscription's own charge (a renewal, or the prorated charge of a plan change): recorded as a payment of its
 * business the first time it is seen, then moved like any other.
 */
async function subscriptionCharge(
  txn: ProviderTransaction,
  kind: 'completed' | 'failed',
  eventId: string,
  occurredAt: string,
) {
  const existing = await paymentOf({ id: txn.id });
  if (existing) return existing;
  const subscription = txn.subscriptionId ? await getSubscriptionRecord(txn.subscriptionId) : undefined;
  const businessId = subscription?.businessId ?? txn.customData?.businessId;
  const business = businessId ? await getBusinessById(businessId) : undefined;
  if (!business) return undefined;
  const plan = subscription?.plan ?? business.plan;
  const state: PaymentState = kind === 'completed' ? 'completed' : 'failed';
  const record: StoredTransaction = {
    id: `sub_${txn.id}`,
    businessSub: business.cognitoId,
    businessId: business._id,
    clientName: business.businessName,
    date: txn.createdAt,
    amount: txn.amount,
    currency: txn.currency,
    description: `${SUBSCRIPTION_PLANS.find((p) => p.id === plan)?.name ?? 'Plan'} plan, ${txn.origin === 'renewal' ? 'monthly renewal' : 'plan change'}`,
    purpose: { kind: 'renewal', plan },
    state,
    status: state === 'completed' ? 'Completed' : 'Refused',
    provider: (await paymentProvider()).name,
    test: (await paymentProvider()).test,
    providerTransactionId: txn.id,
    ...(txn.subscriptionId ? { subscriptionId: txn.subscriptionId } : {}),
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
              ...(txn.subscriptionId ? { subscriptionId: txn.subscriptionId } : {}),
              at: occurredAt,
            },
            eventId,
          ),
        ]
      : [];
  return (await recordProviderPayment(record, renewed)) ? 'recorded' : await paymentOf({ id: txn.id });
}

async function applyTransactionEvent(
  kind: 'payment.completed' | 'payment.failed' | 'payment.canceled' | 'subscription.renewed',
  txn: ProviderTransaction,
  eventId: string,
  occurredAt: string,
): Promise<ApplyOutcome> {
  if (txn.origin === 'renewal' || txn.origin === 'change') {
    if (kind === 'payment.canceled') return 'ignored';
    const charge = await subscriptionCharge(
      txn,
      kind === 'payment.failed' ? 'failed' : 'completed',
      eventId,
      occurredAt,
    );
    if (charge === 'recorded') return 'applied';
    if (!charge) return 'unknown';
    if (kind === 'payment.failed')
      return (await move(
        charge,
        {
          to: 'failed',
          from: ALLOWED_FROM.failed,
          eventId,
          occurredAt,
          set: { failureCode: txn.failureCode ?? 'declined' },
        },
        [],
      ))
        ? 'applied'
        : 'unchanged';
    return (await move(
      charge,
      { to: 'completed', from: ALLOWED_FROM.completed, eventId, occurredAt, set: { completedAt: occurredAt } },
      [],
    ))
      ? 'applied'
      : 'unchanged';
  }
  const payment = await paymentOf(txn);
  if (!payment) return 'unknown';
  let changed: boolean;
  if (kind === 'payment.completed' || kind === 'subscription.renewed') {
    changed = await completePayment(payment, txn, eventId, occurredAt);
  } else if (kind === 'payment.failed') {
    changed = await move(
      payment,
      {
        to: 'failed',
        from: ALLOWED_FROM.failed,
        eventId,
        occurredAt,
        set: { failureCode: txn.failureCode ?? 'declined', providerTransactionId: txn.id },
      },
      [],
    );
  } else {
    changed = await move(
      payment,
      {
        to: 'canceled',
        from: ALLOWED_FROM.canceled,
        eventId,
        occurredAt,
        set: { failureCode: 'canceled', providerTransactionId: txn.id },
      },
      [],
    );
  }
  return changed ? 'applied' : 'unchanged';
}

/** An approved refund: completed -> refunded, what was bought taken back once the refunds reach the whole amount. */
async function applyRefund(
  refund: { id: string; transactionId: string; amount: number },
  eventId: string,
  occurredAt: string,
): Promise<ApplyOutcome> {
  const payment = await paymentOf({ id: refund.transactionId });
  if (!payment) return 'unknown';
  if (payment.state !== 'completed' && payment.state !== 'refunded') return 'unchanged';
  const before = payment.refundedAmount ?? 0;
  const total = Math.round((before + refund.amount) * 100) / 100;
  const whole = total >= payment.amount;
  const delivery = whole ? await deliveryItems(payment, 'refunded') : [];
  const changed = await move(
    payment,
    {
      to: 'refunded',
      from: ALLOWED_FROM.refunded,
      eventId,
      occurredAt,
      refundedBefore: before,
      set: {
        refundedAmount: total,
        ...(payment.refund ? { refund: { ...payment.refund, status: 'approved', adjustmentId: refund.id } } : {}),
      },
    },
    delivery,
  );
  return changed ? 'applied' : 'unchanged';
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
export async function applyPaymentEvent(event: PaymentEvent): Promise<ApplyOutcome> {
  switch (event.kind) {
    case 'payment.completed':
    case 'payment.failed':
    case 'payment.canceled':
    case 'subscription.renewed':
      return applyTransactionEvent(event.kind, event.transaction, event.eventId, event.occurredAt);
    case 'payment.refunded':
      return applyRefund(event.refund, event.eventId, event.occurredAt);
    case 'refund.updated': {
      const payment = await paymentOf({ id: event.refund.transactionId });
      if (!payment) return 'unknown';
      return (await markRefund(payment.id, event.refund.id, event.refund.status)) ? 'applied' : 'unchanged';
    }
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
 * A moderator refunds a completed payment (wholly, or `amount` of it) with a reason the business is shown. One
 * refund at a time per payment (claimed before the provider is asked). The payment becomes `refunded` when the
 * provider approves the refund (its webhook; or at once when it answers approved).
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
  const left = Math.round((payment.amount - (payment.refundedAmount ?? 0)) * 100) / 100;
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
  try {
    const refund = await provider.refund({
      transactionId: payment.providerTransactionId,
      reason: input.reason,
      ...(amount < left ? { amount } : {}),
      fullAmount: left,
    });
    await settleRefundRequest(paymentId, { status: refund.status, adjustmentId: refund.id });
    if (refund.status === 'approved') await applyRefund(refund, `refund:${refund.id}`, new Date().toISOString());
  } catch (err) {
    await settleRefundRequest(paymentId, 'released').catch(() => undefined);
    if (err instanceof PaymentProviderError) {
      log.warn('The provider refused a refund', { paymentId, code: err.code });
      throw conflict(`The payment provider refused the refund: ${err.message}`, 'REFUND_REFUSED');
    }
    throw err;
  }
  return (await getTransaction(paymentId))!;
}

// ---- Reconciliation ----

/**
 * Repairs what lost webhooks left behind: each provider transaction changed since `since` is compared with its
 * record and the missing change applied (the same code path as a webhook, with an event id of its own); refunds
 * still waiting for approval are read again. Answers how many records were looked at and repaired.
 */
export async function reconcilePayments(
  provider: PaymentPort,
  since: Date,
  log: Logger,
): Promise<{ checked: number; repaired: number }> {
  let checked = 0;
  let repaired = 0;
  for (const txn of await provider.listTransactionsUpdatedSince(since.toISOString())) {
    checked++;
    const at = txn.updatedAt;
    const eventId = `reconcile:${txn.id}:${txn.status}:${at}`;
    const isCharge = txn.origin === 'renewal' || txn.origin === 'change';
    const payment = isCharge ? await paymentOf({ id: txn.id }) : await paymentOf(txn);
    if (!payment && !isCharge) continue;
    const state = payment?.state;
    let outcome: ApplyOutcome = 'unchanged';
    if (txn.status === 'completed' && (state === undefined || state === 'pending' || state === 'failed'))
      outcome = await applyTransactionEvent('payment.completed', txn, eventId, at);
    else if (txn.status === 'failed' && (state === undefined || state === 'pending'))
      outcome = await applyTransactionEvent('payment.failed', txn, eventId, at);
    else if (txn.status === 'canceled' && (state === 'pending' || state === 'failed'))
      outcome = await applyTransactionEvent('payment.canceled', txn, eventId, at);
    else if (payment?.refund && ['requesting', 'pending_approval'].includes(payment.refund.status)) {
      for (const refund of await provider.listRefunds(txn.id)) {
        if (
          refund.status === 'approved' &&
          (await applyRefund(refund, `reconcile:${refund.id}`, new Date().toISOString())) === 'applied'
        )
          outcome = 'applied';
        else if (refund.status === 'rejected' && (await markRefund(payment.id, refund.id, 'rejected')))
          outcome = 'applied';
      }
    }
    if (outcome === 'applied') {
      repaired++;
      log.warn('Reconciliation repaired a payment a webhook had not', {
        providerTransactionId: txn.id,
        status: txn.status,
      });
    }
  }
  return { checked, repaired };
}

// ---- What the API answers ----

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
    test: t.test,
    ...(t.purpose?.kind === 'ad' ? { purpose: { kind: 'ad' as const } } : {}),
    ...(plan && isPlanId(plan) ? { purpose: { kind: t.purpose.kind as 'plan' | 'renewal', plan } } : {}),
    ...((state === 'failed' || state === 'canceled') && t.failureCode
      ? { failure: { code: t.failureCode, message: failureMessage(t.failureCode) } }
      : {}),
    ...(t.refund && t.refund.status !== 'requesting'
      ? { refund: { status: t.refund.status, reason: t.refund.reason, amount: t.refund.amount } }
      : {}),
    ...(t.refundedAmount ? { refundedAmount: t.refundedAmount } : {}),
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
  };
};

export const refusedMessage = (what: string) => `Payment refused: the ${what} was not created. No money was taken.`;
