/**
 * A business's plan as it uses and changes it (the rules themselves: common/plans.ts; the lifecycle the provider's
 * webhooks drive: ./planLifecycle.ts):
 *  - the portfolio's limit (a new picture above the plan's limit is refused; pictures kept from a dearer plan stay);
 *  - Settings > Plan and billing's summary (GET /subscription): the plan, the subscription's state and dates, usage;
 *  - a change of plan (POST /subscription): a first paid month through a checkout, an upgrade at once (prorated by
 *    the provider), a downgrade or a cancellation at the end of the paid period, a scheduled one withdrawn;
 *  - the card on file (POST /subscription/card), and the subscription cancelled at once (an account closed).
 */
import { randomUUID } from 'node:crypto';
import type { PlanId } from '../../common/constants';
import {
  isUpgrade,
  PLAN_RULES,
  limitOf,
  monthOf,
  planThatLifts,
  quotaResetsAt,
  type BillingStatus,
  type PlanLimitDetails,
} from '../../common/plans';
import { CARD_PAY_PATH, planPrice, productOfPlan } from '../../common/payments';
import type { Billing, SubscriptionAnswer } from '../../common/types';
import { includedRunsStartedIn, offersMadeIn, planDueDelete, planDuePut, planEventPut } from '../data/plans';
import { setPlanItems } from '../data/subscriptions';
import { transact, transactWrite } from '../data/transact';
import { getSubscriptionRecord, subscriptionScheduleItem } from '../data/transactions';
import type { StoredSubscription } from '../model/payments';
import type { StoredBusiness } from '../model/users';
import { config } from '../lib/config';
import { conflict } from '../lib/errors';
import type { Logger } from '../lib/log';
import { PaymentProviderError } from '../payments/port';
import { chargeCurrency, paymentProvider } from '../payments/provider';
import { startPurchase, toTransactionDto } from './payments';

// ---- Limits ----

/**
 * A portfolio (showroom) saved as `next`: refused (409 PLAN_LIMIT) only when it adds a picture and holds more than
 * the plan allows. A business that moved to a cheaper plan keeps its pictures above the new limit; it can remove or
 * reorder them, but adds none until it is under the limit.
 */
export function assertPortfolioWithinPlan(current: Pick<StoredBusiness, 'plan' | 'showroom'>, next: string[]) {
  const limit = limitOf(current.plan, 'portfolioPictures') ?? Infinity;
  const before = new Set(current.showroom ?? []);
  const adds = next.some((key) => !before.has(key));
  if (!adds || next.length <= limit) return;
  const upgradeTo = planThatLifts(current.plan, 'portfolioPictures');
  const details: PlanLimitDetails = {
    kind: 'portfolioPictures',
    plan: current.plan ?? 'basic',
    limit,
    used: before.size,
    ...(upgradeTo ? { upgradeTo } : {}),
  };
  throw conflict(
    `Your plan allows ${limit} portfolio pictures. Remove some, or choose a higher plan to add more.`,
    'PLAN_LIMIT',
    details,
  );
}

// ---- The summary ----

/** The subscription paying for the business's plan now, if it has one the provider has not ended. */
export async function liveSubscription(business: Pick<StoredBusiness, 'subscriptionId'>) {
  const record = business.subscriptionId ? await getSubscriptionRecord(business.subscriptionId) : undefined;
  return record && record.status !== 'canceled' ? record : undefined;
}

export function billingStatus(plan: PlanId, live: StoredSubscription | undefined): BillingStatus {
  if (!live || plan === 'basic') return 'free';
  if (live.status === 'past_due') return 'pastDue';
  return live.cancelAt ? 'ending' : 'active';
}

/** Settings > Plan and billing: the plan, the subscription's state and dates, this month's use (three GetItems and the record). */
export async function billingSummary(business: StoredBusiness, now = new Date()): Promise<Billing> {
  const plan = business.plan ?? 'basic';
  const month = monthOf(now);
  const [live, offers, runs] = await Promise.all([
    liveSubscription(business),
    offersMadeIn(business._id, month),
    includedRunsStartedIn(business._id, month),
  ]);
  const status = billingStatus(plan, live);
  return {
    plan,
    price: planPrice(plan),
    currency: chargeCurrency(),
    status,
    ...(status === 'active' && live?.currentPeriodEnd ? { renewsAt: live.currentPeriodEnd } : {}),
    ...(status === 'ending' && live?.cancelAt ? { endsAt: live.cancelAt } : {}),
    ...(status === 'pastDue' && live?.graceEndsAt ? { graceEndsAt: live.graceEndsAt } : {}),
    ...(live?.scheduledPlan && live.scheduledAt && status !== 'ending'
      ? { scheduledPlan: live.scheduledPlan, scheduledAt: live.scheduledAt }
      : {}),
    manageCard: status !== 'free',
    usage: {
      month,
      resetsAt: quotaResetsAt(now),
      offers: { used: offers, limit: limitOf(plan, 'offersPerMonth') },
      portfolioPictures: {
        used: business.showroom?.length ?? 0,
        limit: limitOf(plan, 'portfolioPictures'),
      },
      includedRuns: { used: runs, limit: PLAN_RULES[plan].includedSponsoredRunsPerMonth },
    },
  };
}

