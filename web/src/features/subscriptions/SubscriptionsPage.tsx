/**
 * Subscription plans (/subscriptions, business): Basic, Standard and Premium with their monthly price in
 * the stage's currency. Choosing one calls POST /subscription {plan} with the Idempotency-Key of that
 * choice (the same key when the same plan is tried again); the current plan comes from the business record.
 */
import { useState } from 'react';
import { getConfig } from '../../lib/config';
import { useIdempotencyKey } from '../../lib/idempotency';
import { SUBSCRIPTION_PLANS, type PlanId } from '../../../../common/constants';
import type { Business } from '../../../../common/types';
import { useAuth } from '../../auth/AuthProvider';
import { SandboxLabel } from '../../components/SandboxLabel';
import type { MessageId } from '../../i18n/catalog/en';
import { useErrorText } from '../../i18n/errors';
import { useFormat } from '../../i18n/format';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { useChoosePlan } from './api/choose-plan';
import './subscriptions.css';

const SERVICES: Record<PlanId, MessageId[]> = {
  basic: [
    'subscriptions.service.profile',
    'subscriptions.service.browse',
    'subscriptions.service.offers',
    'subscriptions.service.chat',
  ],
  standard: [
    'subscriptions.service.everythingBasic',
    'subscriptions.service.highlighted',
    'subscriptions.service.insights',
    'subscriptions.service.emailSupport',
  ],
  premium: [
    'subscriptions.service.everythingStandard',
    'subscriptions.service.featured',
    'subscriptions.service.monthlyAd',
    'subscriptions.service.prioritySupport',
  ],
};

export const planName = (plan: PlanId): MessageId => `services.plan.${plan}`;

export default function SubscriptionsPage() {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  usePageTitle('subscriptions.pageTitle');
  const me = useAuth();
  const record = me.account?.role === 'business' ? (me.account.record as Business) : undefined;
  const [current, setCurrent] = useState<PlanId | undefined>(undefined);
  const [busy, setBusy] = useState<PlanId | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const active = current ?? record?.plan ?? 'basic';
  const sandbox = getConfig().paymentsSandbox;
  const choosePlan = useChoosePlan();
  const payment = useIdempotencyKey();

  async function choose(plan: PlanId) {
    setBusy(plan);
    setMessage(null);
    try {
      await choosePlan.mutateAsync({ plan, idempotencyKey: payment.keyFor(plan) });
      payment.done();
      setCurrent(plan);
      setMessage({ kind: 'success', text: t('subscriptions.changed', { plan: t(planName(plan)) }) });
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
        <p className="muted">{t('subscriptions.intro')}</p>
        {sandbox && <SandboxLabel />}
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
                <strong>{format.money(plan.pricePerMonth)}</strong>
                <span>{t('subscriptions.perMonth')}</span>
              </p>
              <ul className="sub-services">
                {SERVICES[plan.id].map((s) => (
                  <li key={s}>{t(s)}</li>
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
    </div>
  );
}
