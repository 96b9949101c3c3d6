/**
 * Settings > Privacy (both roles): download a copy of everything held about you (GET/POST /account/export: the state
 * of the latest copy, asked again every few seconds while it is being made, its download link while it is kept), and
 * delete your account (POST /account/deletion): what happens is listed, the password is asked (the shared schema
 * common/schemas/privacy.ts), the person confirms, then a dialog says the date. On success the session ends here
 * (the dialog said the date; the email says it again and how to keep the account).
 */
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type * as z from 'zod';
import { ERASURE_DELAY_DAYS, EXPORT_LINK_HOURS, erasureDateOf } from '../../../../common/privacy';
import type { DataExport } from '../../../../common/schemas/privacy';
import { closeAccountBody } from '../../../../common/schemas/privacy';
import { pagePath } from '../../../../common/publicPages';
import { useAuth } from '../../auth/AuthProvider';
import { Banner } from '../../components/feedback';
import { LoadError } from '../../components/LoadError';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { useErrorText } from '../../i18n/errors';
import { useFormat } from '../../i18n/format';
import { useLanguage } from '../../i18n/I18nProvider';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { FieldError, useApiFieldErrors, useSchemaResolver } from '../../lib/forms';
import { useDataExport } from './api/get-data-export';
import { useRequestDataExport } from './api/request-data-export';
import { useCloseAccount } from './api/close-account';
import './privacy.css';

