/**
 * The plans' rules (common/plans.ts): limits and the plan that lifts them, calendar months in Albania's time (quota
 * resets, summer and winter time), the portfolio's limit (pictures above a lower limit kept), and what each
 * subscription webhook changes (lambdas/domain/planLifecycle.ts): grace of a failed renewal, its end, an upgrade at
 * once, a downgrade kept for the end of the paid period.
 */
import { describe, expect, it } from 'vitest';
import {
  GRACE_DAYS,
  addMonths,
  changeTakesEffect,
  graceEndsAt,
  lastMonths,
  monthOf,
  monthStartsAt,
  planThatLifts,
  quotaResetsAt,
} from '../../common/plans';
import { subscriptionChange } from '../../lambdas/domain/planLifecycle';
import { assertPortfolioWithinPlan } from '../../lambdas/domain/plans';
import type { StoredSubscription } from '../../lambdas/model/payments';
import type { ProviderSubscription } from '../../lambdas/payments/port';

describe('limits', () => {
  it('names the cheapest plan that lifts a limit, none on the top plan', () => {
    expect(planThatLifts('basic', 'offersPerMonth')).toBe('standard');
    expect(planThatLifts(undefined, 'offersPerMonth')).toBe('standard');
    expect(planThatLifts('standard', 'offersPerMonth')).toBe('premium');
    expect(planThatLifts('premium', 'offersPerMonth')).toBeUndefined();
    expect(planThatLifts('premium', 'portfolioPictures')).toBeUndefined();
  });

  it('an upgrade takes effect now, a downgrade at the end of the period', () => {
    expect(changeTakesEffect('basic', 'standard')).toBe('now');
    expect(changeTakesEffect('standard', 'premium')).toBe('now');
    expect(changeTakesEffect('premium', 'standard')).toBe('periodEnd');
    expect(changeTakesEffect('standard', 'basic')).toBe('periodEnd');
  });
});

describe("months in Albania's time", () => {
  it('a quota resets at midnight of the 1st in Tirana (CET in winter, CEST in summer)', () => {
    expect(monthStartsAt('2026-12')).toBe('2026-11-30T23:00:00.000Z');
    expect(monthStartsAt('2026-07')).toBe('2026-06-30T22:00:00.000Z');
    expect(quotaResetsAt('2026-11-27T12:00:00Z')).toBe('2026-11-30T23:00:00.000Z');
    // 23:30 UTC on the last day is already the 1st in Tirana.
    expect(monthOf('2026-11-30T23:30:00Z')).toBe('2026-12');
    expect(quotaResetsAt('2026-11-30T23:30:00Z')).toBe('2026-12-31T23:00:00.000Z');
  });

  it('counts months across years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(lastMonths(3, '2026-02-10T12:00:00Z')).toEqual(['2025-12', '2026-01', '2026-02']);
  });

  it(`a grace period lasts ${GRACE_DAYS} days`, () => {
    expect(graceEndsAt('2026-11-01T10:00:00.000Z')).toBe('2026-11-08T10:00:00.000Z');
  });
});

describe('the portfolio limit', () => {
  const pictures = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `p${from + i}`);

  it('refuses a new picture above the plan’s limit with the plan that lifts it', () => {
    expect(() => assertPortfolioWithinPlan({ plan: 'basic', showroom: pictures(11) }, pictures(12))).not.toThrow();
    try {
      assertPortfolioWithinPlan({ plan: 'basic', showroom: pictures(12) }, pictures(13));
      expect.unreachable();
    } catch (err) {
      expect(err).toMatchObject({
        status: 409,
        code: 'PLAN_LIMIT',
        limit: { kind: 'portfolioPictures', plan: 'basic', limit: 12, used: 12, upgradeTo: 'standard' },
      });
    }
  });

  it('keeps pictures above a lower limit: they can be removed or reordered, none added', () => {
    const kept = pictures(30);
    expect(() => assertPortfolioWithinPlan({ plan: 'basic', showroom: kept }, [...kept].reverse())).not.toThrow();
    expect(() => assertPortfolioWithinPlan({ plan: 'basic', showroom: kept }, kept.slice(1))).not.toThrow();
    expect(() => assertPortfolioWithinPlan({ plan: 'basic', showroom: kept }, [...kept.slice(1), 'new'])).toThrow();
  });
});

