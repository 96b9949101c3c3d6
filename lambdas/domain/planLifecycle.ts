/**
 * A plan month by month, driven by the payment provider's subscription webhooks (lambdas/domain/payments.ts hands
 * each to `subscriptionChange`) and by the lifecycle job (hourly: lambdas/jobs/planLifecycle.ts):
 *
 * - subscribed: the first month's payment completes (payments.ts: the plan set, `started`);
 * - renewed: each month the provider charges the card (payments.ts: a payment with its receipt, `renewed`);
 * - upgraded: at once, the provider charging the prorated difference (`subscription.updated` names the dearer plan);
 * - downgraded: from the end of the paid period (the change was recorded when asked: ./plans.ts; the provider's
 *   update naming the cheaper plan changes nothing until a new period starts, or the job finds it due);
 * - cancelled: at the end of the paid period (`subscription.canceled` then: Basic);
 * - a renewal that failed: the plan stays GRACE_DAYS while the provider retries (`renewalFailed`, the banner and the
 *   email ask for a new card); paid meanwhile: `recovered`; not paid when the grace ends: the job cancels the
 *   subscription and the business is on Basic (`ended`), nothing of it deleted.
 *
 * Every change is computed against the state kept (the subscription record), so a repeated or late delivery
 * changes nothing twice; each is one transaction with the plan, the record, its plan events and the job's dues.
 */
import type { PlanId } from '../../common/constants';
import { graceEndsAt, isUpgrade } from '../../common/plans';
import { planDueDelete, planDuePut, planEventPut, type PlanDue } from '../data/plans';
import type { StoredPlanEvent } from '../model/plans';
import { grantPlanItems, revokePlanItems } from '../data/subscriptions';
import type { TransactItem } from '../data/transact';
import type { StoredSubscription } from '../model/payments';
import type { StoredBusiness } from '../model/users';
import type { PaymentEvent } from '../payments/events';

type SubscriptionEvent = Extract<PaymentEvent, { subscription: unknown }>;

export interface SubscriptionChange {
  /** The subscription record's attributes to write, and those to drop. */
  set: Pick<StoredSubscription, 'subscriptionId' | 'updatedAt'> & Partial<StoredSubscription>;
  remove: (keyof StoredSubscription)[];
  /** The business's plan: given (an upgrade, a downgrade due) or taken back (the subscription ended). */
  plan?: { grant: PlanId } | { revoke: PlanId };
  events: Omit<StoredPlanEvent, 'businessId' | 'businessSub' | 'subscriptionId' | 'at'>[];
  duePuts: PlanDue[];
  dueDeletes: PlanDue[];
}

/**
 * What a subscription webhook changes, from the subscription as the provider says it is, the record kept of it and
 * the business (a pure function: the unit tests walk every path).
 */
