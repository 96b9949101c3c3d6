/**
 * Plan events as stored (docs/access-patterns.md, "Plans"): `BUSINESS#{id}` / `PLANEVENT#{at}#{kind}#{event}`, a
 * change of a business's plan. lambdas/data/plans.ts writes them.
 */
import type { PlanId } from '../../common/constants';
import type { PlanEndReason, PlanEventKind } from '../../common/plans';

export interface StoredPlanEvent {
  kind: PlanEventKind;
  businessId: string;
  businessSub: string;
  /** The business's plan after the change (the plan concerned, for a scheduled change or a failed renewal). */
  plan: PlanId;
  fromPlan?: PlanId;
  subscriptionId?: string;
  /** When it happened (the provider's event time, or the job's). */
  at: string;
  /** A scheduled change: when it takes effect. */
  effectiveAt?: string;
  /** renewalFailed: when the grace period ends. */
  graceEndsAt?: string;
  /** ended: why. */
  reason?: PlanEndReason;
  /** report: the month reported (YYYY-MM) and its figures. */
  month?: string;
  views?: number;
  offers?: number;
  accepted?: number;
}