// ---- Changing the plan ----

export interface PlanChangeRequest {
  business: StoredBusiness;
  caller: { sub: string };
  plan: PlanId;
  /** The payment's id of a first paid month (from the request's Idempotency-Key when it has one). */
  paymentId?: string;
  log: Logger;
}

export type PlanChangeAnswer = { status: 200 | 202; body: SubscriptionAnswer };

const pastDue = () =>
  conflict(
    'Your last monthly payment did not go through: update your card in Plan and billing before changing plan',
    'SUBSCRIPTION_PAST_DUE',
  );

/**
 * What POST /subscription {plan} does (see the file comment): the answer says the plan now and, for a change that
 * is not immediate, when it takes effect.
 */
export async function changePlan({
  business,
  caller,
  plan,
  paymentId,
  log,
}: PlanChangeRequest): Promise<PlanChangeAnswer> {
  const current = business.plan ?? 'basic';
  const live = await liveSubscription(business);

  if (!live) {
    if (plan === current) throw conflict(`You are already on the ${planName(plan)} plan`, 'ALREADY_ON_PLAN');
    if (plan === 'basic') {
      // No live subscription renews the paid plan (it was canceled already): Basic at once.
      await transactWrite(setPlanItems(business._id, 'basic', current));
      return { status: 200, body: { plan: 'basic' } };
    }
    const { payment, checkout } = await startPurchase(
      {
        payer: { sub: caller.sub, businessId: business._id, businessName: business.businessName },
        product: productOfPlan(plan),
        amount: planPrice(plan),
        description: `${planName(plan)} plan, monthly`,
        purpose: { kind: 'plan', plan },
        id: paymentId ?? randomUUID(),
      },
      log,
    );
    return {
      status: 202,
      body: {
        plan: current,
        message: 'Pay on the checkout page: the plan changes when the payment completes',
        transaction: toTransactionDto(payment),
        checkout: { url: checkout.url, transactionId: checkout.transactionId },
      },
    };
  }

  const provider = await paymentProvider();
  if (live.status === 'past_due') {
    // The renewal is unpaid: Basic ends the subscription now (the unpaid renewal is not collected any more; the
    // provider's cancellation webhook sets Basic). Any other plan needs the renewal paid first.
    if (plan !== 'basic') throw pastDue();
    await provider.cancelSubscription(live.subscriptionId, 'now');
    if (live.scheduledPlan) await withdrawDowngrade(business, live, false);
    return {
      status: 202,
      body: {
        plan: current,
        message: 'Your subscription ends now and your plan changes to Basic',
        effectiveAt: new Date().toISOString(),
      },
    };
  }

  // The plan it is on: a scheduled cancellation or downgrade is withdrawn ("keep my plan").
  if (plan === current) {
    if (live.cancelAt) {
      await provider.resumeSubscription(live.subscriptionId);
      return { status: 200, body: { plan: current, message: `Your ${planName(current)} plan continues` } };
    }
    if (live.scheduledPlan && current !== 'basic') {
      await provider.changeSubscription(live.subscriptionId, productOfPlan(current), 'nextPeriod');
      await withdrawDowngrade(business, live);
      return { status: 200, body: { plan: current, message: `Your ${planName(current)} plan continues` } };
    }
    throw conflict(`You are already on the ${planName(plan)} plan`, 'ALREADY_ON_PLAN');
  }

  // Basic: the subscription ends at the end of the paid period (a downgrade scheduled before gives way to it).
  if (plan === 'basic') {
    if (live.cancelAt) throw conflict('Your plan already ends at the end of the paid period', 'ALREADY_ON_PLAN');
    const canceled = await provider.cancelSubscription(live.subscriptionId, 'periodEnd');
    if (live.scheduledPlan) await withdrawDowngrade(business, live, false);
    const effectiveAt = canceled.cancelAt ?? canceled.currentPeriodEnd ?? live.currentPeriodEnd;
    return {
      status: 200,
      body: {
        plan: current,
        message: 'Your plan changes to Basic at the end of the paid period',
        ...(effectiveAt ? { effectiveAt } : {}),
      },
    };
  }

  // Another paid plan: a cancellation scheduled is withdrawn first (the business stays, on the other plan).
  if (live.cancelAt) await provider.resumeSubscription(live.subscriptionId);
  if (isUpgrade(current, plan)) {
    // At once: the provider charges the prorated difference to the card on file; its webhook sets the plan. A card
    // declined (or none on file) changes nothing at the provider: the business is told to update its card.
    try {
      await provider.changeSubscription(live.subscriptionId, productOfPlan(plan), 'now');
    } catch (err) {
      if (err instanceof PaymentProviderError && CHARGE_REFUSED.has(err.code)) {
        log.warn('The provider could not charge an upgrade', { subscriptionId: live.subscriptionId, code: err.code });
        throw conflict(
          'Your card on file could not be charged, so your plan did not change. Update your card in Plan and billing, then try again.',
          'PAYMENT_DECLINED',
        );
      }
      throw err;
    }
    return {
      status: 202,
      body: {
        plan: current,
        message: `Your plan changes to ${planName(plan)} as soon as the payment provider confirms the prorated charge`,
        effectiveAt: new Date().toISOString(),
      },
    };
  }
  // A cheaper paid plan: from the end of the paid period. Recorded before the provider is told, so its webhook
  // (which names the new plan at once) keeps the current plan until then.
  const effectiveAt = live.currentPeriodEnd ?? new Date().toISOString();
  await scheduleDowngrade(business, live, plan, effectiveAt);
  try {
    await provider.changeSubscription(live.subscriptionId, productOfPlan(plan), 'nextPeriod');
  } catch (err) {
    await withdrawDowngrade(business, { ...live, scheduledPlan: plan, scheduledAt: effectiveAt }, false).catch(
      () => undefined,
    );
    throw err;
  }
  return {
    status: 200,
    body: {
      plan: current,
      message: `Your plan changes to ${planName(plan)} at the end of the paid period`,
      effectiveAt,
    },
  };
}

