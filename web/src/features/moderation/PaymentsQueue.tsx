/**
 * Moderation > Payments: every business's payments, newest first, with a Refund action on completed ones. A refund
 * needs a reason (the business is shown it in its email, notification and Transactions page) and may be partial.
 */
import { useState, type FormEvent } from 'react';
import type { ModerationPayment } from '../../../../common/types';
import { REFUND_REASON_MAX } from '../../../../common/payments';
import { LoadError } from '../../components/LoadError';
import { useErrorText } from '../../i18n/errors';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { allItems } from '../../lib/pages';
import { usePayments } from './api/get-payments';
import { useRefundPayment } from './api/refund-payment';

function RefundForm({ payment, onDone }: { payment: ModerationPayment; onDone: (asked: boolean) => void }) {
  const t = useT();
  const errorText = useErrorText();
  const refund = useRefundPayment();
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!reason.trim()) return setError(t('moderation.payments.reasonRequired'));
    setError(null);
    try {
      await refund.mutateAsync({
        id: payment.id,
        body: { reason: reason.trim(), ...(amount.trim() ? { amount: Number(amount.replace(',', '.')) } : {}) },
      });
      onDone(true);
    } catch (err) {
      setError(errorText(err));
    }
  }
  return (
    <form className="mod-refund" onSubmit={submit} data-testid="refund-form">
      <label>
        {t('moderation.payments.reason')}
        <textarea value={reason} maxLength={REFUND_REASON_MAX} onChange={(e) => setReason(e.target.value)} rows={2} />
      </label>
      <label>
        {t('moderation.payments.amount')}
        <input value={amount} inputMode="decimal" onChange={(e) => setAmount(e.target.value)} />
      </label>
      {error && (
        <p role="alert" className="banner banner-error">
          {error}
        </p>
      )}
      <div className="mod-actions">
        <button type="submit" className="btn btn-primary" disabled={refund.isPending}>
          {t('moderation.payments.confirm')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => onDone(false)}>
          {t('moderation.payments.cancel')}
        </button>
      </div>
    </form>
  );
}

export function PaymentsQueue() {
  const t = useT();
  const format = useFormat();
  const query = usePayments();
  const [open, setOpen] = useState<string | null>(null);
  const [asked, setAsked] = useState<string | null>(null);
  const payments = allItems(query.data);
  if (query.isPending) return <p className="muted">{t('settings.loading')}</p>;
  if (query.isError && payments.length === 0)
    return <LoadError message={t('moderation.payments.loadError')} onRetry={() => void query.refetch()} />;
  if (payments.length === 0) return <p className="empty-state">{t('moderation.payments.empty')}</p>;
  return (
    <div className="mod-payments">
      {asked && (
        <p role="status" className="banner banner-success">
          {t('moderation.payments.refundAsked')}
        </p>
      )}
      <ul className="mod-list" data-testid="payments-list">
        {payments.map((p) => (
          <li key={p.id} className="mod-entry" data-testid="payment-entry">
            <div className="mod-entry-head">
              {p.unmatched ? (
                <span className="chip chip-warning" data-testid="payment-unmatched">
                  {t('moderation.payments.unmatched')}
                </span>
              ) : (
                <span className="chip">{p.status}</span>
              )}
              <strong>{format.money(p.amount, 2, p.currency)}</strong>
            </div>
            {p.unmatched ? (
              <p className="mod-owner">
                {t('moderation.payments.unmatchedText', { claimed: p.unmatched.claimedPaymentId ?? 'none' })} ·{' '}
                {format.longDate(p.date)}
              </p>
            ) : (
              <p className="mod-owner">
                {p.clientName ?? t('moderation.payments.erased')} · {p.description} · {format.longDate(p.date)}
              </p>
            )}
            {p.chargedBack ? (
              <p className="muted small" data-testid="payment-charged-back">
                {t('moderation.payments.chargedBack', { amount: format.money(p.chargedBack, 2, p.currency) })}
              </p>
            ) : null}
            {p.refund && <p className="muted small">{t('payments.refundReason', { reason: p.refund.reason })}</p>}
            {open === p.id ? (
              <RefundForm
                payment={p}
                onDone={(done) => {
                  setOpen(null);
                  if (done) setAsked(p.id);
                }}
              />
            ) : (
              (p.state === 'completed' || (p.state === 'refunded' && (p.refundedAmount ?? 0) < p.amount)) &&
              p.receipt && (
                <div className="mod-actions">
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() => setOpen(p.id)}
                    data-testid="refund-open"
                  >
                    {t('moderation.payments.refund')}
                  </button>
                </div>
              )
            )}
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <button type="button" className="btn btn-secondary mod-more" onClick={() => void query.fetchNextPage()}>
          {t('moderation.payments.more')}
        </button>
      )}
    </div>
  );
}
