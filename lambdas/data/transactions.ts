/**
 * Payment records (`TXN#{id}`): one per payment a business makes (an ad, a plan's first month, each renewal),
 * listed newest first per business through GSI1 `TXNS#{businessSub}` and all together through GSI2 `PAYMENTS`
 * (the moderators' list). `PROVIDERTXN#{id}` finds the record of a provider transaction; `SUBSCRIPTION#{id}` keeps
 * a provider subscription's business and last known state.
 *
 * Every change of a record's state is one conditional write (lambdas/domain/paymentStates.ts decides which):
 * the record must be in a state the change may leave, the event must not be older than the last one applied, and
 * its id must not have been applied before (`eventIds`). What the payment bought is delivered in the same
 * transaction as the change, so it is delivered exactly once.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys, stripKeys } from './keys';
import { ddb, table } from './client';
import { getRecord, queryPage, type Page, type PageRequest } from './query';
import { conditionalWrite, transact, TransactionRefused, type TransactItem } from './transact';
import type { PaymentProviderName, PaymentState, TransactionStatus } from '../../common/payments';
import { STATUS_OF_STATE } from '../../common/payments';
import type { PlanId } from '../../common/constants';

export type PaymentPurpose =
  | { kind: 'ad'; adId: string }
  | { kind: 'plan'; plan: string }
  /** A subscription's monthly charge, or the prorated charge of a plan change. */
  | { kind: 'renewal'; plan: string };

export interface RefundRecord {
  /** `requesting` while the provider is being asked; then the provider's adjustment status. */
  status: 'requesting' | 'pending_approval' | 'approved' | 'rejected' | 'reversed';
  reason: string;
  /** In the payment's currency; the whole payment when the moderator named no amount. */
  amount: number;
  requestedAt: string;
  /** The moderator's Cognito sub. */
  requestedBy: string;
  adjustmentId?: string;
}

export interface StoredTransaction {
  id: string;
  businessSub: string;
  businessId: string;
  /** The paying business's name (the column is called "Client's Name" in the app). */
  clientName: string;
  image?: string;
  /** The payer's account was erased: its sub, record id, name and picture removed (lambdas/privacy/payments.ts). */
  anonymisedAt?: string;
  /** When the payment was started. */
  date: string;
  /** What the buyer is charged, in `currency`. */
  amount: number;
  currency: string;
  description: string;
  /** What was bought: an ad or a plan. */
  purpose: PaymentPurpose;
  /** The state machine's state (lambdas/domain/paymentStates.ts). */
  state: PaymentState;
  /** What the app shows; kept in step with `state`. */
  status: TransactionStatus;
  provider: PaymentProviderName;
  /** A test payment (Paddle's sandbox, the local provider). */
  test: boolean;
  reference?: string;
  providerTransactionId?: string;
  checkoutUrl?: string;
  subscriptionId?: string;
  /** The provider's code of the last declined attempt (declined, authentication_failed...). */
  failureCode?: string;
  /** Ids of the provider events applied (a string set) and the time of the latest. */
  eventIds?: Set<string>;
  lastEventAt?: string;
  completedAt?: string;
  updatedAt?: string;
  refund?: RefundRecord;
  /** What was refunded so far (approved refunds). */
  refundedAmount?: number;
}

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

/** Records where the provider's checkout of a pending payment is (its state is left as it is: a webhook may have come first). */
export async function attachCheckout(
  paymentId: string,
  checkout: { providerTransactionId: string; checkoutUrl: string },
): Promise<void> {
  await transact([
    {
      Update: {
        TableName: table(),
        Key: keys.transaction(paymentId),
        UpdateExpression: 'SET providerTransactionId = :t, checkoutUrl = :u, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: {
          ':t': checkout.providerTransactionId,
          ':u': checkout.checkoutUrl,
          ':now': new Date().toISOString(),
        },
      },
    },
    providerTransactionPut(checkout.providerTransactionId, paymentId),
  ]);
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
  /** `refundedAmount` must still be this (a refund counted once, even when two race). */
  refundedBefore?: number;
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
  if (t.refundedBefore !== undefined) {
    values[':refundedBefore'] = t.refundedBefore;
    condition += ' AND (attribute_not_exists(refundedAmount) OR refundedAmount = :refundedBefore)';
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
 * way). False when the payment cannot be refunded now.
 */
export const claimRefund = (paymentId: string, refund: RefundRecord) =>
  conditionalWrite(
    new UpdateCommand({
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
    }),
  );

/** The provider answered (or refused) the refund a moderator asked for. */
export async function settleRefundRequest(
  paymentId: string,
  outcome: { status: RefundRecord['status']; adjustmentId: string } | 'released',
): Promise<void> {
  await ddb()
    .send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.transaction(paymentId),
        ...(outcome === 'released'
          ? {
              UpdateExpression: 'REMOVE refund',
              ConditionExpression: 'refund.#rs = :requesting',
              ExpressionAttributeNames: { '#rs': 'status' },
              ExpressionAttributeValues: { ':requesting': 'requesting' },
            }
          : {
              // An approval that came by webhook before this answer stays approved.
              UpdateExpression: 'SET refund.#rs = :s, refund.adjustmentId = :a',
              ConditionExpression: 'attribute_exists(refund) AND refund.#rs IN (:requesting, :pending)',
              ExpressionAttributeNames: { '#rs': 'status' },
              ExpressionAttributeValues: {
                ':s': outcome.status,
                ':a': outcome.adjustmentId,
                ':requesting': 'requesting',
                ':pending': 'pending_approval',
              },
            }),
      }),
    )
    .catch((err) => {
      if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
    });
}

/** A refund's state as the provider's webhook tells it (pending or rejected: the payment's state is unchanged). */
export const markRefund = (paymentId: string, adjustmentId: string, status: RefundRecord['status']) =>
  conditionalWrite(
    new UpdateCommand({
      TableName: table(),
      Key: keys.transaction(paymentId),
      UpdateExpression: 'SET refund.#rs = :s, refund.adjustmentId = :a',
      ConditionExpression: 'attribute_exists(refund) AND refund.#rs <> :approved',
      ExpressionAttributeNames: { '#rs': 'status' },
      ExpressionAttributeValues: { ':s': status, ':a': adjustmentId, ':approved': 'approved' },
    }),
  );

// ---- Subscriptions ----

export interface StoredSubscription {
  subscriptionId: string;
  businessId: string;
  businessSub: string;
  status: string;
  plan?: PlanId;
  currentPeriodEnd?: string;
  cancelAt?: string;
  /** The provider's update time of the state kept (an older event changes nothing). */
  updatedAt: string;
  /** When its first payment completed. */
  startedAt?: string;
  /** A renewal failed: the plan is kept until then while the provider retries (common/plans.ts GRACE_DAYS). */
  graceEndsAt?: string;
  /** A downgrade the business asked for: the cheaper plan from the end of the paid period (`scheduledAt`). */
  scheduledPlan?: PlanId;
  scheduledAt?: string;
}

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
