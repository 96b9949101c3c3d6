/**
 * Subscription plans (/subscriptions, business): Basic, Standard and Premium with their monthly price in the
 * currency it is charged in. Choosing one calls POST /subscription {plan} with the Idempotency-Key of that choice
 * (the same key when the same plan is tried again): a paid plan goes to the pay step the answer names (the provider's
 * checkout), a change of a paid plan or Basic says what happens and when. The current plan comes from the record.
 */
import { useState } from 'react';
import { useIntl } from '../../i18n/intl';
import { Link } from 'react-router';
import { useIdempotencyKey } from '../../lib/idempotency';
import { SUBSCRIPTION_PLANS, type PlanId } from '../../../../common/constants';
import { isUpgrade } from '../../../../common/plans';
import type { Business } from '../../../../common/types';
import { useAuth } from '../../auth/AuthProvider';
import { ChargeNote, useChargeMoney } from '../../entities/payments';
import { useErrorText } from '../../i18n/errors';
import { useFormat } from '../../i18n/format';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { useChoosePlan } from './api/choose-plan';
import { planName, usePlanFeatures } from '../../entities/plans';
import './subscriptions.css';

export default function SubscriptionsPage() {
  const t = useT();
  const intl = useIntl();
  const format = useFormat();
  const errorText = useErrorText();
  usePageTitle('subscriptions.pageTitle');
  const me = useAuth();
  const record = me.account?.role === 'business' ? (me.account.record as Business) : undefined;
  const [current, setCurrent] = useState<PlanId | undefined>(undefined);
  const [busy, setBusy] = useState<PlanId | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const active = current ?? record?.plan ?? 'basic';
  const chargeMoney = useChargeMoney();
  const choosePlan = useChoosePlan();
  const payment = useIdempotencyKey();
  const features = usePlanFeatures();

  async function choose(plan: PlanId) {
    setBusy(plan);
    setMessage(null);
    try {
      const answer = await choosePlan.mutateAsync({ plan, idempotencyKey: payment.keyFor(plan) });
      payment.done();
      // A first paid month: to the pay step (a full page load: only its pages may open the provider's checkout).
      if (answer.checkout) return window.location.assign(answer.checkout.url);
      setCurrent(answer.plan);
      // A cheaper plan (a downgrade, or Basic: a cancellation) waits for the end of the paid period.
      const later = !!answer.effectiveAt && !isUpgrade(active, plan);
      setMessage({
        kind: 'success',
        text:
          answer.plan === plan
            ? t('subscriptions.changed', { plan: t(planName(plan)) })
            : later
              ? t('subscriptions.endsAt', { plan: t(planName(plan)), date: format.longDate(answer.effectiveAt) })
              : t('subscriptions.changePending', { plan: t(planName(plan)) }),
      });
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="page sub-page">
      <header className="sub-header">
        <p className="eyebrow">{t('subscriptions.eyebrow')}</p>
        <h1>{t('subscriptions.title')}</h1>
        <p className="muted" data-testid="subscriptions-intro">
          {/* Plan and billing is named in the sentence that says what it is for, as its link. */}
          {intl.formatRich(
            { id: 'subscriptions.intro' },
            {
              link: record?._id ? (
                <Link key="manage" to={`/settings/${record._id}/plan`} data-testid="subscriptions-manage">
                  {t('subscriptions.manage')}
                </Link>
              ) : (
                t('subscriptions.manage')
              ),
            },
          )}
        </p>
        <ChargeNote amount={SUBSCRIPTION_PLANS[1].pricePerMonth} />
      </header>
      {message && (
        <div
          className={`banner banner-${message.kind}`}
          role={message.kind === 'error' ? 'alert' : 'status'}
          data-testid="subscription-message"
        >
          {message.text}
        </div>
      )}
      <div className="sub-plans">
        {SUBSCRIPTION_PLANS.map((plan) => {
          const isActive = active === plan.id;
          const name = t(planName(plan.id));
          return (
            <article
              key={plan.id}
              className={`card sub-plan${plan.id === 'standard' ? ' sub-plan--featured' : ''}${isActive ? ' sub-plan--active' : ''}`}
              data-testid={`plan-${plan.id}`}
            >
              <h2>{name}</h2>
              <p className="sub-price">
                <strong>{chargeMoney(plan.pricePerMonth)}</strong>
                <span>{t('subscriptions.perMonth')}</span>
              </p>
              <ul className="sub-services">
                {features(plan.id).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <button
                type="button"
                className={isActive ? 'btn btn-secondary btn-block' : 'btn btn-primary btn-block'}
                disabled={isActive || busy !== null}
                onClick={() => choose(plan.id)}
                data-testid={`choose-plan-${plan.id}`}
              >
                {isActive
                  ? t('subscriptions.current')
                  : busy === plan.id
                    ? t('subscriptions.processing')
                    : t('subscriptions.choose', { plan: name })}
              </button>
            </article>
          );
        })}
      </div>
      <section className="sub-ranking" aria-labelledby="sub-ranking-title">
        <h2 id="sub-ranking-title">{t('subscriptions.ranking.title')}</h2>
        <p className="muted">{t('subscriptions.ranking.text')}</p>
      </section>
    </div>
  );
}
