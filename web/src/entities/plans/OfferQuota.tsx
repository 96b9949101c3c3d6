/**
 * The month's offers of the business's plan, shown above the offer form before it is written: "7 of 10 offers this
 * month", and at the limit the date they start again with the plan that lifts it (common/plans.ts). The server holds
 * the limit in the offer's own transaction (409 PLAN_LIMIT); this only says where the business stands.
 */
import { Link } from 'react-router';
import { planThatLifts } from '../../../../common/plans';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { useBilling } from './api/get-billing';
import { planName, quotaResetDay } from './planTexts';
import './plans.css';

/** Whether the business has no offer left this month (the form is not offered then). */
export function useOffersLeft(): { out: boolean } {
  const billing = useBilling();
  const offers = billing.data?.usage.offers;
  return { out: !!offers && offers.limit !== null && offers.used >= offers.limit };
}

export function OfferQuota() {
  const t = useT();
  const { longDate } = useFormat();
  const billing = useBilling();
  // Nothing to say until it is known (the server refuses an offer over the limit anyway).
  if (!billing.data) return null;
  const { plan, usage } = billing.data;
  const { used, limit } = usage.offers;
  if (limit === null) return null;
  if (used < limit)
    return (
      <p className="offer-quota muted" data-testid="offer-quota">
        {t('subscriptions.quota.offers', { used, limit, unlimited: 'false' })}
      </p>
    );
  const upgradeTo = planThatLifts(plan, 'offersPerMonth');
  return (
    <div className="offer-quota offer-quota--out banner banner-warning" role="status" data-testid="offer-quota-out">
      <p>{t('subscriptions.quota.out', { limit, date: longDate(quotaResetDay(usage.resetsAt)) })}</p>
      {upgradeTo && (
        <Link to="/subscriptions" className="btn btn-primary btn-sm" data-testid="offer-quota-upgrade">
          {t('subscriptions.quota.upgrade', { plan: t(planName(upgradeTo)) })}
        </Link>
      )}
    </div>
  );
}
