/** What both profile forms stand in: the panel with its title and its three states, and the banners above a form. */
import type { ReactNode } from 'react';
import { Banner } from '../../components/feedback';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/Spinner';
import type { MessageId } from '../../i18n/catalog/en';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';

export function EditShell({
  titleId: title,
  children,
  query,
}: {
  titleId: MessageId;
  children: ReactNode;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
}) {
  const t = useT();
  usePageTitle(title);
  return (
    <div className="st-panel">
      <div className="st-hero" aria-hidden="true" />
      <h2>{t(title)}</h2>
      {query.isPending ? (
        <PageLoading label={t('settings.loading')} />
      ) : query.isError ? (
        <LoadError message={t('settings.profile.loadError')} onRetry={() => void query.refetch()} />
      ) : (
        children
      )}
    </div>
  );
}

export function NotYours() {
  const t = useT();
  return <p className="empty-state">{t('settings.profile.notYours')}</p>;
}

/** The save's general error (what no field error says) and the photo banner, above the form. */
export function FormBanners({ photoBanner, error }: { photoBanner: string | null; error: string | null }) {
  return (
    <>
      <Banner text={photoBanner} kind="error" testId="photo-banner" />
      {error && (
        <div className="banner banner-error" role="alert" data-testid="profile-save-error">
          {error}
        </div>
      )}
    </>
  );
}
