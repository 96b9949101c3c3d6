/**
 * Payments as stored: a payment record (`TXN#{id}`) with what it bought, its state, its refund and the provider's
 * adjustments; a provider subscription (`SUBSCRIPTION#{id}`) with its business and last known state.
 * lambdas/data/transactions.ts reads and writes them.
 */
import type { PlanId } from '../../common/constants';
import type { RunStopTerms } from '../../common/adRuns';
import type {
  AdjustmentAction,
  AdjustmentStatus,
  PaymentProduct,
  PaymentProviderName,
  PaymentState,
  TransactionStatus,
  UnmatchedReason,
} from '../../common/payments';

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

export type PaymentPurpose =
  | { kind: 'ad'; adId: string }
  | { kind: 'plan'; plan: string }
  /** A subscription's monthly charge, or the prorated charge of a plan change. */
  | { kind: 'renewal'; plan: string }
  /**
   * Paid, not matched: a completed provider transaction that pays for none of our records (another record's,
   * another price, another currency...). Nothing was delivered; moderators see it to refund it.
   */
  | { kind: 'unmatched' };

/** An adjustment of a payment as kept on its record, by the provider's adjustment id. */
export interface StoredAdjustment {
  action: AdjustmentAction;
  status: AdjustmentStatus;
  amount: number;
  /** When the provider last changed it (its update time), or when we first heard of it. */
  at: string;
}

/** Why a provider transaction was not bound to a record, and which record it named. */
export interface UnmatchedRecord {
  reason: UnmatchedReason;
  /** The record its custom data named, and the business (neither is trusted: anyone can write them). */
  claimedPaymentId?: string;
  claimedBusinessId?: string;
}

export interface RefundRecord {
  /** `requesting` while the provider is being asked; then the provider's adjustment status. */
  status: 'requesting' | 'pending_approval' | 'approved' | 'rejected' | 'reversed';
  reason: string;
  /** In the payment's currency; the whole payment when the moderator named no amount. */
  amount: number;
  requestedAt: string;
  /** The moderator's Cognito sub (the business's, for a run it cancelled or stopped: `runStop`). */
  requestedBy: string;
  adjustmentId?: string;
  /** Asked by the business itself when it cancelled or stopped its run (the refund rule, not a moderator's reason). */
  runStop?: 'cancel' | 'stop';
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
  /** The provider's product and price it is for (none on a renewal's or an unmatched transaction's record). */
  product?: PaymentProduct;
  priceId?: string;
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
  /** What was taken back so far: approved refunds and chargebacks, less chargebacks reversed (at most `amount`). */
  refundedAmount?: number;
  /** The provider's adjustments, by their ids, and the version of that map (each write expects the one it read). */
  adjustments?: Record<string, StoredAdjustment>;
  adjustmentsVersion?: number;
  /** Paid, not matched: why (purpose `unmatched`). */
  unmatched?: UnmatchedRecord;
  /** A Sponsored run's targeting when it was bought: the service (category id) and towns (none: the whole country). */
  item?: { service?: string; towns: string[] };
  /** Its run was cancelled or stopped by the business: when, and what the refund rule gave (common/adRuns.ts). */
  runStop?: RunStopTerms & { at: string };
}
