/**
 * Settings > Plan and billing (/settings/{id}/plan, business): the plan now and what it gives, when it renews or
 * ends, this month's use of its limits, and what the business can do: change plan (the plans page), cancel at the
 * end of the paid period (the exact date shown before confirming), keep a plan whose cancellation or downgrade is
 * scheduled, give a new card (the provider's checkout; a renewal past due is paid with it), and its payments with
 * their receipts (Settings > Transactions).
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { CREATE_AD_PATH } from '../../../../common/adRuns';
import type { PlanId } from '../../../../common/constants';
import type { Billing } from '../../../../common/types';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/Spinner';
import { useErrorText } from '../../i18n/errors';
import { useFormat } from '../../i18n/format';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { useIdempotencyKey } from '../../lib/idempotency';
import { useChoosePlan } from './api/choose-plan';
import { useUpdateCard } from './api/update-card';
import { planName, quotaResetDay, useBilling, usePlanFeatures } from '../../entities/plans';
import './subscriptions.css';

export function PlanBilling() {
  const t = useT();
  usePageTitle('subscriptions.billing.title');
  const query = useBilling();
  return (
    <div className="st-panel plan-billing">
      <h2>{t('subscriptions.billing.title')}</h2>
      {query.isPending ? (
        <PageLoading label={t('common.loading')} />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : (
        <BillingDetails billing={query.data} />
      )}
    </div>
  );
}

function BillingDetails({ billing }: { billing: Billing }) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const { id = '' } = useParams();
  const features = usePlanFeatures();
  const choosePlan = useChoosePlan();
  const updateCard = useUpdateCard();
  const key = useIdempotencyKey();
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const name = t(planName(billing.plan));
  const date = format.longDate;

  async function change(plan: PlanId) {
    setMessage(null);
    try {
      const answer = await choosePlan.mutateAsync({ plan, idempotencyKey: key.keyFor(`billing-${plan}`) });
      key.done();
      setConfirming(false);
      setMessage({
        kind: 'success',
        text:
          plan === billing.plan
            ? t('subscriptions.continues', { plan: name })
            : t('subscriptions.endsAt', { plan: t(planName(plan)), date: date(answer.effectiveAt) }),
      });
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err) });
    }
  }

  async function newCard() {
    setMessage(null);
    try {
      const { url } = await updateCard.mutateAsync();
      window.location.assign(url);
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err) });
    }
  }

  const busy = choosePlan.isPending || updateCard.isPending;
  const { offers, portfolioPictures, includedRuns } = billing.usage;

  return (
    <>
      {billing.status === 'pastDue' && (
        <div className="banner banner-warning plan-banner" role="alert" data-testid="plan-past-due">
          <p>{t('subscriptions.billing.pastDue', { plan: name, date: date(billing.graceEndsAt) })}</p>
          <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void newCard()}>
            {t('subscriptions.billing.updateCard')}
          </button>
        </div>
      )}
      {message && (
        <div
          className={`banner banner-${message.kind}`}
          role={message.kind === 'error' ? 'alert' : 'status'}
          data-testid="billing-message"
        >
          {message.text}
        </div>
      )}
      <section className="card plan-summary" data-testid="plan-summary">
        <div className="plan-summary-head">
          <div>
            <p className="eyebrow">{t('subscriptions.current')}</p>
            <h3 data-testid="plan-name">{name}</h3>
          </div>
          <p className="sub-price">
            <strong>{format.money(billing.price, 0, billing.currency)}</strong>
            <span>{t('subscriptions.perMonth')}</span>
          </p>
        </div>
        <p className="plan-status" data-testid="plan-status">
          {billing.status === 'free'
            ? t('subscriptions.billing.free')
            : billing.status === 'active'
              ? // The renewal date comes with the provider's subscription, a moment after the first payment.
                billing.renewsAt
                ? t('subscriptions.billing.renews', {
                    date: date(billing.renewsAt),
                    price: format.money(billing.price, 0, billing.currency),
                  })
                : t('subscriptions.billing.activeUndated', {
                    price: format.money(billing.price, 0, billing.currency),
                  })
              : billing.status === 'ending'
                ? t('subscriptions.billing.ending', { plan: name, date: date(billing.endsAt) })
                : t('subscriptions.billing.graceStatus', { date: date(billing.graceEndsAt) })}
        </p>
        {billing.scheduledPlan && (
          <p className="plan-status" data-testid="plan-scheduled">
            {t('subscriptions.billing.scheduled', {
              plan: t(planName(billing.scheduledPlan)),
              date: date(billing.scheduledAt),
            })}
          </p>
        )}
        <ul className="sub-services">
          {features(billing.plan).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      <section className="card plan-usage" aria-labelledby="plan-usage-title">
        <h3 id="plan-usage-title">{t('subscriptions.billing.usage')}</h3>
        <Meter
          label={t('subscriptions.quota.offers', {
            used: offers.used,
            limit: offers.limit ?? 0,
            unlimited: String(offers.limit === null),
          })}
          used={offers.used}
          limit={offers.limit}
          testId="usage-offers"
        />
        <p className="muted plan-usage-note">
          {t('subscriptions.quota.resets', { date: date(quotaResetDay(billing.usage.resetsAt)) })}
        </p>
        <Meter
          label={t('subscriptions.quota.pictures', {
            used: portfolioPictures.used,
            limit: portfolioPictures.limit ?? 0,
          })}
          used={portfolioPictures.used}
          limit={portfolioPictures.limit}
          testId="usage-pictures"
        />
        {includedRuns.limit ? (
          <>
            <Meter
              label={t('subscriptions.quota.includedRuns', { used: includedRuns.used, limit: includedRuns.limit })}
              used={includedRuns.used}
              limit={includedRuns.limit}
              testId="usage-included-runs"
            />
            {includedRuns.used < includedRuns.limit && (
              <Link
                to={`${CREATE_AD_PATH}?included=1`}
                className="btn btn-secondary btn-sm"
                data-testid="start-included-run"
              >
                {t('subscriptions.quota.startRun')}
              </Link>
            )}
          </>
        ) : null}
      </section>

      <section className="card plan-actions" aria-label={t('subscriptions.billing.actions')}>
        <div className="plan-actions-row">
          <Link to="/subscriptions" className="btn btn-primary" data-testid="plan-change">
            {t('subscriptions.billing.change')}
          </Link>
          {(billing.status === 'ending' || billing.scheduledPlan) && (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => void change(billing.plan)}
              data-testid="plan-keep"
            >
              {t('subscriptions.billing.keep', { plan: name })}
            </button>
          )}
          {billing.manageCard && billing.status !== 'pastDue' && (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => void newCard()}
              data-testid="plan-card"
            >
              {t('subscriptions.billing.updateCard')}
            </button>
          )}
          <Link to={`/settings/${id}/transactions`} className="btn btn-secondary" data-testid="plan-payments">
            {t('subscriptions.billing.payments')}
          </Link>
        </div>
        {billing.status === 'active' &&
          billing.plan !== 'basic' &&
          (confirming ? (
            <div className="plan-cancel-confirm" role="group" data-testid="plan-cancel-confirm">
              <p>{t('subscriptions.billing.cancelConfirm', { plan: name, date: date(billing.renewsAt) })}</p>
              <div className="plan-actions-row">
                <button
                  type="button"
                  className="btn btn-danger"
                  disabled={busy}
                  onClick={() => void change('basic')}
                  data-testid="plan-cancel-yes"
                >
                  {t('subscriptions.billing.cancelYes')}
                </button>
                <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>
                  {t('subscriptions.billing.cancelNo')}
                </button>
              </div>
            </div>
          ) : (
            <button
              type="button"
              className="btn-link link-danger"
              onClick={() => setConfirming(true)}
              data-testid="plan-cancel"
            >
              {t('subscriptions.billing.cancel')}
            </button>
          ))}
      </section>
    </>
  );
}

function Meter({ label, used, limit, testId }: { label: string; used: number; limit: number | null; testId: string }) {
  const share = limit === null ? 0 : limit === 0 ? 1 : Math.min(1, used / limit);
  return (
    <div className="plan-meter" data-testid={testId}>
      <span>{label}</span>
      {limit !== null && (
        <span className={`plan-meter-bar${share >= 1 ? ' plan-meter-bar--full' : ''}`} aria-hidden="true">
          <span style={{ width: `${Math.round(share * 100)}%` }} />
        </span>
      )}
    </div>
  );
}
