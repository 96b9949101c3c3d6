/** One room in the chat's list: the other member, the latest message (live when known) and the unread count. */
import type { ChatMessage } from '../../../../common/chat';
import { SafeImage } from '../../components/SafeImage';
import { AVATAR_PLACEHOLDER } from '../../lib/images';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import type { ChatRoom } from '../../../../common/types';
import { clock, counterpartOf } from './counterpart';

export function RoomButton({
  room,
  isBusiness,
  selected,
  last,
  onOpen,
}: {
  room: ChatRoom;
  isBusiness: boolean;
  selected: boolean;
  last: ChatMessage | undefined;
  onOpen: () => void;
}) {
  const t = useT();
  const format = useFormat();
  const other = counterpartOf(room, isBusiness, t);
  // A hidden latest message is previewed to nobody: the list says moderation hid it (live, or from the
  // room's stored copy for rooms without a live latest message).
  const hidden = last ? !!last.hidden : !!room.lastMessageHidden;
  const preview = hidden ? t('chat.previewHidden') : last ? last.text : room.lastMessage;
  const when = last ? clock(last.timestamp) : room.lastMessageTime ? format.timeAgo(room.lastMessageTime) : '';
  const unread = selected ? 0 : (room.unread ?? 0);
  return (
    <button
      type="button"
      className={selected ? 'chat-room chat-room--active' : 'chat-room'}
      onClick={onOpen}
      data-testid="chat-room"
    >
      <SafeImage
        src={other.picture}
        fallback={AVATAR_PLACEHOLDER}
        alt=""
        className="avatar"
        width={96}
        height={96}
        sizes="96px"
      />
      <span className="chat-room-text">
        <span className="chat-room-top">
          <strong>{other.name}</strong>
          {when && <small>{when}</small>}
        </span>
        <span className="chat-room-bottom">
          <span className="chat-room-preview">{preview || t('chat.noPreview')}</span>
          {unread > 0 && (
            <span
              className="chat-unread-badge"
              data-testid="chat-room-unread"
              aria-label={t('chat.unread', { count: unread })}
            >
              {unread}
            </span>
          )}
        </span>
      </span>
    </button>
  );
}
