/** Plan names and what each plan gives, in the reader's language, from the plans' rules (common/plans.ts). */
import type { PlanId } from '../../../../common/constants';
import { PLAN_RULES, dayOf } from '../../../../common/plans';
import type { MessageId } from '../../i18n/catalog/en';
import { useT } from '../../i18n/useT';

export const planName = (plan: PlanId): MessageId => `services.plan.${plan}`;

/** What a plan gives, one line per rule: the app promises nothing the product does not do. */
export function usePlanFeatures() {
  const t = useT();
  return (plan: PlanId): string[] => {
    const r = PLAN_RULES[plan];
    return [
      t('subscriptions.service.profile'),
      t('subscriptions.service.browse'),
      t('subscriptions.service.chat'),
      r.offersPerMonth === null
        ? t('subscriptions.feature.offersUnlimited')
        : t('subscriptions.feature.offers', { count: r.offersPerMonth }),
      t('subscriptions.feature.pictures', { count: r.portfolioPictures }),
      t('subscriptions.feature.statistics', { months: r.statisticsMonths }),
      ...(r.monthlyReport ? [t('subscriptions.feature.report')] : []),
      ...(r.highlightedOffers ? [t('subscriptions.feature.highlighted', { plan: t(planName(plan)) })] : []),
      ...(r.rankingTier > 0 ? [t('subscriptions.feature.ranking', { tier: String(r.rankingTier) })] : []),
      ...(r.includedSponsoredRunsPerMonth > 0
        ? [t('subscriptions.feature.includedRun', { count: r.includedSponsoredRunsPerMonth })]
        : []),
    ];
  };
}

/**
 * The day a monthly quota starts again as Albania counts it (the 1st), whatever the reader's time zone: its moment
 * is midnight in Tirana, which is still the last day of the month in UTC.
 */
export const quotaResetDay = (resetsAt: string) => `${dayOf(resetsAt)}T12:00:00Z`;
