/**
 * The plans' lifecycle job (an EventBridge schedule every PLAN_LIFECYCLE_SCHEDULE_MINUTES in the cloud:
 * infra/constructs/payments.ts; a timer on `npm start`; the tests call it with a `now` of their own to make time
 * pass): ends the grace periods that are over (the provider's subscription cancelled at once, the business on Basic
 * with nothing deleted), applies downgrades due that no renewal applied yet, and on the first run of a month writes
 * Premium's reports of the month before (the notifier emails them). What it does is counted in its log.
 */
import { addMonths, isPlanId, monthOf, monthStartsAt } from '../../common/plans';
import {
  listDue,
  listPlanMembers,
  markReportsWritten,
  planDueDelete,
  planEventPut,
  reportsWritten,
  type PlanDue,
} from '../data/plans';
import type { StoredPlanEvent } from '../model/plans';
import { grantPlanItems, revokePlanItems } from '../data/subscriptions';
import { transact, TransactionRefused, type TransactItem } from '../data/transact';
import { getSubscriptionRecord, subscriptionScheduleItem } from '../data/transactions';
import { getBusinessById } from '../data/users';
import { createLogger, type Logger } from '../lib/log';
import { PaymentProviderError } from '../payments/port';
import { findPaymentProvider } from '../payments/provider';
import { figuresOf } from '../domain/statistics';

export interface LifecycleRun {
  graceEnded: number;
  downgraded: number;
  dropped: number;
  reports: number;
}

/**
 * The hourly job (`now` settable: the tests make time pass): ends the grace periods that are over (the provider's
 * subscription cancelled at once, the business on Basic), applies downgrades due that no renewal applied yet, and
 * on the first run of a month writes Premium's reports of the month before.
 */
export async function runPlanLifecycle(now: Date, log: Logger): Promise<LifecycleRun> {
  const run: LifecycleRun = { graceEnded: 0, downgraded: 0, dropped: 0, reports: 0 };
  for (const due of await listDue(now)) {
    try {
      const outcome = await applyDue(due, now, log);
      run[outcome]++;
    } catch (err) {
      // Left for the next run.
      log.warn('A plan change due could not be applied', {
        subscriptionId: due.subscriptionId,
        kind: due.kind,
        error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
      });
    }
  }
  run.reports = await writeMonthlyReports(now, log);
  return run;
}

async function applyDue(due: PlanDue, now: Date, log: Logger): Promise<'graceEnded' | 'downgraded' | 'dropped'> {
  const known = await getSubscriptionRecord(due.subscriptionId);
  const business = known ? await getBusinessById(known.businessId) : undefined;
  const ours = !!business && business.subscriptionId === due.subscriptionId;
  const at = now.toISOString();
  const done = planDueDelete(due);

  if (
    due.kind === 'graceEnd' &&
    known &&
    business &&
    ours &&
    known.status === 'past_due' &&
    business.plan !== 'basic'
  ) {
    if (known.graceEndsAt && known.graceEndsAt > at) return drop(done);
    const provider = await findPaymentProvider();
    if (provider) {
      try {
        await provider.cancelSubscription(due.subscriptionId, 'now');
      } catch (err) {
        // Cancelled already (its webhook may still be on the way): the plan is taken back all the same.
        if (!(err instanceof PaymentProviderError)) throw err;
        log.info('The provider had ended the subscription already', { subscriptionId: due.subscriptionId });
      }
    }
    const ended: StoredPlanEvent = {
      kind: 'ended',
      businessId: business._id,
      businessSub: business.cognitoId,
      plan: 'basic',
      fromPlan: business.plan,
      subscriptionId: due.subscriptionId,
      at,
      reason: 'paymentFailed',
    };
    if (
      await tryTransact([
        ...revokePlanItems(business._id, business.plan, due.subscriptionId),
        planEventPut(ended, `grace:${due.subscriptionId}`),
        done,
      ])
    )
      return 'graceEnded';
    return drop(done);
  }

  if (
    due.kind === 'downgrade' &&
    known?.scheduledPlan &&
    known.scheduledAt &&
    known.scheduledAt <= at &&
    known.status === 'active' &&
    business &&
    ours &&
    business.plan !== known.scheduledPlan
  ) {
    const downgraded: StoredPlanEvent = {
      kind: 'downgraded',
      businessId: business._id,
      businessSub: business.cognitoId,
      plan: known.scheduledPlan,
      fromPlan: business.plan,
      subscriptionId: due.subscriptionId,
      at,
    };
    await transact([
      ...grantPlanItems(business._id, known.scheduledPlan, due.subscriptionId),
      subscriptionScheduleItem(due.subscriptionId, undefined),
      planEventPut(downgraded, `due:${due.subscriptionId}:${known.scheduledAt}`),
      done,
    ]);
    return 'downgraded';
  }
  return drop(done);
}

async function drop(done: TransactItem): Promise<'dropped'> {
  await transact([done]);
  return 'dropped';
}

async function tryTransact(items: TransactItem[]): Promise<boolean> {
  try {
    await transact(items);
    return true;
  } catch (err) {
    if (err instanceof TransactionRefused && err.conditionFailed(0)) return false;
    throw err;
  }
}

/**
 * Premium's monthly report of the month before `now`: one `report` plan event per Premium business with its
 * figures (the notifier emails it), once per month (a mark written after all of them; a repeated run writes the same
 * items again, which the notifier does not send twice).
 */
async function writeMonthlyReports(now: Date, log: Logger): Promise<number> {
  const month = addMonths(monthOf(now), -1);
  if (await reportsWritten(month)) return 0;
  let written = 0;
  for (const businessId of await listPlanMembers('premium')) {
    const business = await getBusinessById(businessId);
    if (!business || business.plan !== 'premium' || !isPlanId(business.plan)) continue;
    const [figures] = await figuresOf(businessId, [month]);
    await transact([
      planEventPut(
        {
          kind: 'report',
          businessId,
          businessSub: business.cognitoId,
          plan: 'premium',
          // The same moment on every run: a run repeated writes the same item.
          at: monthStartsAt(addMonths(month, 1)),
          month,
          views: figures.views,
          offers: figures.offers,
          accepted: figures.accepted,
        },
        `report:${month}`,
      ),
    ]);
    written++;
  }
  await markReportsWritten(month, now.toISOString());
  if (written) log.info('Monthly reports written', { month, written });
  return written;
}

export const handler = async () => {
  const log = createLogger({ handler: 'planLifecycle' });
  const run = await runPlanLifecycle(new Date(), log);
  log.info('Plans lifecycle run', { ...run });
  return run;
};
