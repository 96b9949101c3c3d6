/**
 * Provider subscriptions as stored (`SUBSCRIPTION#{id}`): a subscription's business and its last known state.
 * lambdas/data/transactions.ts reads and writes them.
 */
import type { PlanId } from '../../common/constants';

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
