/**
 * A business's statistics month by month (GET /business/statistics, Premium's monthly report): profile views, offers
 * it made, how many clients accepted, and how often clients saved its ideas to a board. As many months as its plan shows (common/plans.ts statisticsMonths: Basic
 * this month, Standard and Premium twelve). Each figure is ONE Query (lambdas/data/statistics.ts).
 */
import { addMonths, lastMonths, monthStartsAt, PLAN_IDS, planRules } from '../../common/plans';
import type { PlanId } from '../../common/constants';
import type { Statistics } from '../../common/types';
import { offersByMonth, viewsByMonth } from '../data/statistics';

export interface MonthFigures {
  month: string;
  views: number;
  offers: number;
  accepted: number;
  /** Times clients saved its ideas to a board. */
  saves: number;
}

/** The last day (YYYY-MM-DD) of a month. */
const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/** The figures of each of `months` (consecutive, oldest first). */
export async function figuresOf(businessId: string, months: string[]): Promise<MonthFigures[]> {
  const first = months[0];
  const last = months[months.length - 1];
  const [views, offers] = await Promise.all([
    viewsByMonth(businessId, `${first}-01`, lastDayOf(last)),
    offersByMonth(businessId, monthStartsAt(first), monthStartsAt(addMonths(last, 1))),
  ]);
  return months.map((month) => ({
    month,
    views: views.get(month)?.views ?? 0,
    offers: offers.get(month)?.offers ?? 0,
    accepted: offers.get(month)?.accepted ?? 0,
    saves: views.get(month)?.saves ?? 0,
  }));
}

/** What the business sees: its plan's months up to this one, and which plan shows more. */
export async function businessStatistics(
  business: { _id: string; plan?: PlanId },
  now = new Date(),
): Promise<Statistics> {
  const plan = business.plan ?? 'basic';
  const months = await figuresOf(business._id, lastMonths(planRules(plan).statisticsMonths, now));
  const moreMonthsWith = PLAN_IDS.find((p) => planRules(p).statisticsMonths > planRules(plan).statisticsMonths);
  return { plan, months, ...(moreMonthsWith ? { moreMonthsWith } : {}) };
}
