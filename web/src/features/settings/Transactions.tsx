/**
 * The business's payments (ads, plans, renewals): GET /paymentTransaction/bussines/{sub}, each with its state
 * (Pending, Completed, Refused with the reason, Refunded with the moderator's reason), the amount in the currency
 * charged, and a link to its receipt (the provider's invoice).
 */
import { useMemo } from 'react';
import { AD_PRICE } from '../../../../common/constants';
import type { TransactionStatus } from '../../../../common/payments';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { AVATAR_PLACEHOLDER } from '../../lib/images';
import { useAuth } from '../../auth/AuthProvider';
import type { MessageId } from '../../i18n/catalog/en';
import { useFormat } from '../../i18n/format';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { allItems } from '../../lib/pages';
import { useTransactions } from './api/get-transactions';
import { SafeImage } from '../../components/SafeImage';
import { ReceiptButton, failureMessage } from '../../entities/payments';

const STATUS: Record<TransactionStatus, MessageId> = {
  Pending: 'settings.transactions.status.pending',
  Completed: 'settings.transactions.status.completed',
  Refused: 'settings.transactions.status.refused',
  Refunded: 'settings.transactions.status.refunded',
};

export function Transactions() {
  const t = useT();
  const format = useFormat();
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
              {rows.map((row) => (
                <tr key={row.id}>
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
                      <span>
                        {row.clientName}
                        {row.purpose ? (
                          <small className="muted st-desc">
                            {row.purpose.kind === 'ad'
                              ? t('settings.transactions.forAd', { price: format.money(AD_PRICE, 0, row.currency) })
                              : t('settings.transactions.forPlan', { plan: t(`services.plan.${row.purpose.plan}`) })}
                          </small>
                        ) : (
                          row.description && <small className="muted st-desc">{row.description}</small>
                        )}
                      </span>
                    </span>
                  </td>
                  <td className="st-mono" data-label={columns.id}>
                    {row.id.slice(0, 8)}
                  </td>
                  <td data-label={columns.date}>{format.longDate(row.date)}</td>
                  <td data-label={columns.amount}>{format.money(row.amount, 2, row.currency)}</td>
                  <td data-label={columns.status} data-testid="transaction-status">
                    <span>
                      <span className={`st-badge st-badge--${row.status.toLowerCase()}`}>{t(STATUS[row.status])}</span>
                      {row.test && <small className="st-sandbox-tag">{t('settings.transactions.test')}</small>}
                      {row.status === 'Refused' && <small className="muted st-desc">{t(failureMessage(row))}</small>}
                      {row.refund && row.refund.status !== 'rejected' && (
                        <small className="muted st-desc" data-testid="refund-reason">
                          {t(row.refund.status === 'approved' ? 'payments.refunded' : 'payments.refundPending', {
                            amount: format.money(row.refund.amount, 2, row.currency),
                          })}{' '}
                          {t('payments.refundReason', { reason: row.refund.reason })}
                        </small>
                      )}
                      {row.receipt && <ReceiptButton paymentId={row.id} />}
                    </span>
                  </td>
                </tr>
              ))}
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
