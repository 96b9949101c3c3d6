/**
 * The moderators' verification queue (GET /moderation/verifications): the businesses waiting, oldest first,
 * 20 at a time, each with its NIPT and the picture of its document (a button enlarges it in a dialog).
 * Approve verifies the business at once; Refuse asks for the reason (the business reads it) in a dialog,
 * checked with the API's own schema. Mounted as a tab of /moderation (until then at /moderation/verifications).
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import type { verificationDecisionBody } from '../../../../common/schemas/verification';
import type { PendingVerification } from '../../../../common/verification';
import { Banner } from '../../components/feedback';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { Modal } from '../../components/Modal';
import { SafeImage } from '../../components/SafeImage';
import { PageLoading } from '../../components/Spinner';
import { useErrorText } from '../../i18n/errors';
import { useFormat } from '../../i18n/format';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { FieldError, useApiFieldErrors, useSchemaResolver } from '../../lib/forms';
import { POST_PLACEHOLDER } from '../../lib/images';
import { useDecideVerification } from './api/decide-verification';
import { usePendingVerifications } from './api/get-pending-verifications';
import './verification.css';

const REFUSE_LABELS = { reason: 'verification.refuse.reason' } as const;

/** The verification decision's schema, fetched apart from the queue (zod loads when the refuse dialog opens). */
const loadDecisionSchema = () =>
  import('../../../../common/schemas/verification').then((m) => m.verificationDecisionBody);

