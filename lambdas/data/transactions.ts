/**
 * Payment records (`TXN#{id}`): one per payment a business makes (an ad, a plan's first month, each renewal),
 * listed newest first per business through GSI1 `TXNS#{businessSub}` and all together through GSI2 `PAYMENTS`
 * (the moderators' list). `PROVIDERTXN#{id}` finds the record of a provider transaction; `SUBSCRIPTION#{id}` keeps
 * a provider subscription's business and last known state.
 *
 * Every change of a record's state is one conditional write (lambdas/domain/paymentStates.ts decides which):
 * the record must be in a state the change may leave, the event must not be older than the last one applied, and
 * its id must not have been applied before (`eventIds`). What the payment bought is delivered in the same
 * transaction as the change, so it is delivered exactly once. A record is bound to one provider transaction: the
 * one its checkout started (`providerTransactionId`), and no other ever completes it (lambdas/domain/paymentBinding.ts).
 *
 * The provider's adjustments of a completed payment (refunds, chargebacks, their reversals) are kept by their own
 * ids in `adjustments`, each write conditional on the version it read (`adjustmentsVersion`), so that each counts
 * once whichever path tells of it first, and two at once never both count against the same total.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys, stripKeys } from '../model/keys';
import { ddb, table } from './client';
import { getRecord, queryPage, type Page, type PageRequest } from './query';
import { conditionalWrite, transact, TransactionRefused, type TransactItem } from './transact';
import { STATUS_OF_STATE, type PaymentState } from '../../common/payments';
import type { PlanId } from '../../common/constants';
import type { RefundRecord, StoredAdjustment, StoredSubscription, StoredTransaction } from '../model/payments';

/** An id for the record of an unmatched provider transaction (one per transaction). */
export const unmatchedPaymentId = (providerTransactionId: string) => `unmatched_${providerTransactionId}`;

export const transactionPut = (txn: StoredTransaction): TransactItem => ({
  Put: {
    TableName: table(),
    Item: {
      ...keys.transaction(txn.id),
      ...keys.transactionsIndex(txn.businessSub, txn.date, txn.id),
      ...keys.allPaymentsIndex(txn.date, txn.id),
      ...txn,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

export const getTransaction = (id: string) => getRecord<StoredTransaction>(keys.transaction(id), { consistent: true });

export const listTransactionsOfBusiness = (businessSub: string, page: PageRequest): Promise<Page<StoredTransaction>> =>
  queryPage<StoredTransaction>({ index: 'GSI1', partition: `TXNS#${businessSub}` }, page);

/** Every payment, newest first (the moderators' list). */
export const listAllTransactions = (page: PageRequest): Promise<Page<StoredTransaction>> =>
  queryPage<StoredTransaction>({ index: 'GSI2', partition: keys.allPayments }, page);

/** The payment record id of a provider transaction, when one was started by us or recorded from a webhook. */
export async function paymentIdOfProviderTransaction(providerTransactionId: string): Promise<string | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: keys.providerTransaction(providerTransactionId), ConsistentRead: true }),
  );
  return typeof Item?.paymentId === 'string' ? Item.paymentId : undefined;
}

const providerTransactionPut = (providerTransactionId: string, paymentId: string): TransactItem => ({
  Put: {
    TableName: table(),
    Item: { ...keys.providerTransaction(providerTransactionId), paymentId },
  },
});

/**
 * Binds a pending payment to the provider transaction its checkout started, and records where to pay (its state is
 * left as it is: a webhook may have come first). False when the record is bound to another transaction already (an
 * early webhook of a transaction of exactly its price completed it first): that one is its payment.
 */
export async function attachCheckout(
  paymentId: string,
  checkout: { providerTransactionId: string; checkoutUrl: string },
): Promise<boolean> {
  try {
    await transact([
      {
        Update: {
          TableName: table(),
          Key: keys.transaction(paymentId),
          UpdateExpression: 'SET providerTransactionId = :t, checkoutUrl = :u, updatedAt = :now',
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(providerTransactionId) OR providerTransactionId = :t)',
          ExpressionAttributeValues: {
            ':t': checkout.providerTransactionId,
            ':u': checkout.checkoutUrl,
            ':now': new Date().toISOString(),
          },
        },
      },
      providerTransactionPut(checkout.providerTransactionId, paymentId),
    ]);
    return true;
  } catch (err) {
    if (err instanceof TransactionRefused && err.conditionFailed(0)) return false;
    throw err;
  }
}

