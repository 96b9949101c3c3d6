/**
 * /moderation/reports: the reported items of one status (?status=open|hidden|dismissed|suspended; open
 * first, oldest first), 20 at a time with the API's cursor. Each entry shows what was reported, its
 * owner, a link to it, how often and why, the reporters' notes and the dates; an open entry is hidden,
 * dismissed or its owner's account suspended through the decision dialog, and then leaves the list.
 */
import { useState } from 'react';
import { useIntl } from '../../i18n/intl';
import { Link, useSearchParams } from 'react-router';
import { type ModerationAction } from '../../../../common/moderation';
import { REPORT_REASONS, REPORT_STATUSES, type ReportKind, type ReportStatus } from '../../../../common/constants';
import { Banner, useTimedMessage } from '../../components/feedback';
import { LoadError } from '../../components/LoadError';
import { PageLoading, Spinner } from '../../components/Spinner';
import type { MessageId } from '../../i18n/catalog/en';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { REASON_TEXT } from '../../entities/reports';
import { useReports } from './api/get-reports';
import type { ReportedItem } from './api/types';
import { DecisionDialog } from './DecisionDialog';

const STATUS_TEXT: Record<ReportStatus, MessageId> = {
  open: 'moderation.status.open',
  hidden: 'moderation.status.hidden',
  dismissed: 'moderation.status.dismissed',
  suspended: 'moderation.status.suspended',
};

const KIND_TEXT: Record<ReportKind, MessageId> = {
  post: 'moderation.kind.post',
  business: 'moderation.kind.business',
  review: 'moderation.kind.review',
  chatMessage: 'moderation.kind.chatMessage',
  idea: 'moderation.kind.idea',
};

const ACTIONS: { action: ModerationAction; label: MessageId; className: string }[] = [
  { action: 'hide', label: 'moderation.action.hide', className: 'btn btn-secondary btn-sm' },
  { action: 'dismiss', label: 'moderation.action.dismiss', className: 'btn btn-ghost btn-sm' },
  { action: 'suspend', label: 'moderation.action.suspend', className: 'btn btn-danger btn-sm' },
];

const DONE_TEXT: Record<ModerationAction, MessageId> = {
  hide: 'moderation.decide.done.hide',
  dismiss: 'moderation.decide.done.dismiss',
  suspend: 'moderation.decide.done.suspend',
};

const isStatus = (value: string | null): value is ReportStatus =>
  (REPORT_STATUSES as readonly string[]).includes(value ?? '');

