/**
 * What a closed account sees after signing in again (the API refuses its every call but its deletion's: 403
 * ACCOUNT_CLOSED): when it is erased, and "Keep my account" (DELETE /account/deletion) or sign out. Kept, the app
 * reads the account again and opens as usual.
 */
import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/queryClient';
import { useAuth } from '../../auth/AuthProvider';
import { Banner } from '../../components/feedback';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/Spinner';
import { useErrorText } from '../../i18n/errors';
import { useFormat } from '../../i18n/format';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { useAccountDeletion } from './api/get-account-deletion';
import { useCancelAccountDeletion } from './api/cancel-account-deletion';
import './privacy.css';

function ClosingAccount() {
  const t = useT();
  const errorText = useErrorText();
  const { longDate } = useFormat();
  usePageTitle('privacy.closing.title');
  const auth = useAuth();
  const deletion = useAccountDeletion();
  const keep = useCancelAccountDeletion();
  const [error, setError] = useState<string | null>(null);

  const keepAccount = async () => {
    setError(null);
    try {
      await keep.mutateAsync();
      await auth.refresh();
    } catch (err) {
      setError(errorText(err));
    }
  };

  if (deletion.isPending) return <PageLoading />;
  if (deletion.isError)
    return (
      <div className="pv-closing">
        <LoadError onRetry={() => void deletion.refetch()} message={t('privacy.closing.loadError')} />
      </div>
    );
  return (
    <div className="pv-closing" data-testid="closing-account">
      <div className="pv-closing-card">
        <h1>{t('privacy.closing.title')}</h1>
        {deletion.data.eraseAfter && (
          <p className="pv-closing-date" data-testid="closing-date">
            {t('privacy.closing.date', { date: longDate(deletion.data.eraseAfter) })}
          </p>
        )}
        <p>{t('privacy.closing.explain')}</p>
        <Banner text={error} kind="error" testId="closing-error" />
        <div className="form-actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void keepAccount()}
            disabled={keep.isPending}
            data-testid="closing-keep"
          >
            {keep.isPending ? t('privacy.closing.keeping') : t('privacy.closing.keep')}
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void auth.signOut()}
            disabled={keep.isPending}
            data-testid="closing-sign-out"
          >
            {t('privacy.closing.signOut')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** Shown outside the data pages (their query client is not mounted for a closed account): its own, for its two calls. */
const closingQueries = createQueryClient();

export default function ClosingAccountPage() {
  return (
    <QueryClientProvider client={closingQueries}>
      <ClosingAccount />
    </QueryClientProvider>
  );
}
