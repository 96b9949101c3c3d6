/**
 * The operator's revenue figures over a stack of this file's own (so the country's figures are this file's payments
 * alone, whatever other files buy on the shared stack): through the local payment provider, a Sponsored run bought,
 * a Standard and a Premium plan subscribed, the Standard renewal declined (past due), the Premium cancelled and
 * ended, the run refunded by a moderator, a second run taken back by the buyer's bank. The week's figures (GET /operator/figures across Albania, the CSV) equal
 * what the test made, worked out without the consumer's guards; every stream record handed over again changes
 * nothing; the figures wiped and rebuilt by the backfill are the same, and a second backfill counts nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AD_PRICE } from '../../common/constants';
import { weekStartOf } from '../../common/moderation';
import { weeksBetween, type OperatorCounter } from '../../common/operatorFigures';
import { planPrice } from '../../common/payments';
import type { OperatorFiguresAnswer } from '../../common/schemas/operator';
import { call, newBusiness, newModerator, newOperator, stackPool } from '../support/api';
import { billingWhen, paidAd, paidPlan, paymentWhen, provider, renew, subscriptionIdOf } from '../support/payments';
import { snapshotFigures, streamRecords, wipeFigures } from '../support/operatorFigures';
import { useOwnLocalStack } from '../support/ownStack';

useOwnLocalStack('revenue');

/** What the test made, as the API answered it: no guard, just what happened. */
const made = {
  adRuns: 0,
  adRevenue: 0,
  subscriptionPayments: 0,
  subscriptionRevenue: 0,
  refunds: 0,
  refundedAmount: 0,
  chargebacks: 0,
  chargebackAmount: 0,
  subscriptionsNewStandard: 0,
  subscriptionsNewPremium: 0,
  subscriptionsEndedPremium: 0,
  renewalsFailedStandard: 0,
} satisfies Partial<Record<OperatorCounter, number>>;
/** Which subscriptions are active now (a past-due one keeps its plan through the grace period). */
const active = new Map<string, 'standard' | 'premium'>();
let operator: Awaited<ReturnType<typeof newOperator>>;
let firstWeek: string;
let lastWeek: string;

/** The figures of the weeks the test ran in (two when it crossed a Monday), flows summed, levels of the last. */
async function figures() {
  const weeks = weeksBetween(firstWeek, lastWeek);
  const q = new URLSearchParams({ weeks: String(weeks.length), week: lastWeek });
  const res = await call<OperatorFiguresAnswer>('GET', `/operator/figures?${q}`, { token: operator.token });
  expect(res.status).toBe(200);
  const sum = (c: OperatorCounter) => res.body.weeks.reduce((s, w) => s + w.counts[c], 0);
  const last = res.body.weeks.at(-1)!;
  return {
    flows: Object.fromEntries(Object.keys(made).map((c) => [c, sum(c as OperatorCounter)])),
    levels: {
      subscriptionsActiveStandard: last.counts.subscriptionsActiveStandard,
      subscriptionsActivePremium: last.counts.subscriptionsActivePremium,
      mrr: last.counts.mrr,
    },
    values: last.values,
    weeks: res.body.weeks,
  };
}

const expectedLevels = () => {
  const plans = [...active.values()];
  return {
    subscriptionsActiveStandard: plans.filter((p) => p === 'standard').length,
    subscriptionsActivePremium: plans.filter((p) => p === 'premium').length,
    mrr: plans.reduce((s, p) => s + planPrice(p), 0),
  };
};