function ReportEntry({ entry, onDecide }: { entry: ReportedItem; onDecide: (action: ModerationAction) => void }) {
  const t = useT();
  const intl = useIntl();
  const { longDate, timeAgo } = useFormat();
  const reasons = REPORT_REASONS.filter((reason) => (entry.reasons[reason] ?? 0) > 0);
  return (
    <li className="mod-entry" data-testid="report-entry">
      <div className="mod-entry-head">
        <span className="chip mod-kind">{t(KIND_TEXT[entry.kind])}</span>
        <span className="mod-count" data-testid="report-count">
          {t('moderation.entry.count', { count: entry.reportCount })}
        </span>
      </div>
      {/* What people wrote (titles, names, notes, reasons) is theirs, in their words: translate="no". */}
      <blockquote className="mod-excerpt" translate="no">
        {entry.excerpt}
      </blockquote>
      <p className="mod-owner">
        {intl.formatRich(
          { id: 'moderation.entry.owner' },
          { name: <span translate="no">{entry.ownerName || entry.ownerSub}</span> },
        )}
        {entry.link && (
          <>
            {' · '}
            <Link to={entry.link} data-testid="report-link">
              {t('moderation.entry.view')}
            </Link>
          </>
        )}
      </p>
      {reasons.length > 0 && (
        <div className="mod-reasons">
          <span className="mod-label">{t('moderation.entry.reasons')}</span>
          <ul aria-label={t('moderation.entry.reasons')}>
            {reasons.map((reason) => (
              <li key={reason} className="chip">
                {t('moderation.entry.reasonCount', { reason: t(REASON_TEXT[reason]), count: entry.reasons[reason] })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {entry.notes.length > 0 && (
        <div className="mod-notes">
          <span className="mod-label">{t('moderation.entry.notes')}</span>
          <ul aria-label={t('moderation.entry.notes')}>
            {entry.notes.map((note, i) => (
              <li key={i} translate="no">
                {note}
              </li>
            ))}
          </ul>
        </div>
      )}
      <dl className="mod-dates">
        <div>
          <dt>{t('moderation.entry.first')}</dt>
          <dd>
            <time dateTime={entry.firstReportedAt}>{longDate(entry.firstReportedAt)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('moderation.entry.last')}</dt>
          <dd>
            <time dateTime={entry.lastReportedAt}>{timeAgo(entry.lastReportedAt)}</time>
          </dd>
        </div>
        {entry.decidedAt && (
          <div>
            <dt>{t('moderation.entry.decided')}</dt>
            <dd>
              <time dateTime={entry.decidedAt}>{longDate(entry.decidedAt)}</time>
            </dd>
          </div>
        )}
      </dl>
      {entry.decisionReason && (
        <p className="mod-decision-reason">
          {intl.formatRich(
            { id: 'moderation.entry.decisionReason' },
            { reason: <span translate="no">{entry.decisionReason}</span> },
          )}
        </p>
      )}
      {entry.status === 'open' && (
        <div className="mod-actions">
          {ACTIONS.map(({ action, label, className }) => (
            <button
              key={action}
              type="button"
              className={className}
              onClick={() => onDecide(action)}
              data-testid={`report-${action}`}
            >
              {t(label)}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}

export function ReportsQueue() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status: ReportStatus = isStatus(requested) ? requested : 'open';
  const query = useReports(status);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const [deciding, setDeciding] = useState<{ entry: ReportedItem; action: ModerationAction } | null>(null);
  const [done, showDone] = useTimedMessage(5000);

  let body;
  if (query.isPending) body = <PageLoading label={t('moderation.reports.loading')} />;
  else if (query.isError && items.length === 0) body = <LoadError onRetry={() => void query.refetch()} />;
  else if (items.length === 0)
    body = (
      <p className="empty-state" data-testid="reports-empty">
        {t(status === 'open' ? 'moderation.reports.empty.open' : 'moderation.reports.empty.decided')}
      </p>
    );
  else
    body = (
      <>
        <ul className="mod-list" data-testid="reports-list">
          {items.map((entry) => (
            <ReportEntry key={entry._id} entry={entry} onDecide={(action) => setDeciding({ entry, action })} />
          ))}
        </ul>
        {query.isFetchNextPageError && <LoadError onRetry={() => void query.fetchNextPage()} />}
        {query.hasNextPage && !query.isFetchNextPageError && (
          <button
            type="button"
            className="btn btn-secondary mod-more"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? <Spinner label={t('moderation.reports.loading')} /> : t('common.showMore')}
          </button>
        )}
      </>
    );

  return (
    <div className="mod-reports">
      <div className="mod-status-tabs" role="group" aria-label={t('moderation.status.label')}>
        {REPORT_STATUSES.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={value === status}
            className={value === status ? 'chip mod-status mod-status--active' : 'chip mod-status'}
            onClick={() => setParams(value === 'open' ? {} : { status: value }, { replace: true })}
            data-testid={`reports-status-${value}`}
          >
            {t(STATUS_TEXT[value])}
          </button>
        ))}
      </div>
      <Banner text={done} testId="decision-done" />
      {body}
      {deciding && (
        <DecisionDialog
          key={`${deciding.entry._id}-${deciding.action}`}
          entry={deciding.entry}
          action={deciding.action}
          onClose={() => setDeciding(null)}
          onDecided={(action) => {
            setDeciding(null);
            showDone(t(DONE_TEXT[action]));
          }}
        />
      )}
    </div>
  );
}
