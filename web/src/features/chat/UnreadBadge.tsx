/** The number of unread chat messages on the navbar's chat button (nothing when there are none). */
import { useT } from '../../i18n/useT';
import { useChatUnread } from './api/get-chat-unread';
import './unread.css';

export function ChatUnreadBadge({ enabled }: { enabled: boolean }) {
  const t = useT();
  const total = useChatUnread({ enabled }).data?.total ?? 0;
  if (total <= 0) return null;
  return (
    <span
      className="chat-unread-badge chat-unread-badge--nav"
      data-testid="nav-chat-unread"
      aria-label={t('common.nav.chatUnread', { count: total })}
    >
      {total > 99 ? '99+' : total}
    </span>
  );
}