/**
 * Records a completed provider transaction that pays for none of our records ("paid, not matched"), once: on the
 * moderators' list only (no business's list: who paid is not known), with its lookup so its refunds find it. False
 * when it was recorded before.
 */
export async function recordUnmatchedPayment(txn: StoredTransaction): Promise<boolean> {
  try {
    await transact([
      {
        Put: {
          TableName: table(),
          Item: { ...keys.transaction(txn.id), ...keys.allPaymentsIndex(txn.date, txn.id), ...txn },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: table(),
          Item: { ...keys.providerTransaction(txn.providerTransactionId!), paymentId: txn.id },
          // A transaction bound to one of our records keeps its lookup.
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);
    return true;
  } catch (err) {
    if (err instanceof TransactionRefused && (err.conditionFailed(0) || err.conditionFailed(1))) return false;
    throw err;
  }
}

/**
 * A payment recorded as it arrives from the provider (a renewal): the record and its lookup (and `with`: the plan's
 * event), once. False when it existed.
 */
export async function recordProviderPayment(txn: StoredTransaction, withItems: TransactItem[] = []): Promise<boolean> {
  try {
    await transact([transactionPut(txn), providerTransactionPut(txn.providerTransactionId!, txn.id), ...withItems]);
    return true;
  } catch (err) {
    if (err instanceof TransactionRefused && err.conditionFailed(0)) return false;
    throw err;
  }
}

export interface Transition {
  to: PaymentState;
  /** States the record may be in for the change (lambdas/domain/paymentStates.ts). */
  from: readonly PaymentState[];
  eventId: string;
  occurredAt: string;
  /** Other attributes set with the change. */
  set?: Record<string, unknown>;
  /**
   * The provider transaction the change comes from: the record must be bound to it, or to none yet (then it is
   * bound by this change, with its lookup).
   */
  boundTo?: string;
}

/**
 * Changes a payment's state with one conditional write, together with `delivery` (what the payment bought, or its
 * taking back). Answers whether it changed: false when the record is not in a `from` state, the event is older
 * than the last applied, or it was applied already. Throws DeliveryRefused when only a delivery item's own
 * condition failed (the caller may apply the change without it).
 */
export async function transitionPayment(
  paymentId: string,
  t: Transition,
  delivery: TransactItem[] = [],
): Promise<boolean> {
  const names: Record<string, string> = { '#state': 'state', '#status': 'status' };
  const values: Record<string, unknown> = {
    ':to': t.to,
    ':status': STATUS_OF_STATE[t.to],
    ':at': t.occurredAt,
    ':eid': t.eventId,
    ':eids': new Set([t.eventId]),
    ':now': new Date().toISOString(),
  };
  const fromList = t.from.map((state, i) => {
    values[`:from${i}`] = state;
    return `:from${i}`;
  });
  const sets = ['#state = :to', '#status = :status', 'lastEventAt = :at', 'updatedAt = :now'];
  for (const [i, [name, value]] of Object.entries(t.set ?? {}).entries()) {
    names[`#f${i}`] = name;
    values[`:f${i}`] = value;
    sets.push(`#f${i} = :f${i}`);
  }
  let condition =
    `attribute_exists(pk) AND #state IN (${fromList.join(', ')})` +
    ' AND (attribute_not_exists(lastEventAt) OR lastEventAt <= :at)' +
    ' AND (attribute_not_exists(eventIds) OR NOT contains(eventIds, :eid))';
  const lookup: TransactItem[] = [];
  if (t.boundTo !== undefined) {
    values[':bound'] = t.boundTo;
    sets.push('providerTransactionId = :bound');
    condition += ' AND (attribute_not_exists(providerTransactionId) OR providerTransactionId = :bound)';
    lookup.push(providerTransactionPut(t.boundTo, paymentId));
  }
  const update: TransactItem = {
    Update: {
      TableName: table(),
      Key: keys.transaction(paymentId),
      UpdateExpression: `SET ${sets.join(', ')} ADD eventIds :eids`,
      ConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
  try {
    await transact([update, ...lookup, ...delivery]);
    return true;
  } catch (err) {
    if (!(err instanceof TransactionRefused)) throw err;
    if (err.conditionFailed(0)) return false;
    if (err.reasons.some((r, i) => i > 0 && r === 'ConditionalCheckFailed')) throw new DeliveryRefused();
    throw err;
  }
}

export interface AdjustmentWrite {
  /** The version of `adjustments` the change was computed from. */
  version: number;
  adjustments: Record<string, StoredAdjustment>;
  refundedAmount: number;
  state: 'completed' | 'refunded';
  /** The moderator's refund request, when this adjustment is (or answers) it. */
  refund?: RefundRecord;
}

/**
 * Writes a payment's adjustments (and what follows from them: the amount taken back, the state, what was bought
 * taken back or given back in `delivery`) on the condition that nobody wrote them since `version`. False when
 * someone did (read again and retry) or the payment is not completed or refunded; throws DeliveryRefused when only
 * the delivery's own condition failed.
 */
export async function writeAdjustments(
  paymentId: string,
  change: AdjustmentWrite,
  delivery: TransactItem[] = [],
): Promise<boolean> {
  const update: TransactItem = {
    Update: {
      TableName: table(),
      Key: keys.transaction(paymentId),
      UpdateExpression: `SET adjustments = :adj, adjustmentsVersion = :next, refundedAmount = :taken, #state = :state, #status = :status, updatedAt = :now${change.refund ? ', refund = :refund' : ''}`,
      ConditionExpression:
        'attribute_exists(pk) AND #state IN (:completed, :refunded)' +
        ' AND ((attribute_not_exists(adjustmentsVersion) AND :version = :zero) OR adjustmentsVersion = :version)',
      ExpressionAttributeNames: { '#state': 'state', '#status': 'status' },
      ExpressionAttributeValues: {
        ':adj': change.adjustments,
        ':next': change.version + 1,
        ':version': change.version,
        ':zero': 0,
        ':taken': change.refundedAmount,
        ':state': change.state,
        ':status': STATUS_OF_STATE[change.state],
        ':completed': 'completed',
        ':refunded': 'refunded',
        ':now': new Date().toISOString(),
        ...(change.refund ? { ':refund': change.refund } : {}),
      },
    },
  };
  try {
    await transact([update, ...delivery]);
    return true;
  } catch (err) {
    if (!(err instanceof TransactionRefused)) throw err;
    if (err.conditionFailed(0)) return false;
    if (err.reasons.some((r, i) => i > 0 && r === 'ConditionalCheckFailed')) throw new DeliveryRefused();
    throw err;
  }
}

/** The payment could change, but what it bought could not be delivered (or taken back) as written: it is gone or changed. */
export class DeliveryRefused extends Error {
  constructor() {
    super('The delivery of a payment was refused by its own condition');
    this.name = 'DeliveryRefused';
  }
}

/**
 * Claims a completed payment for a refund (one at a time: a refund already asked for and not rejected is in the
 * way). As a transaction's item (a run's cancellation claims its run and its refund together), or alone.
 */
export const refundClaimItem = (paymentId: string, refund: RefundRecord): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.transaction(paymentId),
    UpdateExpression: 'SET refund = :r, updatedAt = :now',
    ConditionExpression:
      'attribute_exists(pk) AND #state IN (:completed, :refunded)' +
      ' AND (attribute_not_exists(refund) OR refund.#rs IN (:rejected, :approved, :reversed))',
    ExpressionAttributeNames: { '#state': 'state', '#rs': 'status' },
    ExpressionAttributeValues: {
      ':r': refund,
      ':now': new Date().toISOString(),
      ':completed': 'completed',
      ':refunded': 'refunded',
      ':rejected': 'rejected',
      ':approved': 'approved',
      ':reversed': 'reversed',
    },
  },
});

/** False when the payment cannot be refunded now (see refundClaimItem). */
export const claimRefund = (paymentId: string, refund: RefundRecord) =>
  conditionalWrite(new UpdateCommand(refundClaimItem(paymentId, refund).Update!));

/**
 * What the payment's row says of its run cancelled or stopped by the business (written with the run's end): when,
 * and what the refund rule gave back.
 */
export const runStopItem = (paymentId: string, runStop: NonNullable<StoredTransaction['runStop']>): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.transaction(paymentId),
    UpdateExpression: 'SET runStop = :stop, updatedAt = :now',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':stop': runStop, ':now': new Date().toISOString() },
  },
});

