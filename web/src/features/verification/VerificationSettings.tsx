/**
 * Settings > Verification (businesses): where the business's verification stands (not asked, waiting for a
 * moderator, verified, refused with the moderator's reason) and, until it is verified or while it waits, the
 * form to ask: the NIPT (checked with the API's own schema, common/schemas/verification.ts) and a photo of a
 * document showing it, uploaded like every picture (lib/upload.ts) before POST /business/verification.
 */
import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { LIMITS, UPLOAD_CONTENT_TYPES } from '../../../../common/constants';
import type { verificationRequestBody } from '../../../../common/schemas/verification';
import type { Verification } from '../../../../common/verification';
import { Banner } from '../../components/feedback';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/Spinner';
import { VerifiedBadge } from '../../components/VerifiedBadge';
import { useErrorText } from '../../i18n/errors';
import { useFormat } from '../../i18n/format';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { FieldError, useApiFieldErrors, useSchemaResolver } from '../../lib/forms';
import { UploadError, uploadImage } from '../../lib/upload';
import { useVerification } from './api/get-verification';
import { useRequestVerification } from './api/request-verification';
import './verification.css';

const pickNipt = (body: typeof verificationRequestBody) => body().pick({ nipt: true });
type NiptForm = ReturnType<typeof pickNipt>;

/**
 * What the form checks before the upload: the NIPT, with the API's own rule, fetched apart from the page (the form
 * draws before zod arrives, and the moderators' queue, in the same feature, does not carry it).
 */
export const loadNiptForm = () =>
  import('../../../../common/schemas/verification').then((m) => pickNipt(m.verificationRequestBody));

const LABELS = { nipt: 'verification.form.nipt' } as const;
const MAX_MB = LIMITS.maxImageBytes / (1024 * 1024);

/** Whether a chosen file can be the document's photo (the upload API's types and size). */
export const isDocumentFile = (file: File) =>
  (UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type) && file.size <= LIMITS.maxImageBytes;

function VerificationStatus({ verification }: { verification: Verification }) {
  const t = useT();
  const { longDate } = useFormat();
  const { status } = verification;
  return (
    <div className={`vf-status vf-status--${status}`} data-testid="verification-status">
      {status === 'none' && <p>{t('verification.status.none')}</p>}
      {status === 'pending' && <p>{t('verification.status.pending', { date: longDate(verification.requestedAt) })}</p>}
      {status === 'verified' && (
        <p className="vf-verified">
          <VerifiedBadge verified />
          <span>{t('verification.status.verified', { date: longDate(verification.decidedAt) })}</span>
        </p>
      )}
      {status === 'refused' && (
        <>
          <p>{t('verification.status.refused', { date: longDate(verification.decidedAt) })}</p>
          {verification.reason && (
            <p className="vf-reason" data-testid="verification-reason">
              {t('verification.status.reason', { reason: verification.reason })}
            </p>
          )}
        </>
      )}
      {verification.nipt && <p className="muted small">{t('verification.status.nipt', { nipt: verification.nipt })}</p>}
    </div>
  );
}

function VerificationForm({ again, onSent }: { again: boolean; onSent: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const resolver = useSchemaResolver(loadNiptForm, LABELS);
  const form = useForm<z.input<NiptForm>, unknown, z.output<NiptForm>>({
    resolver,
    defaultValues: { nipt: '' },
  });
  const applyApiErrors = useApiFieldErrors(LABELS);
  const ask = useRequestVerification();
  // The upload of the chosen file, reused when sending again after a refusal of the request itself.
  const [uploaded, setUploaded] = useState<{ file: File; key: string } | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const niptError = form.formState.errors.nipt?.message;

  function choose(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0] ?? null;
    e.target.value = '';
    if (!chosen) return;
    if (!isDocumentFile(chosen)) {
      setFileError(t('verification.form.badFile', { mb: MAX_MB }));
      return;
    }
    setFileError(null);
    setFile(chosen);
  }

  const submit = form.handleSubmit(async ({ nipt }) => {
    setError(null);
    if (!file) {
      setFileError(t('verification.form.noDocument'));
      return;
    }
    setWorking(true);
    try {
      let document = uploaded?.file === file ? uploaded.key : undefined;
      if (!document) {
        document = (await uploadImage(file)).key;
        setUploaded({ file, key: document });
      }
      await ask.mutateAsync({ nipt, document });
      onSent();
    } catch (err) {
      if (err instanceof UploadError) setFileError(t('verification.form.uploadFailed'));
      else if (!applyApiErrors(err, form.setError, ['nipt'])) setError(errorText(err));
      setWorking(false);
    }
  });

  return (
    <form onSubmit={submit} className="st-form vf-form" noValidate aria-label={t('verification.settings.title')}>
      <div className="field">
        <label htmlFor="verification-nipt">{t(LABELS.nipt)}</label>
        <input
          id="verification-nipt"
          className="input vf-nipt"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          aria-invalid={niptError ? true : undefined}
          aria-describedby={niptError ? 'verification-nipt-help verification-nipt-error' : 'verification-nipt-help'}
          {...form.register('nipt')}
          data-testid="verification-nipt"
        />
        <p id="verification-nipt-help" className="small muted">
          {t('verification.form.niptHelp')}
        </p>
        <FieldError id="verification-nipt-error" message={niptError} testId="verification-nipt-error" />
      </div>
      <div className="field">
        <span className="field-label" id="verification-document-label">
          {t('verification.form.document')}
        </span>
        <label className="dropzone vf-dropzone">
          <input
            type="file"
            accept={UPLOAD_CONTENT_TYPES.join(',')}
            onChange={choose}
            className="visually-hidden"
            aria-labelledby="verification-document-label"
            aria-describedby={
              fileError ? 'verification-document-help verification-document-error' : 'verification-document-help'
            }
            data-testid="verification-document"
          />
          {preview ? (
            <img src={preview} alt={t('verification.form.preview')} className="vf-preview" />
          ) : (
            <strong>{t('verification.form.choose')}</strong>
          )}
        </label>
        <p id="verification-document-help" className="small muted">
          {file ? file.name : t('verification.form.documentHelp', { mb: MAX_MB })}
        </p>
        <FieldError
          id="verification-document-error"
          message={fileError ?? undefined}
          testId="verification-document-error"
        />
      </div>
      <Banner text={error} kind="error" testId="verification-error" />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={working} data-testid="verification-submit">
          {working
            ? t('verification.form.sending')
            : again
              ? t('verification.form.again')
              : t('verification.form.submit')}
        </button>
      </div>
    </form>
  );
}

export function VerificationSettings() {
  const t = useT();
  usePageTitle('verification.settings.title');
  const query = useVerification();
  const [sent, setSent] = useState(false);

  let body;
  if (query.isPending) body = <PageLoading label={t('verification.loading')} />;
  else if (query.isError) body = <LoadError onRetry={() => void query.refetch()} />;
  else {
    const verification = query.data;
    const mayAsk = verification.status === 'none' || verification.status === 'refused';
    body = (
      <>
        {verification.status === 'none' && <p>{t('verification.settings.intro')}</p>}
        <Banner text={sent ? t('verification.form.sent') : null} testId="verification-sent" />
        <VerificationStatus verification={verification} />
        {mayAsk && <VerificationForm again={verification.status === 'refused'} onSent={() => setSent(true)} />}
      </>
    );
  }
  return (
    <div className="st-panel vf-settings">
      <h2>{t('verification.settings.title')}</h2>
      {body}
    </div>
  );
}