describe('the revenue figures of a week of payments', () => {
  beforeAll(async () => {
    firstWeek = weekStartOf(new Date().toISOString());
    operator = await newOperator({ username: 'Operator Revenue', language: 'en' });
    const moderator = await newModerator();
    const [runs, standard, premium] = [
      await newBusiness({ businessName: 'Runs Studio' }),
      await newBusiness({ businessName: 'Standard Studio' }),
      await newBusiness({ businessName: 'Premium Studio' }),
    ];

    // A Sponsored run bought and paid.
    const ad = await paidAd(runs);
    made.adRuns++;
    made.adRevenue += ad.transaction.amount;
    expect(ad.transaction.amount).toBe(AD_PRICE);

    // Two plans subscribed, their first month paid.
    for (const [business, plan] of [
      [standard, 'standard'],
      [premium, 'premium'],
    ] as const) {
      const payment = await paidPlan(business, plan);
      made.subscriptionPayments++;
      made.subscriptionRevenue += payment.amount;
      made[plan === 'standard' ? 'subscriptionsNewStandard' : 'subscriptionsNewPremium']++;
      active.set(await subscriptionIdOf(business.businessId), plan);
    }

    // Standard's renewal declined: past due, the plan kept through the grace period.
    await renew(await subscriptionIdOf(standard.businessId), true);
    await billingWhen(standard, (b) => b.status === 'pastDue');
    made.renewalsFailedStandard++;

    // Premium cancelled, and the period ends: Basic.
    const premiumSubscription = await subscriptionIdOf(premium.businessId);
    const cancel = await call('POST', '/subscription', { token: premium.token, body: { plan: 'basic' } });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    await billingWhen(premium, (b) => b.status === 'ending');
    await renew(premiumSubscription);
    await billingWhen(premium, (b) => b.plan === 'basic');
    made.subscriptionsEndedPremium++;
    active.delete(premiumSubscription);

    // The run refunded by a moderator.
    const refund = await call('POST', `/moderation/payments/${ad.transaction.id}/refund`, {
      token: moderator.token,
      body: { reason: 'The picture breaks the rules' },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const refunded = await paymentWhen(runs.token, ad.transaction.id, (p) => p.state === 'refunded');
    made.refunds++;
    made.refundedAmount += refunded.refundedAmount;

    // A second run, taken back by the buyer's bank (a chargeback Paddle makes).
    const disputed = await paidAd(runs);
    made.adRuns++;
    made.adRevenue += disputed.transaction.amount;
    await provider('POST', `/admin/transactions/${disputed.checkout.transactionId}/chargeback`, {});
    const charged = await paymentWhen(runs.token, disputed.transaction.id, (p) => p.chargedBack === AD_PRICE);
    made.chargebacks++;
    made.chargebackAmount += charged.chargedBack;

    // The consumer works from the stream, a moment after: wait until the last things made are counted.
    lastWeek = weekStartOf(new Date().toISOString());
    const until = Date.now() + 30_000;
    for (;;) {
      const got = await figures();
      if (JSON.stringify(got.flows) === JSON.stringify(made) || Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 120_000);

  it('the week says what happened: runs and plans sold, refunds, subscriptions by plan, the level and MRR', async () => {
    const got = await figures();
    expect(got.flows).toEqual(made);
    expect(got.levels).toEqual(expectedLevels());
    expect(got.levels).toEqual({ subscriptionsActiveStandard: 1, subscriptionsActivePremium: 0, mrr: 5 });
    // The figures made of them, as the screen, the email and the CSV read them.
    if (firstWeek === lastWeek)
      expect(got.values).toMatchObject({
        revenue: made.adRevenue + made.subscriptionRevenue,
        mrr: 5,
        subscriptionsNew: 2,
        adRuns: 2,
        refundedAmount: AD_PRICE,
        chargebacks: 1,
        chargebackAmount: AD_PRICE,
        subscriptionsActiveStandard: 1,
        renewalsFailedStandard: 1,
        subscriptionsEndedPremium: 1,
      });
    // A town's figures hold no revenue: it is counted across Albania only.
    const town = await call<OperatorFiguresAnswer>('GET', `/operator/figures?weeks=1&week=${lastWeek}&town=Tirana`, {
      token: operator.token,
    });
    expect(town.body.weeks[0].values.revenue).toBeNull();
    expect(town.body.weeks[0].counts.mrr).toBe(0);
  });

  it('a later week with no subscription event shows the level the week closed on', async () => {
    const next = new Date(Date.parse(`${lastWeek}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    const res = await call<OperatorFiguresAnswer>('GET', `/operator/figures?weeks=2&week=${next}`, {
      token: operator.token,
    });
    const [, after] = res.body.weeks;
    expect(after.counts).toMatchObject({ ...expectedLevels(), adRevenue: 0, subscriptionsNewStandard: 0 });
    expect(after.values).toMatchObject({ revenue: 0, mrr: 5 });
  });

  it('the CSV of monthly recurring revenue has the level and its parts', async () => {
    const res = await call('GET', `/operator/export?figure=mrr&from=${lastWeek}&to=${lastWeek}`, {
      token: operator.token,
    });
    expect(res.status).toBe(200);
    const [header, row] = String(res.body)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe(
      'week_start,week_end,town,service,mrr_money,mrr,subscriptionsActiveStandard,subscriptionsActivePremium',
    );
    expect(row.split(',').slice(4)).toEqual(['5', '5', '1', '0']);
  });

  it('every record of the stream handed over again changes nothing', async () => {
    const before = await snapshotFigures();
    const { countOperatorFigures } = await import('../../lambdas/notify/operatorFigures');
    const records = await streamRecords();
    let counted = 0;
    for (const r of records) counted += await countOperatorFigures(r);
    expect(counted).toBe(0);
    expect(await snapshotFigures()).toEqual(before);
  });

  it('the backfill rebuilds the same figures from the payment records and plan events; a second run counts nothing', async () => {
    const before = await snapshotFigures();
    await wipeFigures();
    expect((await figures()).flows.adRuns).toBe(0);
    const { backfillOperatorFigures } = await import('../../scripts/operator-backfill');
    const first = await backfillOperatorFigures(stackPool());
    expect(first.counted).toBeGreaterThan(0);
    const got = await figures();
    expect(got.flows).toEqual(made);
    expect(got.levels).toEqual(expectedLevels());
    expect(await snapshotFigures()).toEqual(before);
    const second = await backfillOperatorFigures(stackPool());
    expect(second).toMatchObject({ counted: 0, happenings: first.happenings });
  });
});
