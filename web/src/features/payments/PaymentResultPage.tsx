/**
 * The result page (/payment/:paymentId): where the buyer comes back from the checkout. It follows the payment
 * (GET /payments/{id}, read again every moment while it is pending) until the provider's webhook has said:
 * Completed (what was bought, with a link to it and the receipt), Refused (the reason, and a way to try another
 * card while the checkout is open) or Refunded. A payment still pending after a while says so and may be left.
 */
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAuth } from '../../auth/AuthProvider';
import { LoadError } from '../../components/LoadError';
import { useFormat } from '../../i18n/format';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { usePayment } from './api/get-payment';
import { failureMessage, ReceiptButton } from '../../entities/payments';
import '../../entities/payments/payments.css';

/** After this long a pending payment is said to take longer than usual (the page keeps following it). */
const LONG_WAIT_MS = 30_000;

export default function PaymentResultPage() {
  const t = useT();
  const format = useFormat();
  usePageTitle('payments.result.title');
  const { paymentId = '' } = useParams();
  const me = useAuth();
  const query = usePayment(paymentId);
  const [longWait, setLongWait] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLongWait(true), LONG_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const profileId = me.account?.id;
  const payment = query.data;

  if (query.isPending) {
    return (
      <div className="page pay-page">
        <section className="card pay-card">
          <p>{t('payments.result.pending')}</p>
        </section>
      </div>
    );
  }
  if (!payment) {
    return (
      <div className="page pay-page">
        <LoadError message={t('payments.result.loadError')} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  const amount = format.money(payment.amount, payment.amount % 1 ? 2 : 0, payment.currency);
  const summary = (
    <dl className="pay-summary">
      <dt>{t('payments.result.amount')}</dt>
      <dd data-testid="payment-amount">{amount}</dd>
    </dl>
  );
  const links = (
    <div className="pay-actions">
      {payment.purpose?.kind === 'ad' && profileId && (
        <Link to={`/businessprofile/${profileId}?tab=ads`} className="btn btn-primary">
          {t('payments.result.viewAds')}
        </Link>
      )}
      {(payment.purpose?.kind === 'plan' || payment.purpose?.kind === 'renewal') && (
        <Link to="/subscriptions" className="btn btn-primary">
          {t('payments.result.viewPlans')}
        </Link>
      )}
      {profileId && (
        <Link to={`/settings/${profileId}/transactions`} className="btn btn-secondary">
          {t('payments.result.transactions')}
        </Link>
      )}
    </div>
  );

  return (
    <div className="page pay-page">
      <section className="card pay-card" aria-live="polite" data-testid="payment-result" data-state={payment.state}>
        {payment.state === 'pending' ? (
          <>
            <h1>{t('payments.result.title')}</h1>
            <p role="status">{t(longWait ? 'payments.result.pendingLong' : 'payments.result.pending')}</p>
            {summary}
            {payment.checkoutUrl && (
              <a href={payment.checkoutUrl} className="btn btn-primary">
                {t('payments.payNow')}
              </a>
            )}
          </>
        ) : payment.state === 'completed' ? (
          <>
            <span className="pay-state pay-state--completed" aria-hidden="true">
              ✓
            </span>
            <h1>{t('payments.result.completed')}</h1>
            <p>
              {payment.purpose?.kind === 'ad'
                ? t('payments.result.completedAd')
                : payment.purpose
                  ? t('payments.result.completedPlan', { plan: t(`services.plan.${payment.purpose.plan}`) })
                  : payment.description}
            </p>
            {summary}
            {payment.receipt && <ReceiptButton paymentId={payment.id} />}
            {links}
          </>
        ) : payment.state === 'refunded' ? (
          <>
            <h1>{t('payments.result.refunded')}</h1>
            {payment.refund && <p>{t('payments.refundReason', { reason: payment.refund.reason })}</p>}
            {summary}
            {links}
          </>
        ) : (
          <>
            <span className="pay-state pay-state--refused" aria-hidden="true">
              ×
            </span>
            <h1>{t(payment.state === 'canceled' ? 'payments.result.canceled' : 'payments.result.refused')}</h1>
            <p data-testid="payment-failure">{t(failureMessage(payment))}</p>
            <p className="muted">{t('payments.result.refusedText')}</p>
            {summary}
            {payment.state === 'failed' && payment.checkoutUrl && (
              <a href={payment.checkoutUrl} className="btn btn-primary">
                {t('payments.result.tryAgain')}
              </a>
            )}
            {links}
          </>
        )}
      </section>
    </div>
  );
}