/** A ZIP's size as people read it. */
function useFileSize() {
  const { number } = useFormat();
  return (bytes: number) =>
    bytes >= 1_048_576
      ? `${number(Math.round(bytes / 104_857.6) / 10)} MB`
      : `${number(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

function ExportSection() {
  const t = useT();
  const errorText = useErrorText();
  const { longDate } = useFormat();
  const size = useFileSize();
  const status = useDataExport();
  const ask = useRequestDataExport();
  const [error, setError] = useState<string | null>(null);

  const request = async () => {
    setError(null);
    try {
      await ask.mutateAsync();
    } catch (err) {
      setError(errorText(err));
    }
  };

  const body = (current: DataExport) => {
    const waiting = current.status === 'requested' || current.status === 'running';
    const blocked = !!current.nextAllowedAt && current.status !== 'failed';
    return (
      <>
        {waiting && (
          <p className="pv-state pv-state--waiting" role="status" data-testid="export-preparing">
            <span className="pv-pulse" aria-hidden="true" /> {t('privacy.export.preparing')}
          </p>
        )}
        {current.status === 'ready' && current.url && (
          <div className="pv-state pv-state--ready" data-testid="export-ready">
            <p>{t('privacy.export.ready', { size: size(current.size ?? 0) })}</p>
            <a className="btn btn-primary" href={current.url} download data-testid="export-download">
              {t('privacy.export.download')}
            </a>
            <p className="muted small">{t('privacy.export.until', { date: longDate(current.expiresAt) })}</p>
          </div>
        )}
        {current.status === 'failed' && (
          <p className="pv-state pv-state--failed" role="alert" data-testid="export-failed">
            {t('privacy.export.failed')}
          </p>
        )}
        {current.status === 'none' && (
          <p className="muted" data-testid="export-none">
            {t('privacy.export.none')}
          </p>
        )}
        {current.status === 'expired' && (
          <p className="muted">{t('privacy.export.expired', { hours: EXPORT_LINK_HOURS })}</p>
        )}
        {!waiting && current.status !== 'ready' && (
          <div className="form-actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={request}
              disabled={ask.isPending || blocked}
              data-testid="export-ask"
            >
              {ask.isPending ? t('privacy.export.asking') : t('privacy.export.ask')}
            </button>
          </div>
        )}
        {blocked && current.status !== 'ready' && !waiting && (
          <p className="muted small" data-testid="export-next">
            {t('privacy.export.nextAt', { date: longDate(current.nextAllowedAt) })}
          </p>
        )}
      </>
    );
  };

  return (
    <section className="pv-section" aria-labelledby="pv-export-title" data-testid="privacy-export">
      <h3 id="pv-export-title">{t('privacy.export.title')}</h3>
      <p>{t('privacy.export.what', { hours: EXPORT_LINK_HOURS })}</p>
      <Banner text={error} kind="error" testId="export-error" />
      {status.isPending ? (
        <Spinner />
      ) : status.isError ? (
        <LoadError
          onRetry={() => void status.refetch()}
          message={t('privacy.export.loadError')}
          testId="export-load-error"
        />
      ) : (
        body(status.data)
      )}
    </section>
  );
}

const LABELS = { password: 'privacy.delete.password' } as const;
type CloseValues = z.input<typeof closeAccountBody>;

function DeleteSection() {
  const t = useT();
  const errorText = useErrorText();
  const { longDate } = useFormat();
  const navigate = useNavigate();
  const auth = useAuth();
  const close = useCloseAccount();
  const resolver = useSchemaResolver(closeAccountBody, LABELS);
  const form = useForm<CloseValues, unknown, z.output<typeof closeAccountBody>>({
    resolver,
    defaultValues: { password: '', confirm: false as unknown as true },
  });
  const applyApiErrors = useApiFieldErrors(LABELS);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [password, confirmed] = useWatch({ control: form.control, name: ['password', 'confirm'] });
  const passwordError = form.formState.errors.password?.message;

  const erase = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await close.mutateAsync(values);
      setConfirming(false);
      // The server signed the account out everywhere: this browser's session ends too.
      await auth.signOut();
      navigate('/login', { replace: true });
    } catch (err) {
      setConfirming(false);
      if (!applyApiErrors(err, form.setError, ['password'])) setError(errorText(err));
    }
  });

  return (
    <section className="pv-section pv-danger" aria-labelledby="pv-delete-title" data-testid="privacy-delete">
      <h3 id="pv-delete-title">{t('privacy.delete.title')}</h3>
      <p>{t('privacy.delete.what')}</p>
      <ul className="pv-list">
        <li>{t('privacy.delete.now')}</li>
        <li>{t(auth.role === 'business' ? 'privacy.delete.business' : 'privacy.delete.client')}</li>
        <li>{t('privacy.delete.after', { days: ERASURE_DELAY_DAYS })}</li>
        <li>{t('privacy.delete.kept')}</li>
        <li>{t('privacy.delete.changeMind', { days: ERASURE_DELAY_DAYS })}</li>
      </ul>
      <p className="muted small">{t('privacy.delete.downloadFirst')}</p>
      <Banner text={error} kind="error" testId="delete-error" />
      <form
        className="st-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void form.trigger().then((valid) => valid && setConfirming(true));
        }}
      >
        <div className="field">
          <label htmlFor="pv-password">{t(LABELS.password)}</label>
          <input
            id="pv-password"
            type="password"
            className="input"
            autoComplete="current-password"
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? 'pv-password-error' : undefined}
            {...form.register('password')}
            data-testid="delete-password"
          />
          <FieldError id="pv-password-error" message={passwordError} testId="delete-password-error" />
        </div>
        <label className="pv-check">
          <input type="checkbox" {...form.register('confirm')} data-testid="delete-confirm" />
          <span>{t('privacy.delete.confirm')}</span>
        </label>
        <div className="form-actions">
          <button
            type="submit"
            className="btn btn-danger"
            disabled={!password || !confirmed || close.isPending}
            data-testid="delete-account"
          >
            {close.isPending ? t('privacy.delete.deleting') : t('privacy.delete.button')}
          </button>
        </div>
      </form>
      <Modal
        open={confirming}
        title={t('privacy.delete.dialogTitle')}
        onClose={() => !close.isPending && setConfirming(false)}
        testId="delete-dialog"
        footer={
          <>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setConfirming(false)}
              disabled={close.isPending}
              data-testid="delete-cancel"
            >
              {t('privacy.delete.dialogCancel')}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => void erase()}
              disabled={close.isPending}
              data-testid="delete-really"
            >
              {close.isPending ? t('privacy.delete.deleting') : t('privacy.delete.dialogConfirm')}
            </button>
          </>
        }
      >
        <p>{t('privacy.delete.dialogText', { date: longDate(erasureDateOf(new Date().toISOString())) })}</p>
      </Modal>
    </section>
  );
}

export function PrivacySettings() {
  const t = useT();
  const { language } = useLanguage();
  usePageTitle('privacy.title');
  return (
    <div className="st-panel pv-panel">
      <h2>{t('privacy.title')}</h2>
      <p>
        {t('privacy.intro')}{' '}
        <a href={pagePath({ kind: 'privacy' }, language)} data-testid="privacy-page-link">
          {t('privacy.readPage')}
        </a>
      </p>
      <ExportSection />
      <DeleteSection />
    </div>
  );
}