export function subscriptionChange(input: {
  kind: SubscriptionEvent['kind'];
  subscription: SubscriptionEvent['subscription'];
  occurredAt: string;
  business: Pick<StoredBusiness, '_id' | 'cognitoId' | 'plan' | 'subscriptionId'>;
  known: StoredSubscription | undefined;
}): SubscriptionChange {
  const { kind, subscription: s, occurredAt, business, known } = input;
  const product: PlanId | undefined = s.product === 'standard' || s.product === 'premium' ? s.product : known?.plan;
  // The business pays for its plan through this subscription (a former one's events change no plan).
  const ours = business.subscriptionId === s.id;
  const current = business.plan ?? 'basic';
  const change: SubscriptionChange = {
    set: {
      subscriptionId: s.id,
      businessId: business._id,
      businessSub: business.cognitoId,
      status: s.status,
      ...(product ? { plan: product } : {}),
      ...(s.currentPeriodEnd ? { currentPeriodEnd: s.currentPeriodEnd } : {}),
      ...(s.cancelAt ? { cancelAt: s.cancelAt } : {}),
      updatedAt: s.updatedAt,
    },
    remove: s.cancelAt ? [] : ['cancelAt'],
    events: [],
    duePuts: [],
    dueDeletes: [],
  };
  const dropSchedule = () => {
    if (!known?.scheduledPlan || !known.scheduledAt) return;
    change.remove.push('scheduledPlan', 'scheduledAt');
    change.dueDeletes.push({ dueAt: known.scheduledAt, subscriptionId: s.id, kind: 'downgrade' });
  };

  // A renewal failed: the grace period starts (once, at the first failure).
  if (s.status === 'past_due') {
    if (ours && !known?.graceEndsAt) {
      const ends = graceEndsAt(occurredAt);
      change.set.graceEndsAt = ends;
      change.duePuts.push({ dueAt: ends, subscriptionId: s.id, kind: 'graceEnd' });
      change.events.push({ kind: 'renewalFailed', plan: current, graceEndsAt: ends });
    }
  } else if (known?.graceEndsAt) {
    change.remove.push('graceEndsAt');
    change.dueDeletes.push({ dueAt: known.graceEndsAt, subscriptionId: s.id, kind: 'graceEnd' });
    if (s.status === 'active' && ours) change.events.push({ kind: 'recovered', plan: current });
  }

  // Ended (cancelled at the end of the period, or by the job after the grace): Basic, nothing deleted.
  if (s.status === 'canceled') {
    dropSchedule();
    if (ours && current !== 'basic') {
      change.plan = { revoke: current };
      change.events.push({
        kind: 'ended',
        plan: 'basic',
        fromPlan: current,
        reason: known?.graceEndsAt ? 'paymentFailed' : 'canceled',
      });
    }
    return change;
  }

  // A cancellation at the end of the period scheduled, or withdrawn.
  if (ours && s.cancelAt && !known?.cancelAt)
    change.events.push({ kind: 'cancelScheduled', plan: current, effectiveAt: s.cancelAt });
  if (ours && !s.cancelAt && known?.cancelAt && s.status === 'active')
    change.events.push({ kind: 'changeKept', plan: current });

  // The plan the subscription now bills.
  if (kind === 'subscription.updated' && ours && product && product !== current) {
    if (isUpgrade(current, product)) {
      change.plan = { grant: product };
      change.events.push({ kind: 'upgraded', plan: product, fromPlan: current });
      dropSchedule();
    } else {
      const scheduled = known?.scheduledPlan === product && known.scheduledAt ? known.scheduledAt : undefined;
      const newPeriod =
        !!known?.currentPeriodEnd && !!s.currentPeriodEnd && s.currentPeriodEnd > known.currentPeriodEnd;
      // A downgrade asked in the app waits for the end of the paid period; one made at the provider applies now.
      if (!scheduled || newPeriod || occurredAt >= scheduled) {
        change.plan = { grant: product };
        change.events.push({ kind: 'downgraded', plan: product, fromPlan: current });
        dropSchedule();
      }
    }
  }
  return change;
}

/** The transaction of a change: the record first (its condition: no newer state kept), then the plan, events, dues. */
export function changeItems(
  change: SubscriptionChange,
  business: Pick<StoredBusiness, '_id' | 'cognitoId'>,
  occurredAt: string,
  eventId: string,
  record: TransactItem,
): { all: TransactItem[]; withoutPlan: TransactItem[] } {
  const subscriptionId = change.set.subscriptionId;
  const planItems = !change.plan
    ? []
    : 'grant' in change.plan
      ? grantPlanItems(business._id, change.plan.grant, subscriptionId)
      : revokePlanItems(business._id, change.plan.revoke, subscriptionId);
  const events = change.events.map((e) =>
    planEventPut(
      { ...e, businessId: business._id, businessSub: business.cognitoId, subscriptionId, at: occurredAt },
      eventId,
    ),
  );
  const dues = [...change.duePuts.map(planDuePut), ...change.dueDeletes.map(planDueDelete)];
  // Without the plan (its condition failed: the plan changed meanwhile), nothing was given or taken: no event of it.
  const planEvents = new Set(['upgraded', 'downgraded', 'ended']);
  const otherEvents = change.events
    .map((e, i) => [e, events[i]] as const)
    .filter(([e]) => !planEvents.has(e.kind))
    .map(([, item]) => item);
  return { all: [record, ...planItems, ...events, ...dues], withoutPlan: [record, ...otherEvents, ...dues] };
}
