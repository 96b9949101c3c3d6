/**
 * Moderation > Payments: every business's payments, newest first, with a Refund action on completed ones. A refund
 * needs a reason (the business is shown it in its email, notification and Transactions page) and may be partial.
 * Each row says, in the reader's language, its state, whether it is a test payment, its short id (the one the
 * business's Transactions page shows; the whole id as its title), its date and time, who paid and what was bought,
 * and what happened since (a refund and its reason, a run its business cancelled, a chargeback).
 */
import { useState, type FormEvent } from 'react';
import type { ModerationPayment } from '../../../../common/types';
import { REFUND_REASON_MAX, shortId } from '../../../../common/payments';
import { STATUS_MESSAGES, usePaymentItem, useRunStopText } from '../../entities/payments';
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
  const item = usePaymentItem();
  const runStopText = useRunStopText();
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
        {payments.map((p) => {
          const stopped = runStopText(p);
          return (
            <li key={p.id} className="mod-entry" data-testid="payment-entry">
              <div className="mod-entry-head mod-payment-head">
                {p.unmatched ? (
                  <span className="chip chip-warning" data-testid="payment-unmatched">
                    {t('moderation.payments.unmatched')}
                  </span>
                ) : (
                  <span className="chip" data-testid="payment-status">
                    {t(STATUS_MESSAGES[p.status])}
                  </span>
                )}
                {p.test && (
                  <span className="chip chip-test" data-testid="payment-test">
                    {t('settings.transactions.test')}
                  </span>
                )}
                <strong className="mod-payment-amount">{format.money(p.amount, 2, p.currency)}</strong>
              </div>
              <p className="mod-payment-meta">
                <span
                  className="mod-payment-id"
                  translate="no"
                  title={t('settings.transactions.fullId', { id: p.id })}
                  data-testid="payment-id"
                >
                  {shortId(p.id)}
                </span>
                <span data-testid="payment-date">{format.dateTime(p.date)}</span>
                {!p.unmatched &&
                  (p.clientName ? (
                    <span translate="no">{p.clientName}</span>
                  ) : (
                    <span>{t('moderation.payments.erased')}</span>
                  ))}
              </p>
              <p className="mod-owner" data-testid="payment-item">
                {p.unmatched
                  ? t('moderation.payments.unmatchedText', { claimed: p.unmatched.claimedPaymentId ?? 'none' })
                  : item(p)}
              </p>
              {stopped && (
                <p className="muted small" data-testid="payment-run-stop">
                  {stopped}
                </p>
              )}
              {p.chargedBack ? (
                <p className="muted small" data-testid="payment-charged-back">
                  {t('moderation.payments.chargedBack', { amount: format.money(p.chargedBack, 2, p.currency) })}
                </p>
              ) : null}
              {p.refund && !p.refund.runStop && (
                <p className="muted small">{t('payments.refundReason', { reason: p.refund.reason })}</p>
              )}
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
          );
        })}
      </ul>
      {query.hasNextPage && (
        <button type="button" className="btn btn-secondary mod-more" onClick={() => void query.fetchNextPage()}>
          {t('moderation.payments.more')}
        </button>
      )}
    </div>
  );
}