/** The provider refused the refund a moderator asked for: the claim is released (nothing was asked of it). */
export async function releaseRefundRequest(paymentId: string): Promise<void> {
  await conditionalWrite(
    new UpdateCommand({
      TableName: table(),
      Key: keys.transaction(paymentId),
      UpdateExpression: 'REMOVE refund',
      ConditionExpression: 'refund.#rs = :requesting',
      ExpressionAttributeNames: { '#rs': 'status' },
      ExpressionAttributeValues: { ':requesting': 'requesting' },
    }),
  );
}

// ---- Subscriptions ----

export async function getSubscriptionRecord(subscriptionId: string): Promise<StoredSubscription | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: keys.subscription(subscriptionId), ConsistentRead: true }),
  );
  return Item ? (stripKeys(Item) as unknown as StoredSubscription) : undefined;
}

/** The time of no provider state yet: any state the provider sends is newer. */
const NO_PROVIDER_STATE = '1970-01-01T00:00:00.000Z';

/**
 * A subscription's first payment completed: its record names the business and the plan and when it started, without
 * taking the provider's place for its state. What the provider's own subscription events kept (its status, period and
 * update time, which may have come first) stays; a record made here holds `active` with no provider time, so that any
 * of the provider's events, earlier or later, is applied over it.
 */
