/**
 * The life of a Sponsored run (docs/sponsored-runs.md):
 *
 *   awaiting_payment -> scheduled -> live -> ended
 *
 * - its payment completes (lambdas/domain/payments.ts, in the payment's own transaction): live at once, or scheduled
 *   when the business chose a later first day;
 * - the scheduled job (lambdas/jobs/advanceAdRuns.ts) starts scheduled runs on their day and ends live runs
 *   AD_RUN_DAYS later (reason `finished`); the notifier then tells the business with its figures;
 * - a whole refund ends a scheduled or live run at once (reason `refunded`);
 * - a plan's included run (startIncludedRun) is born scheduled or live, with no payment.
 *
 * Each change is one transaction conditional on the state it leaves, so a repeated webhook or two jobs at once
 * change a run once. The clock is lambdas/lib/clock.ts (a local stack can move it forward).
 */
import { randomUUID } from 'node:crypto';
import { runEnd, runStart } from '../../common/adRuns';
import { PLAN_RULES } from '../../common/plans';
import { keys } from '../model/keys';
import { table } from '../data/client';
import { changeRun, dueRuns, endRunItems, getAd, scheduleRunItem, startRunItems } from '../data/ads';
import { livePartitions } from '../model/ads';
import { adFiguresPut } from '../data/adFigures';
import { transact, TransactionRefused, type TransactItem } from '../data/transact';
import { getBusinessById } from '../data/users';
import { type StoredBusiness } from '../model/users';
import { chargeCurrency } from '../payments/provider';
import { conflict, notFound } from '../lib/errors';
import { nowIso } from '../lib/clock';
import type { Logger } from '../lib/log';
import { newAd, type AdTargeting } from './ads';
import { type StoredAd } from '../model/ads';

/** What a payment's change does to the run it paid for (delivered in the payment's own transaction). */
export function adRunDelivery(ad: StoredAd, to: 'completed' | 'refunded'): TransactItem[] {
  const now = nowIso();
  if (to === 'completed') {
    if (ad.state !== 'awaiting_payment') return [];
    const startsAt = runStart(now, ad.startDate);
    return startsAt <= now ? startRunItems(ad, now, 'Completed') : [scheduleRunItem(ad, startsAt, 'Completed')];
  }
  if (ad.state === 'scheduled' || ad.state === 'live') return endRunItems(ad, 'refunded', now, 'Refunded');
  return [
    {
      Update: {
        TableName: table(),
        Key: keys.ad(ad._id),
        UpdateExpression: 'SET paymentStatus = :refunded',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':refunded': 'Refunded' },
      },
    },
  ];
}

/** The month (`YYYY-MM`, UTC) of a time. */
export const monthOf = (at: string) => at.slice(0, 7);

/**
 * Whether a business's plan includes a run: Premium includes one a month. Read from the business record's `plan`;
 * the plan rules (quotas per plan) are the one place this will be read from once they exist.
 */
export const planIncludesRun = (business: Pick<StoredBusiness, 'plan'>) =>
  PLAN_RULES[business.plan ?? 'basic'].includedSponsoredRunsPerMonth > 0;

/**
 * A plan's included run: a run with no charge, recorded as the month's one (`ADINCLUDED#{business}` / month,
 * conditional: a second one in the same month is 409 INCLUDED_RUN_UNAVAILABLE). Born live (or scheduled for a
 * later first day) in one transaction with its figures and, when live, its entries. The plan's code calls it with
 * the business's id; its picture must be one of the business's processed uploads (POST /ad checks it).
 */
export async function startIncludedRun(
  businessId: string,
  image: string,
  targeting: AdTargeting,
  currency: string = chargeCurrency(),
): Promise<StoredAd> {
  const business = await getBusinessById(businessId);
  if (!business) throw notFound('Business not found');
  const now = nowIso();
  const month = monthOf(now);
  if (!planIncludesRun(business))
    throw conflict('Your plan does not include a run this month', 'INCLUDED_RUN_UNAVAILABLE');
  const id = randomUUID();
  const draft = newAd(
    business,
    image,
    { id: `included:${id}`, status: 'Completed' },
    targeting,
    {
      price: 0,
      currency,
      includedMonth: month,
    },
    id,
  );
  const startsAt = runStart(now, targeting.startDate);
  const live = startsAt <= now;
  const endsAt = runEnd(startsAt);
  const ad: StoredAd = { ...draft, state: live ? 'live' : 'scheduled', startsAt, endsAt };
  const entry = {
    _id: ad._id,
    businessId: ad.businessId,
    image: ad.image,
    category: ad.category ?? '',
    towns: ad.towns ?? [],
    createdAt: ad.createdAt,
    endsAt,
    ...(ad.business ? { business: ad.business } : {}),
  };
  const items: TransactItem[] = [
    {
      Put: {
        TableName: table(),
        Item: { ...keys.includedRun(business._id, month), runId: ad._id, createdAt: ad.createdAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: table(),
        Item: {
          ...keys.ad(ad._id),
          gsi2pk: keys.businessAdsPartition(ad.businessId),
          gsi2sk: `${ad.createdAt}#${ad._id}`,
          ...keys.adRunDueIndex(live ? endsAt : startsAt, ad._id),
          ...ad,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    adFiguresPut(ad._id),
    ...(live
      ? livePartitions(ad).map((pk) => ({
          Put: { TableName: table(), Item: { pk, sk: keys.liveRunEntrySk(ad.category ?? '', ad._id), ...entry } },
        }))
      : []),
  ];
  try {
    await transact(items);
  } catch (err) {
    if (err instanceof TransactionRefused && err.conditionFailed(0))
      throw conflict(`The run included in your plan for ${month} is used already`, 'INCLUDED_RUN_UNAVAILABLE');
    throw err;
  }
  return ad;
}

/** Most runs one job run changes (the rest wait for the next run: a live one past its end is out of every strip already). */
export const MAX_CHANGES_PER_RUN = 500;

/**
 * The scheduled job's work at `now`: every run due (GSI1 `ADRUNS#DUE`, `gsi1sk <= now`) is read (consistent) and
 * moved: a scheduled one whose start came goes live, a live one whose end came ends. A run changed meanwhile (a
 * refund, the other job) fails its condition and is left alone.
 */
export async function advanceAdRuns(now = nowIso(), log?: Logger): Promise<{ started: number; ended: number }> {
  let started = 0;
  let ended = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dueRuns(now, start);
    for (const id of page.ids) {
      if (started + ended >= MAX_CHANGES_PER_RUN) return { started, ended };
      const ad = await getAd(id, { consistent: true });
      if (!ad) continue;
      if (ad.state === 'scheduled' && ad.startsAt && ad.startsAt <= now) {
        if (await changeRun(startRunItems(ad, ad.startsAt))) started++;
      } else if (ad.state === 'live' && ad.endsAt && ad.endsAt <= now) {
        if (await changeRun(endRunItems(ad, 'finished', ad.endsAt))) ended++;
      }
    }
    start = page.next;
  } while (start);
  if (started || ended) log?.info('Sponsored runs moved', { started, ended });
  return { started, ended };
}
