/** The business's payment transactions (ads, subscriptions): GET /paymentTransaction/bussines/{sub}. */
import { useMemo } from 'react';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { AVATAR_PLACEHOLDER } from '../../lib/images';
import { useAuth } from '../../auth/AuthProvider';
import { money } from '../../lib/format';
import { allItems } from '../../lib/pages';
import { useTransactions } from './api/get-transactions';
import { SafeImage } from '../../components/SafeImage';

export function Transactions() {
  const { sub } = useAuth();
  const query = useTransactions(sub);
  const rows = useMemo(() => allItems(query.data).sort((a, b) => b.date.localeCompare(a.date)), [query.data]);

  return (
    <div className="st-panel">
      <h2>Transactions</h2>
      {query.isPending ? (
        <p className="muted">Loading...</p>
      ) : query.isError && rows.length === 0 ? (
        <LoadError message="Could not load your transactions." onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <p className="empty-state">You have made no transactions so far.</p>
      ) : (
        <div className="st-table-wrap">
          <table className="st-table" data-testid="transactions-table">
            <thead>
              <tr>
                <th>Client's Name</th>
                <th>ID</th>
                <th>Date</th>
                <th>Amount</th>
                <th>Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((t) => (
                <tr key={t.id}>
                  <td>
                    <span className="st-client">
                      <SafeImage
                        src={t.image}
                        fallback={AVATAR_PLACEHOLDER}
                        alt=""
                        className="avatar avatar-sm"
                        width={96}
                        height={96}
                        sizes="96px"
                      />
                      <span>
                        {t.clientName}
                        {t.description && <small className="muted st-desc">{t.description}</small>}
                      </span>
                    </span>
                  </td>
                  <td className="st-mono" data-label="ID">
                    {t.id.slice(0, 8)}
                  </td>
                  <td data-label="Date">
                    {new Date(t.date).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })}
                  </td>
                  <td data-label="Amount">{money(t.amount, '$', 2)}</td>
                  <td data-label="Status">
                    <span>
                      <span className={`st-badge st-badge--${t.status.toLowerCase()}`}>{t.status}</span>
                      {t.sandbox && <small className="st-sandbox-tag">Sandbox</small>}
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