/**
 * The provider's refusals of a change that charges now: the payment was declined, or the subscription has no card
 * (https://developer.paddle.com/errors/subscriptions/subscription_payment_declined,
 * https://developer.paddle.com/errors/subscriptions/subscription_missing_payment_method_cannot_update).
 */
const CHARGE_REFUSED = new Set(['subscription_payment_declined', 'subscription_missing_payment_method_cannot_update']);

const planName = (plan: PlanId) => plan.charAt(0).toUpperCase() + plan.slice(1);

async function scheduleDowngrade(business: StoredBusiness, live: StoredSubscription, plan: PlanId, at: string) {
  const now = new Date().toISOString();
  await transact([
    subscriptionScheduleItem(live.subscriptionId, { plan, at }),
    planDuePut({ dueAt: at, subscriptionId: live.subscriptionId, kind: 'downgrade' }),
    planEventPut(
      {
        kind: 'downgradeScheduled',
        businessId: business._id,
        businessSub: business.cognitoId,
        plan,
        fromPlan: business.plan,
        subscriptionId: live.subscriptionId,
        at: now,
        effectiveAt: at,
      },
      randomUUID(),
    ),
  ]);
}

/** A scheduled downgrade withdrawn (the business keeps its plan, or cancels instead: no event then). */
async function withdrawDowngrade(business: StoredBusiness, live: StoredSubscription, kept = true) {
  if (!live.scheduledPlan || !live.scheduledAt) return;
  const now = new Date().toISOString();
  await transact([
    subscriptionScheduleItem(live.subscriptionId, undefined),
    planDueDelete({ dueAt: live.scheduledAt, subscriptionId: live.subscriptionId, kind: 'downgrade' }),
    ...(kept
      ? [
          planEventPut(
            {
              kind: 'changeKept',
              businessId: business._id,
              businessSub: business.cognitoId,
              plan: business.plan,
              subscriptionId: live.subscriptionId,
              at: now,
            },
            randomUUID(),
          ),
        ]
      : []),
  ]);
}

// ---- The card on file ----

/** Where the business gives a new card for its subscription (a past-due renewal is paid with it too). */
export async function cardCheckout(business: StoredBusiness): Promise<{ url: string }> {
  const live = await liveSubscription(business);
  if (!live || (business.plan ?? 'basic') === 'basic')
    throw conflict('You have no paid plan: there is no card on file to change', 'NO_SUBSCRIPTION');
  const checkout = await (await paymentProvider()).paymentMethodCheckout(live.subscriptionId);
  const url = new URL(`${config.appUrl}${CARD_PAY_PATH}`);
  url.searchParams.set('_ptxn', checkout.transactionId);
  return { url: url.toString() };
}
