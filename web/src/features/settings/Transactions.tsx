/** The business's payment transactions (ads, subscriptions): GET /paymentTransaction/bussines/{sub}. */
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { AVATAR_PLACEHOLDER } from '../../lib/images';
import type { Transaction } from '../../../../common/types';
import { useAuth } from '../../auth/AuthProvider';
import { fetchAllPages, money } from '../profiles/lists';
import { SafeImage } from '../../components/SafeImage';

export function Transactions() {
  const { sub } = useAuth();
  const [rows, setRows] = useState<Transaction[] | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!sub) return;
    let live = true;
    fetchAllPages<Transaction>(`/paymentTransaction/bussines/${encodeURIComponent(sub)}`)
      .then((list) => live && setRows([...list].sort((a, b) => b.date.localeCompare(a.date))))
      .catch((err) => {
        if (!live) return;
        setError(err instanceof ApiError ? `Error: ${err.status} ${err.message}` : 'Error: could not load transactions');
        setRows([]);
      });
    return () => { live = false; };
  }, [sub]);

  return (
    <div className="st-panel">
      <h2>Transactions</h2>
      {error && <div className="banner banner-error" role="alert">{error}</div>}
      {rows === undefined ? <p className="muted">Loading...</p> : rows.length === 0 ? (
        !error && <p className="empty-state">You have made no transactions so far.</p>
      ) : (
        <div className="st-table-wrap">
          <table className="st-table" data-testid="transactions-table">
            <thead>
              <tr><th>Client's Name</th><th>ID</th><th>Date</th><th>Amount</th><th>Status</th></tr>
            </thead>
            <tbody>
              {rows.map((t) => (
                <tr key={t.id}>
                  <td>
                    <span className="st-client">
                      <SafeImage src={t.image} fallback={AVATAR_PLACEHOLDER} alt="" className="avatar avatar-sm" width={96} height={96} sizes="96px" />
                      <span>
                        {t.clientName}
                        {t.description && <small className="muted st-desc">{t.description}</small>}
                      </span>
                    </span>
                  </td>
                  <td className="st-mono" data-label="ID">{t.id.slice(0, 8)}</td>
                  <td data-label="Date">{new Date(t.date).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })}</td>
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
    </div>
  );
}
