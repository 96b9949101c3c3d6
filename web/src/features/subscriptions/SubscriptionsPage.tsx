/**
 * Subscription plans (/subscriptions, business): Basic $0, Standard $5, Premium $8 per month.
 * Choosing one calls POST /subscription {plan}; the current plan comes from the business record.
 */
import { useState } from 'react';
import { getConfig } from '../../lib/config';
import { SUBSCRIPTION_PLANS, type PlanId } from '../../../../common/constants';
import type { Business } from '../../../../common/types';
import { useAuth } from '../../auth/AuthProvider';
import { SandboxLabel } from '../../components/SandboxLabel';
import { useChoosePlan } from './api/choose-plan';
import './subscriptions.css';

const SERVICES: Record<PlanId, string[]> = {
  basic: [
    'Business profile and portfolio',
    'Browse and filter client posts',
    'Make offers on open posts',
    'Chat with clients',
  ],
  standard: ['Everything in Basic', 'Highlighted offers', 'Monthly profile insights', 'Email support'],
  premium: ['Everything in Standard', 'Featured in suggestions', 'One sponsored ad each month', 'Priority support'],
};

export default function SubscriptionsPage() {
  const me = useAuth();
  const record = me.account?.role === 'business' ? (me.account.record as Business) : undefined;
  const [current, setCurrent] = useState<PlanId | undefined>(undefined);
  const [busy, setBusy] = useState<PlanId | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const active = current ?? record?.plan ?? 'basic';
  const sandbox = getConfig().paymentsSandbox;
  const choosePlan = useChoosePlan();

  async function choose(plan: PlanId) {
    setBusy(plan);
    setMessage(null);
    try {
      await choosePlan.mutateAsync(plan);
      setCurrent(plan);
      const name = SUBSCRIPTION_PLANS.find((p) => p.id === plan)?.name ?? plan;
      setMessage({ kind: 'success', text: `You are now on the ${name} plan.` });
    } catch (err) {
      setMessage({
        kind: 'error',
        text: err instanceof Error && err.message ? err.message : 'Failed to change the plan.',
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="page sub-page">
      <header className="sub-header">
        <p className="eyebrow">Plans</p>
        <h1>Grow your business</h1>
        <p className="muted">Pick the plan that fits you. You can change it at any time.</p>
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
          return (
            <article
              key={plan.id}
              className={`card sub-plan${plan.id === 'standard' ? ' sub-plan--featured' : ''}${isActive ? ' sub-plan--active' : ''}`}
              data-testid={`plan-${plan.id}`}
            >
              <h2>{plan.name}</h2>
              <p className="sub-price">
                <strong>${plan.pricePerMonth}</strong>
                <span>/month</span>
              </p>
              <ul className="sub-services">
                {SERVICES[plan.id].map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
              <button
                type="button"
                className={isActive ? 'btn btn-secondary btn-block' : 'btn btn-primary btn-block'}
                disabled={isActive || busy !== null}
                onClick={() => choose(plan.id)}
                data-testid={`choose-plan-${plan.id}`}
              >
                {isActive ? 'Current plan' : busy === plan.id ? 'Processing...' : `Choose ${plan.name}`}
              </button>
            </article>
          );
        })}
      </div>
    </div>
  );
}