function RefuseDialog({
  request,
  onClose,
  onRefused,
}: {
  request: PendingVerification | null;
  onClose: () => void;
  onRefused: (request: PendingVerification) => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const resolver = useSchemaResolver(loadDecisionSchema, REFUSE_LABELS);
  const applyApiErrors = useApiFieldErrors(REFUSE_LABELS);
  const form = useForm<z.input<typeof verificationDecisionBody>, unknown, z.output<typeof verificationDecisionBody>>({
    resolver,
    defaultValues: { approve: false, reason: '' },
  });
  const decide = useDecideVerification();
  const [error, setError] = useState<string | null>(null);
  const sending = decide.isPending;
  const reasonError = form.formState.errors.reason?.message;

  const close = () => {
    if (sending) return;
    form.reset();
    setError(null);
    onClose();
  };

  const submit = form.handleSubmit(async ({ reason }) => {
    if (!request) return;
    setError(null);
    try {
      await decide.mutateAsync({ businessId: request.businessId, approve: false, reason });
      form.reset();
      onRefused(request);
    } catch (err) {
      if (!applyApiErrors(err, form.setError, ['reason'])) setError(errorText(err));
    }
  });

  return (
    <Modal
      open={!!request}
      title={t('verification.refuse.title', { name: request?.businessName ?? '' })}
      onClose={close}
      testId="verification-refuse-dialog"
    >
      <form onSubmit={submit} noValidate className="vf-refuse-form">
        <div className="field">
          <label htmlFor="verification-refuse-reason">{t(REFUSE_LABELS.reason)}</label>
          <textarea
            id="verification-refuse-reason"
            className="textarea"
            rows={4}
            required
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? 'verification-refuse-reason-error' : undefined}
            {...form.register('reason')}
            data-testid="verification-refuse-reason"
          />
          <FieldError id="verification-refuse-reason-error" message={reasonError} testId="verification-refuse-error" />
        </div>
        <Banner text={error} kind="error" testId="verification-refuse-failed" />
        <div className="form-actions fx-actions">
          <button type="button" className="btn btn-secondary" onClick={close} disabled={sending}>
            {t('verification.refuse.cancel')}
          </button>
          <button type="submit" className="btn btn-danger" disabled={sending} data-testid="verification-refuse-confirm">
            {sending ? t('verification.refuse.sending') : t('verification.refuse.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function QueueEntry({
  request,
  busy,
  onEnlarge,
  onApprove,
  onRefuse,
}: {
  request: PendingVerification;
  busy: boolean;
  onEnlarge: () => void;
  onApprove: () => void;
  onRefuse: () => void;
}) {
  const t = useT();
  const { longDate } = useFormat();
  const name = request.businessName;
  return (
    <li className="card vf-entry" data-testid="verification-request">
      <button
        type="button"
        className="vf-document"
        onClick={onEnlarge}
        aria-label={t('verification.queue.enlarge', { name })}
      >
        <SafeImage
          src={request.documentUrl}
          fallback={POST_PLACEHOLDER}
          alt={t('verification.queue.document', { name })}
          width={160}
          height={120}
          sizes="160px"
        />
      </button>
      <div className="vf-entry-body">
        {/* The business's own words (its name, town and NIPT) are not translated. */}
        <h3 className="vf-entry-name" translate="no">
          {name}
        </h3>
        <p className="muted small" translate="no">
          {request.location}
        </p>
        <dl className="vf-entry-facts">
          <dt>{t('verification.queue.nipt')}</dt>
          <dd className="vf-nipt-value" translate="no">
            {request.nipt}
          </dd>
        </dl>
        <p className="muted small">
          <time dateTime={request.requestedAt}>
            {t('verification.queue.requested', { date: longDate(request.requestedAt) })}
          </time>
        </p>
        <div className="form-actions vf-entry-actions">
          <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={onApprove}>
            {t('verification.queue.approve')}
          </button>
          <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={onRefuse}>
            {t('verification.queue.refuse')}
          </button>
        </div>
      </div>
    </li>
  );
}

export function VerificationQueue() {
  const t = useT();
  const errorText = useErrorText();
  usePageTitle('verification.queue.title');
  const query = usePendingVerifications();
  const decide = useDecideVerification();
  const [enlarged, setEnlarged] = useState<PendingVerification | null>(null);
  const [refusing, setRefusing] = useState<PendingVerification | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  async function approve(request: PendingVerification) {
    setDone(null);
    setFailed(null);
    try {
      await decide.mutateAsync({ businessId: request.businessId, approve: true });
      setDone(t('verification.queue.approved', { name: request.businessName }));
    } catch (err) {
      setFailed(t('verification.queue.failed', { reason: errorText(err) }));
    }
  }

  let body;
  if (query.isPending) body = <PageLoading label={t('verification.queue.loading')} />;
  else if (query.isError && items.length === 0) body = <LoadError onRetry={() => void query.refetch()} />;
  else if (items.length === 0)
    body = (
      <p className="vf-empty" data-testid="verification-queue-empty">
        {t('verification.queue.empty')}
      </p>
    );
  else
    body = (
      <>
        <ul className="vf-queue" data-testid="verification-queue">
          {items.map((request) => (
            <QueueEntry
              key={request.businessId}
              request={request}
              busy={decide.isPending}
              onEnlarge={() => setEnlarged(request)}
              onApprove={() => void approve(request)}
              onRefuse={() => {
                setDone(null);
                setFailed(null);
                setRefusing(request);
              }}
            />
          ))}
        </ul>
        {query.isFetchNextPageError && <LoadError onRetry={() => void query.fetchNextPage()} />}
        {!query.isFetchNextPageError && (
          <LoadMore
            hasMore={!!query.hasNextPage}
            loading={query.isFetchingNextPage}
            onMore={() => void query.fetchNextPage()}
          />
        )}
      </>
    );

  return (
    <section className="vf-queue-page" aria-labelledby="verification-queue-title">
      <h2 id="verification-queue-title">{t('verification.queue.title')}</h2>
      <p className="muted">{t('verification.queue.intro')}</p>
      <Banner text={done} testId="verification-queue-done" />
      <Banner text={failed} kind="error" testId="verification-queue-failed" />
      {body}
      <Modal
        open={!!enlarged}
        title={t('verification.queue.document', { name: enlarged?.businessName ?? '' })}
        onClose={() => setEnlarged(null)}
        wide
        testId="verification-document-dialog"
      >
        {enlarged && (
          <SafeImage
            src={enlarged.documentUrl}
            fallback={POST_PLACEHOLDER}
            alt={t('verification.queue.document', { name: enlarged.businessName })}
            width={1280}
            height={960}
            sizes="(max-width: 900px) 100vw, 860px"
            eager
            className="vf-document-large"
          />
        )}
      </Modal>
      <RefuseDialog
        request={refusing}
        onClose={() => setRefusing(null)}
        onRefused={(request) => {
          setRefusing(null);
          setDone(t('verification.queue.refused', { name: request.businessName }));
        }}
      />
    </section>
  );
}