export const subscriptionStartedItem = (s: {
  subscriptionId: string;
  businessId: string;
  businessSub: string;
  plan: PlanId;
  startedAt: string;
}): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.subscription(s.subscriptionId),
    UpdateExpression:
      'SET businessId = :b, businessSub = :bs, startedAt = if_not_exists(startedAt, :at), #plan = if_not_exists(#plan, :plan), #status = if_not_exists(#status, :active), subscriptionId = :id, updatedAt = if_not_exists(updatedAt, :none)',
    ExpressionAttributeNames: { '#plan': 'plan', '#status': 'status' },
    ExpressionAttributeValues: {
      ':b': s.businessId,
      ':bs': s.businessSub,
      ':at': s.startedAt,
      ':plan': s.plan,
      ':active': 'active',
      ':id': s.subscriptionId,
      ':none': NO_PROVIDER_STATE,
    },
  },
});

/**
 * Keeps a subscription's state unless a newer one is kept already: the attributes of `set` are written, those named
 * in `remove` dropped, the others left as they are (its grace period, a scheduled downgrade).
 */
export const subscriptionUpdate = (
  set: Pick<StoredSubscription, 'subscriptionId' | 'updatedAt'> & Partial<StoredSubscription>,
  remove: readonly (keyof StoredSubscription)[] = [],
): TransactItem => {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':at': set.updatedAt };
  const sets = Object.entries(set)
    .filter(([, v]) => v !== undefined)
    .map(([k, v], i) => {
      names[`#s${i}`] = k;
      values[`:s${i}`] = v;
      return `#s${i} = :s${i}`;
    });
  const removes = remove
    .filter((k) => !(k in set))
    .map((k, i) => {
      names[`#r${i}`] = k;
      return `#r${i}`;
    });
  return {
    Update: {
      TableName: table(),
      Key: keys.subscription(set.subscriptionId),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: 'attribute_not_exists(pk) OR updatedAt <= :at',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
};

/** A downgrade scheduled on a subscription (`plan` from `at`), or none (`undefined`): the provider's state is left as it is. */
export const subscriptionScheduleItem = (
  subscriptionId: string,
  schedule: { plan: PlanId; at: string } | undefined,
): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.subscription(subscriptionId),
    ...(schedule
      ? {
          UpdateExpression: 'SET scheduledPlan = :plan, scheduledAt = :at',
          ExpressionAttributeValues: { ':plan': schedule.plan, ':at': schedule.at },
        }
      : { UpdateExpression: 'REMOVE scheduledPlan, scheduledAt' }),
    ConditionExpression: 'attribute_exists(pk)',
  },
});
