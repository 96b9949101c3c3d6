/**
 * /notifications: the signed-in user's notifications, newest first, a page of 20 at a time (the API's
 * cursor). Each entry says what happened in the reader's language and links to what it is about;
 * opening an unread one marks it read, and "Mark all as read" marks every one.
 */
import { Link } from 'react-router';
import type { AppNotification } from '../../../../common/notifications';
import type { NotificationKind } from '../../../../common/constants';
import { LoadError } from '../../components/LoadError';
import { PageLoading, Spinner } from '../../components/Spinner';
import type { MessageId } from '../../i18n/catalog/en';
import { useFormat } from '../../i18n/format';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { useNotifications } from './api/get-notifications';
import { useMarkNotificationsRead } from './api/mark-notifications-read';
import './notifications.css';

const TEXT: Record<NotificationKind, MessageId> = {
  newOffer: 'notifications.kind.newOffer',
  offerAccepted: 'notifications.kind.offerAccepted',
  offerDeclined: 'notifications.kind.offerDeclined',
  acceptanceCancelled: 'notifications.kind.acceptanceCancelled',
  reviewReceived: 'notifications.kind.reviewReceived',
  requestDeleted: 'notifications.kind.requestDeleted',
  requestClosed: 'notifications.kind.requestClosed',
  paymentReceipt: 'notifications.kind.paymentReceipt',
  paymentFailed: 'notifications.kind.paymentFailed',
  paymentRefunded: 'notifications.kind.paymentRefunded',
  paymentChargedBack: 'notifications.kind.paymentChargedBack',
  paymentRestored: 'notifications.kind.paymentRestored',
  newLead: 'notifications.kind.newLead',
  leadDigest: 'notifications.kind.leadDigest',
  chatUnread: 'notifications.kind.chatUnread',
  verificationDecided: 'notifications.kind.verificationDecided',
  counterOffer: 'notifications.kind.counterOffer',
  negotiationAnswer: 'notifications.kind.negotiationAnswer',
  adRunEnded: 'notifications.kind.adRunEnded',
  planStarted: 'notifications.kind.planStarted',
  planPaymentFailed: 'notifications.kind.planPaymentFailed',
  planCancelled: 'notifications.kind.planCancelled',
  planDowngraded: 'notifications.kind.planDowngraded',
  monthlyReport: 'notifications.kind.monthlyReport',
  ideaRequest: 'notifications.kind.ideaRequest',
};

function NotificationItem({ notification, onOpen }: { notification: AppNotification; onOpen: () => void }) {
  const t = useT();
  const { money, timeAgo, longDate, monthName } = useFormat();
  const d = notification.data;
  const text = t(TEXT[notification.kind], {
    title: d.postTitle ?? '',
    business: d.businessName ?? '',
    price: money(d.price),
    amount: money(d.amount, 2, d.currency),
    rating: d.rating ?? 0,
    town: d.town ?? '',
    count: d.posts?.length ?? 0,
    sender: d.senderName ?? '',
    closedBy: d.closedReason ?? 'client',
    approved: d.approved ? 'yes' : 'no',
    // A refund of a run its business cancelled or stopped has no moderator's reason: what the business did.
    reason: d.runStop ? t(`notifications.runStop.${d.runStop}`) : (d.reason ?? ''),
    answer: d.answer ?? 'revise',
    impressions: d.figures?.impressions ?? 0,
    clicks: d.figures?.clicks ?? 0,
    plan: d.plan ? t(`services.plan.${d.plan}`) : '',
    date: longDate(d.graceEndsAt ?? d.effectiveAt),
    month: d.month ? monthName(d.month) : '',
    views: d.views ?? 0,
    offers: d.offers ?? 0,
    accepted: d.accepted ?? 0,
  });
  return (
    <li className={notification.read ? 'notification' : 'notification notification--unread'} data-testid="notification">
      <Link to={notification.link} onClick={notification.read ? undefined : onOpen} className="notification-link">
        {!notification.read && <span className="notification-dot" aria-label={t('notifications.unread')} />}
        <span className="notification-text">{text}</span>
        <time className="notification-time" dateTime={notification.createdAt}>
          {timeAgo(notification.createdAt)}
        </time>
      </Link>
    </li>
  );
}

export default function NotificationsPage() {
  const t = useT();
  usePageTitle('notifications.title');
  const query = useNotifications();
  const markRead = useMarkNotificationsRead();
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const anyUnread = items.some((n) => !n.read);

  let body;
  if (query.isPending) body = <PageLoading label={t('notifications.loading')} />;
  else if (query.isError && items.length === 0) body = <LoadError onRetry={() => void query.refetch()} />;
  else if (items.length === 0)
    body = (
      <p className="notifications-empty" data-testid="notifications-empty">
        {t('notifications.empty')}
      </p>
    );
  else
    body = (
      <>
        <ul className="notifications-list" data-testid="notifications-list">
          {items.map((n) => (
            <NotificationItem key={n._id} notification={n} onOpen={() => markRead.mutate({ id: n._id })} />
          ))}
        </ul>
        {query.isFetchNextPageError && <LoadError onRetry={() => void query.fetchNextPage()} />}
        {query.hasNextPage && !query.isFetchNextPageError && (
          <button
            type="button"
            className="btn btn-secondary notifications-more"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? <Spinner label={t('notifications.loading')} /> : t('common.showMore')}
          </button>
        )}
      </>
    );

  return (
    <div className="page notifications-page">
      <div className="notifications-header">
        <h1>{t('notifications.title')}</h1>
        {anyUnread && (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
            data-testid="notifications-mark-all"
          >
            {t('notifications.markAll')}
          </button>
        )}
      </div>
      {body}
    </div>
  );
}
