/**
 * The navbar's bell: a link to the notifications page with the unread count (refetched when the window
 * regains focus and every 30 s). Its label says the count, so a screen reader hears it too.
 */
import { Link } from 'react-router';
import { NOTIFICATIONS_PAGE_PATH } from '../../../../common/notifications';
import { BellIcon } from '../../components/icons';
import { useT } from '../../i18n/useT';
import { useUnreadNotifications } from './api/get-unread-notifications';
import './notifications.css';

export function NotificationBell({ enabled = true }: { enabled?: boolean }) {
  const t = useT();
  const { data } = useUnreadNotifications({ enabled });
  const count = data?.count ?? 0;
  return (
    <Link
      to={NOTIFICATIONS_PAGE_PATH}
      className="icon-btn notification-bell"
      aria-label={t('common.nav.notifications', { count })}
      data-testid="nav-notifications"
    >
      <BellIcon />
      {count > 0 && (
        <span className="notification-bell-count" data-testid="nav-notifications-count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
