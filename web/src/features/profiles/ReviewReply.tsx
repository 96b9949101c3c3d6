/**
 * Under a review on the business profile: the business's reply, for everyone; for the business itself a
 * Reply (or Edit reply) form, checked with the API's own schema, until the reply is locked
 * REVIEW_REPLY_EDIT_DAYS after it was first written.
 */
import { lazy, Suspense, useState } from 'react';
import { reviewReplyEditableUntil } from '../../../../common/constants';
import type { FinishedJob } from '../../../../common/types';
import { Spinner } from '../../components/Spinner';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/useT';

// The form (with the form library and the reply schema) loads when the business first opens it,
// fetched ahead when the pointer or the focus reaches its button.
const loadReplyForm = () => import('./ReviewReplyForm');
const ReplyForm = lazy(() => loadReplyForm().then((m) => ({ default: m.ReplyForm })));
const preloadReplyForm = () => void loadReplyForm();

export function ReviewReply({ job, isOwner }: { job: FinishedJob; isOwner: boolean }) {
  const t = useT();
  const format = useFormat();
  const [editing, setEditing] = useState(false);
  // The time the profile was opened: the form is offered while the reply's edit window is open then (the API decides).
  const [openedAt] = useState(() => Date.now());
  const reply = job.reply;
  const editableUntil = reply ? reviewReplyEditableUntil(reply.createdAt) : undefined;
  const canWrite = isOwner && (!editableUntil || openedAt < Date.parse(editableUntil));

  return (
    <div className="pf-reply-area">
      {reply && !editing && (
        <div className="pf-reply" data-testid="review-reply">
          <p className="pf-reply-label">{t('profiles.reply.label')}</p>
          <p className="pf-reply-text">{reply.text}</p>
          <p className="pf-card-meta">
            {format.longDate(reply.createdAt)}
            {reply.editedAt ? ` · ${t('profiles.reply.edited')}` : ''}
          </p>
        </div>
      )}
      {isOwner && !editing && reply && editableUntil && (
        <p className="muted pf-reply-note" data-testid="review-reply-window">
          {canWrite
            ? t('profiles.reply.editableUntil', { date: format.longDate(editableUntil) })
            : t('profiles.reply.locked')}
        </p>
      )}
      {canWrite &&
        (editing ? (
          <Suspense fallback={<Spinner />}>
            <ReplyForm job={job} onDone={() => setEditing(false)} />
          </Suspense>
        ) : (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => setEditing(true)}
            onPointerEnter={preloadReplyForm}
            onFocus={preloadReplyForm}
            data-testid="review-reply-open"
          >
            {reply ? t('profiles.reply.edit') : t('profiles.reply.write')}
          </button>
        ))}
    </div>
  );
}