describe('what a subscription webhook changes', () => {
  const business = { _id: 'b1', cognitoId: 's1', plan: 'standard' as const, subscriptionId: 'sub_1' };
  const sub = (over: Partial<ProviderSubscription> = {}): ProviderSubscription => ({
    id: 'sub_1',
    status: 'active',
    items: [{ priceId: 'pri_standard', quantity: 1 }],
    product: 'standard',
    currentPeriodEnd: '2026-12-20T10:00:00.000Z',
    updatedAt: '2026-11-27T10:00:00.000Z',
    ...over,
  });
  const known = (over: Partial<StoredSubscription> = {}): StoredSubscription => ({
    subscriptionId: 'sub_1',
    businessId: 'b1',
    businessSub: 's1',
    status: 'active',
    plan: 'standard',
    currentPeriodEnd: '2026-12-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...over,
  });
  const at = '2026-11-27T10:00:00.000Z';

  it('a failed renewal starts the grace period once, keeping the plan', () => {
    const first = subscriptionChange({
      kind: 'subscription.past_due',
      subscription: sub({ status: 'past_due' }),
      occurredAt: at,
      business,
      known: known(),
    });
    expect(first.plan).toBeUndefined();
    expect(first.set.graceEndsAt).toBe(graceEndsAt(at));
    expect(first.events).toEqual([{ kind: 'renewalFailed', plan: 'standard', graceEndsAt: graceEndsAt(at) }]);
    expect(first.duePuts).toEqual([{ dueAt: graceEndsAt(at), subscriptionId: 'sub_1', kind: 'graceEnd' }]);
    const again = subscriptionChange({
      kind: 'subscription.past_due',
      subscription: sub({ status: 'past_due' }),
      occurredAt: '2026-11-28T10:00:00.000Z',
      business,
      known: known({ status: 'past_due', graceEndsAt: graceEndsAt(at) }),
    });
    expect(again.events).toEqual([]);
    expect(again.duePuts).toEqual([]);
  });

  it('paid during the grace: recovered; ended unpaid: Basic, because the payment failed', () => {
    const grace = known({ status: 'past_due', graceEndsAt: graceEndsAt(at) });
    const recovered = subscriptionChange({
      kind: 'subscription.updated',
      subscription: sub(),
      occurredAt: at,
      business,
      known: grace,
    });
    expect(recovered.events.map((e) => e.kind)).toEqual(['recovered']);
    expect(recovered.remove).toContain('graceEndsAt');
    const ended = subscriptionChange({
      kind: 'subscription.canceled',
      subscription: sub({ status: 'canceled' }),
      occurredAt: at,
      business,
      known: grace,
    });
    expect(ended.plan).toEqual({ revoke: 'standard' });
    expect(ended.events.at(-1)).toMatchObject({ kind: 'ended', plan: 'basic', reason: 'paymentFailed' });
  });

  it('an upgrade is given at once; a downgrade asked in the app waits for the new period', () => {
    const up = subscriptionChange({
      kind: 'subscription.updated',
      subscription: sub({ product: 'premium' }),
      occurredAt: at,
      business,
      known: known(),
    });
    expect(up.plan).toEqual({ grant: 'premium' });
    const onPremium = { ...business, plan: 'premium' as const };
    const scheduled = known({ plan: 'premium', scheduledPlan: 'standard', scheduledAt: '2026-12-20T10:00:00.000Z' });
    const early = subscriptionChange({
      kind: 'subscription.updated',
      subscription: sub({ product: 'standard' }),
      occurredAt: at,
      business: onPremium,
      known: scheduled,
    });
    expect(early.plan).toBeUndefined();
    const due = subscriptionChange({
      kind: 'subscription.updated',
      subscription: sub({ product: 'standard', currentPeriodEnd: '2027-01-20T10:00:00.000Z' }),
      occurredAt: '2026-12-20T10:00:01.000Z',
      business: onPremium,
      known: scheduled,
    });
    expect(due.plan).toEqual({ grant: 'standard' });
    expect(due.events.map((e) => e.kind)).toEqual(['downgraded']);
    expect(due.dueDeletes).toEqual([{ dueAt: '2026-12-20T10:00:00.000Z', subscriptionId: 'sub_1', kind: 'downgrade' }]);
  });

  it("a former subscription's events change no plan", () => {
    const other = subscriptionChange({
      kind: 'subscription.canceled',
      subscription: sub({ id: 'sub_old', status: 'canceled' }),
      occurredAt: at,
      business,
      known: undefined,
    });
    expect(other.plan).toBeUndefined();
    expect(other.events).toEqual([]);
  });
});
