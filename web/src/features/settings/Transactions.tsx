/**
 * The business's payments (ads, plans, renewals): GET /paymentTransaction/bussines/{sub}, newest first, each with
 * what was bought (worded in the reader's language from the API's `summary`), its short id (the same the moderators'
 * list shows; the whole id as its title), its date and time, the amount in the currency charged, and its state
 * (Pending, Completed, Refused with the reason, Refunded with the moderator's reason or the run's cancellation,
 * a chargeback), with a link to its receipt (the provider's invoice).
 */
import { useMemo } from 'react';
import { shortId } from '../../../../common/payments';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { AVATAR_PLACEHOLDER } from '../../lib/images';
import { useAuth } from '../../auth/AuthProvider';
import { useFormat } from '../../i18n/format';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { allItems } from '../../lib/pages';
import { useTransactions } from './api/get-transactions';
import { SafeImage } from '../../components/SafeImage';
import {
  ReceiptButton,
  STATUS_MESSAGES,
  failureMessage,
  usePaymentItem,
  useRunStopText,
} from '../../entities/payments';

export function Transactions() {
  const t = useT();
  const format = useFormat();
  const item = usePaymentItem();
  const runStopText = useRunStopText();
  usePageTitle('settings.transactions.title');
  const { sub } = useAuth();
  const query = useTransactions(sub);
  const rows = useMemo(() => allItems(query.data).sort((a, b) => b.date.localeCompare(a.date)), [query.data]);
  const columns = {
    client: t('settings.transactions.client'),
    id: t('settings.transactions.id'),
    date: t('settings.transactions.date'),
    amount: t('settings.transactions.amount'),
    status: t('settings.transactions.status'),
  };

  return (
    <div className="st-panel">
      <h2>{t('settings.transactions.title')}</h2>
      {query.isPending ? (
        <p className="muted">{t('settings.loading')}</p>
      ) : query.isError && rows.length === 0 ? (
        <LoadError message={t('settings.transactions.loadError')} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <p className="empty-state">{t('settings.transactions.empty')}</p>
      ) : (
        <div className="st-table-wrap">
          <table className="st-table" data-testid="transactions-table">
            <thead>
              <tr>
                <th>{columns.client}</th>
                <th>{columns.id}</th>
                <th>{columns.date}</th>
                <th>{columns.amount}</th>
                <th>{columns.status}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const stopped = runStopText(row);
                return (
                  <tr key={row.id} data-testid="transaction-row">
                    <td>
                      <span className="st-client">
                        <SafeImage
                          src={row.image}
                          fallback={AVATAR_PLACEHOLDER}
                          alt=""
                          className="avatar avatar-sm"
                          width={96}
                          height={96}
                          sizes="96px"
                        />
                        <span data-testid="transaction-item">{item(row)}</span>
                      </span>
                    </td>
                    <td className="st-mono" data-label={columns.id}>
                      <span
                        translate="no"
                        title={t('settings.transactions.fullId', { id: row.id })}
                        data-testid="transaction-id"
                      >
                        {shortId(row.id)}
                      </span>
                    </td>
                    <td data-label={columns.date} data-testid="transaction-date">
                      {format.dateTime(row.date)}
                    </td>
                    <td data-label={columns.amount}>{format.money(row.amount, 2, row.currency)}</td>
                    <td data-label={columns.status} data-testid="transaction-status">
                      <span>
                        <span className={`st-badge st-badge--${row.status.toLowerCase()}`}>
                          {t(STATUS_MESSAGES[row.status])}
                        </span>
                        {row.test && <small className="st-sandbox-tag">{t('settings.transactions.test')}</small>}
                        {row.status === 'Refused' && <small className="muted st-desc">{t(failureMessage(row))}</small>}
                        {stopped && (
                          <small className="muted st-desc" data-testid="transaction-run-stop">
                            {stopped}
                          </small>
                        )}
                        {row.refund && row.refund.status !== 'rejected' && !row.refund.runStop && (
                          <small className="muted st-desc" data-testid="refund-reason">
                            {t(row.refund.status === 'approved' ? 'payments.refunded' : 'payments.refundPending', {
                              amount: format.money(row.refund.amount, 2, row.currency),
                            })}{' '}
                            {t('payments.refundReason', { reason: row.refund.reason })}
                          </small>
                        )}
                        {row.refund?.runStop && row.refund.status === 'pending_approval' && (
                          <small className="muted st-desc">
                            {t('payments.refundPending', {
                              amount: format.money(row.refund.amount, 2, row.currency),
                            })}
                          </small>
                        )}
                        {row.chargedBack ? (
                          <small className="muted st-desc" data-testid="transaction-charged-back">
                            {t('payments.chargedBack', { amount: format.money(row.chargedBack, 2, row.currency) })}
                          </small>
                        ) : null}
                        {row.receipt && <ReceiptButton paymentId={row.id} />}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore
        hasMore={!!query.hasNextPage}
        loading={query.isFetchingNextPage}
        onMore={() => void query.fetchNextPage()}
      />
    </div>
  );
}
