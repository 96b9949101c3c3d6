/**
 * Chat (/chat/{id}): the user's rooms on the left (last message, unread count), the selected room's
 * messages on the right. The id is a room id (opened from an offer's Message button) or the user's
 * own account id (the navbar's chat button: no room selected yet). Rooms, sending, marking read,
 * blocking and reporting go through the API (api/, TanStack Query); messages are read live from the
 * Realtime Database (realtime.ts) into the query cache (live.ts): a room opens on its last 50 messages
 * and loads older ones when scrolled to the top. On mobile the list and the pane take turns.
 */
import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type UIEvent,
} from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../auth/AuthProvider';
import { LoadError } from '../../components/LoadError';
import { SafeImage } from '../../components/SafeImage';
import { ApiError } from '../../lib/api';
import { AVATAR_PLACEHOLDER } from '../../lib/images';
import { useErrorText } from '../../i18n/errors';
import { useFormat } from '../../i18n/format';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT, type Translate } from '../../i18n/useT';
import type { ChatRoom } from '../../../../common/types';
import { CHAT_HISTORY_PAGE, chatMessageVisibleTo } from '../../../../common/chat';
import { businessQueryOptions } from '../profiles/api/get-business';
import { useBlockChatRoom } from './api/block-chat-room';
import { useChatConnection } from './api/connect-chat';
import { useChatRooms } from './api/get-chat-rooms';
import { useClientPostCounts } from './api/get-client-post-counts';
import { useMarkChatRoomRead } from './api/mark-chat-room-read';
import { ReportButton } from '../reports';
import { useSendChatMessage } from './api/send-chat-message';
import { useLatestMessages, useRoomMessages } from './live';
import type { ChatConnection } from './realtime';
import { MessageText } from './MessageText';
import './chat.css';
import './unread.css';

/** The realtime connection as the screens see it. */
type Conn = { state: 'connecting' } | { state: 'ready'; conn: ChatConnection } | { state: 'unavailable' };

interface Counterpart {
  name: string;
  picture?: string;
  location?: string;
  profilePath: string;
  /** The other member deleted their account: a former user, no profile, no more messages. */
  former?: boolean;
}

function counterpartOf(room: ChatRoom, viewerIsBusiness: boolean, t: Translate): Counterpart {
  const former = viewerIsBusiness ? room.user?.former : room.business?.former;
  if (former) return { name: t('privacy.formerUser'), profilePath: '', former: true };
  return viewerIsBusiness
    ? {
        name: room.user?.username || t('chat.client'),
        picture: room.user?.profilePicture,
        profilePath: `/clientprofile/${room.clientId}`,
      }
    : {
        name: room.business?.businessName || t('chat.unknownBusiness'),
        picture: room.business?.profilePicture,
        location: room.business?.location,
        profilePath: `/businessprofile/${room.businessId}`,
      };
}

/** "14:05": the 24-hour clock both languages use. */
const clock = (ms: number) => {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

export default function ChatPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const me = useAuth();
  const isBusiness = me.role === 'business';
  const t = useT();
  const format = useFormat();
  usePageTitle('chat.title');
  const roomsQuery = useChatRooms(me.sub, me.role);
  const rooms = roomsQuery.data;
  const connection = useChatConnection(me.sub);
  const conn: Conn = connection.data
    ? { state: 'ready', conn: connection.data }
    : connection.isError
      ? { state: 'unavailable' }
      : { state: 'connecting' };
  const retryConnection = () => void connection.refetch();

  const selected = rooms?.find((r) => r._id === id);
  const selectedId = selected?._id;
  const lastMessages = useLatestMessages(connection.data, me.sub, rooms, selectedId);

  const backPath = me.account ? `/chat/${me.account.id}` : '/chat/me';

  let list;
  if (roomsQuery.isPending) list = <p className="muted chat-pad">{t('chat.loading')}</p>;
  else if (!rooms)
    list = (
      <div className="chat-pad">
        <LoadError
          message={t('chat.roomsFailed')}
          onRetry={() => void roomsQuery.refetch()}
          testId="chat-rooms-error"
        />
      </div>
    );
  else if (rooms.length === 0)
    list = <p className="muted chat-pad">{t(isBusiness ? 'chat.noRooms' : 'chat.noRoomsClient')}</p>;
  else
    list = (
      <ul className="chat-room-list">
        {rooms.map((room) => {
          const other = counterpartOf(room, isBusiness, t);
          const last = lastMessages[room._id];
          // A hidden latest message is previewed to nobody: the list says moderation hid it (live, or from the
          // room's stored copy for rooms without a live latest message).
          const hidden = last ? !!last.hidden : !!room.lastMessageHidden;
          const preview = hidden ? t('chat.previewHidden') : last ? last.text : room.lastMessage;
          const when = last ? clock(last.timestamp) : room.lastMessageTime ? format.timeAgo(room.lastMessageTime) : '';
          const unread = room._id === selectedId ? 0 : (room.unread ?? 0);
          return (
            <li key={room._id}>
              <button
                type="button"
                className={room._id === selectedId ? 'chat-room chat-room--active' : 'chat-room'}
                onClick={() => navigate(`/chat/${room._id}`, { replace: !!selected })}
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
            </li>
          );
        })}
      </ul>
    );

  return (
    <div className={`chat-page${selected ? ' chat-page--open' : ''}`}>
      <aside className="chat-rooms" aria-label={t('chat.conversations')}>
        <h1 className="chat-rooms-title">{t('chat.messages')}</h1>
        {conn.state === 'unavailable' && !selected && (
          <div className="chat-rooms-notice">
            <LoadError message={t('errors.CHAT_NOT_CONFIGURED')} onRetry={retryConnection} testId="chat-unavailable" />
          </div>
        )}
        {list}
      </aside>

      <section className="chat-pane" aria-label={t('chat.conversation')}>
        {selected && me.sub ? (
          <Conversation
            key={selected._id}
            room={selected}
            other={counterpartOf(selected, isBusiness, t)}
            isBusiness={isBusiness}
            conn={conn}
            onRetryConnection={retryConnection}
            mySub={me.sub}
            onBack={() => navigate(backPath)}
          />
        ) : (
          <div className="chat-placeholder">
            {/* A room opened elsewhere a moment ago is in the list being fetched again. */}
            <p className="muted">
              {t(roomsQuery.isFetching && id !== me.account?.id ? 'chat.loading' : 'chat.select')}
            </p>
          </div>
        )}
      </section>
    </div>
  );
}

/** The other person's posts and finished projects, for the conversation's header (nothing until known). */
function useCounterpartCounts(room: ChatRoom, isBusiness: boolean) {
  const clientPosts = useClientPostCounts(room.clientId, { enabled: isBusiness });
  const business = useQuery({ ...businessQueryOptions(room.businessId), enabled: !isBusiness });
  if (isBusiness) return clientPosts.data;
  return business.data && { posts: business.data.postsCount ?? 0, projects: business.data.finishedJobsCount ?? 0 };
}

function Conversation({
  room,
  other,
  isBusiness,
  conn,
  onRetryConnection,
  mySub,
  onBack,
}: {
  room: ChatRoom;
  other: Counterpart;
  isBusiness: boolean;
  conn: Conn;
  onRetryConnection: () => void;
  mySub: string;
  onBack: () => void;
}) {
  const [limit, setLimit] = useState(CHAT_HISTORY_PAGE);
  const [text, setText] = useState('');
  const [sendError, setSendError] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  /** The view follows new messages while it is at the bottom. */
  const atBottom = useRef(true);
  /** Set while older messages load: the height before, to keep the same messages in view. */
  const heightBefore = useRef<number | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const t = useT();
  const errorText = useErrorText();
  const counts = useCounterpartCounts(room, isBusiness);
  const sendMessage = useSendChatMessage(room._id);
  const block = useBlockChatRoom(mySub, room._id);
  const { mutate: markRead } = useMarkChatRoomRead(mySub);

  function setBlocked(blocked: boolean) {
    setActionError(null);
    block.mutate(blocked, {
      onError: (err) => {
        console.error('Failed to change the block', err);
        setActionError(t(blocked ? 'chat.blockFailed' : 'chat.unblockFailed'));
      },
    });
  }

  const delivered = useRoomMessages(conn.state === 'ready' ? conn.conn : undefined, room, limit);
  const hasOlder = delivered.length >= limit;
  // A message moderation hid: its sender sees why in its place, the other member does not see it.
  const sorted = useMemo(() => delivered.filter((m) => chatMessageVisibleTo(m, mySub)), [delivered, mySub]);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    if (heightBefore.current !== null) {
      el.scrollTop += el.scrollHeight - heightBefore.current;
      heightBefore.current = null;
    } else if (atBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [sorted]);

  function onScroll(e: UIEvent<HTMLDivElement>) {
    const el = e.currentTarget;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < 40 && hasOlder && heightBefore.current === null) {
      heightBefore.current = el.scrollHeight;
      setLimit((l) => l + CHAT_HISTORY_PAGE);
    }
  }

  // Opening the room, and each message from the other member while it is open, marks it read.
  const lastIncoming = sorted.filter((m) => m.senderId !== mySub).at(-1)?.id;
  useEffect(() => {
    const timer = window.setTimeout(
      () => markRead(room._id, { onError: (err) => console.error('Failed to mark the chat read', err) }),
      300,
    );
    return () => window.clearTimeout(timer);
  }, [room._id, lastIncoming, markRead]);

  /** Messages go out one after another, in the order they were written. */
  function send(e?: FormEvent) {
    e?.preventDefault();
    const value = text.trim();
    if (!value || conn.state !== 'ready') return;
    setText('');
    setSendError(null);
    atBottom.current = true;
    sendMessage.mutate(value, {
      onError: (err) => {
        console.error('Failed to send message', err);
        setSendError(
          err instanceof ApiError && (err.status === 400 || err.status === 403) ? errorText(err) : t('chat.sendFailed'),
        );
        setText((current) => current || value);
      },
    });
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  }

  return (
    <div className="chat-conversation">
      <header className="chat-header">
        <button type="button" className="btn btn-ghost btn-sm chat-back" onClick={onBack} data-testid="chat-back">
          {t('chat.back')}
        </button>
        <SafeImage
          src={other.picture}
          fallback={AVATAR_PLACEHOLDER}
          alt=""
          className="avatar"
          width={96}
          height={96}
          sizes="96px"
        />
        <div className="chat-header-text">
          {other.former ? (
            <span className="chat-header-name">{other.name}</span>
          ) : (
            <Link to={other.profilePath} className="chat-header-name">
              {other.name}
            </Link>
          )}
          {!isBusiness && other.location && (
            <small className="muted">{t('chat.location', { town: other.location })}</small>
          )}
        </div>
        {counts && (
          <dl className="chat-counts">
            <div>
              <dt>{t('chat.posts')}</dt>
              <dd>{counts.posts}</dd>
            </div>
            <div>
              <dt>{t('chat.projects')}</dt>
              <dd>{counts.projects}</dd>
            </div>
          </dl>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={block.isPending}
          onClick={() => setBlocked(!room.blockedByMe)}
          data-testid="chat-block"
        >
          {t(room.blockedByMe ? 'chat.unblock' : 'chat.block')}
        </button>
      </header>
      {actionError && (
        <p className="field-error chat-action-error" role="alert">
          {actionError}
        </p>
      )}

      <div className="chat-messages" aria-live="polite" data-testid="chat-messages" ref={box} onScroll={onScroll}>
        {conn.state === 'unavailable' && (
          <LoadError message={t('errors.CHAT_NOT_CONFIGURED')} onRetry={onRetryConnection} testId="chat-unavailable" />
        )}
        {conn.state === 'connecting' && <p className="muted">{t('chat.connecting')}</p>}
        {conn.state === 'ready' && sorted.length === 0 && <p className="muted chat-empty">{t('chat.empty')}</p>}
        {hasOlder && (
          <p className="muted chat-older" data-testid="chat-older">
            {t('chat.older')}
          </p>
        )}
        {sorted.map((m) => {
          const own = m.senderId === mySub;
          return (
            <div
              key={m.id}
              className={own ? 'chat-msg chat-msg--own' : 'chat-msg'}
              data-testid={own ? 'chat-message-own' : 'chat-message-other'}
            >
              {!own && <span className="chat-msg-sender">{m.sender}</span>}
              {m.hidden ? (
                <p className="chat-msg-hidden" data-testid="chat-message-hidden">
                  <strong>{t('moderation.hidden.notice', { reason: m.hidden.reason })}</strong>{' '}
                  <span className="chat-msg-hidden-detail">{t('chat.hiddenDetail')}</span>
                </p>
              ) : (
                <MessageText text={m.text} />
              )}
              <span className="chat-msg-meta">
                {!own && (
                  <ReportButton
                    target={{ kind: 'chatMessage', roomId: room._id, messageId: m.id }}
                    className="chat-msg-report"
                    doneClassName="chat-msg-reported"
                    testId="chat-report"
                  />
                )}
                <time className="chat-msg-time" dateTime={new Date(m.timestamp).toISOString()}>
                  {clock(m.timestamp)}
                </time>
              </span>
            </div>
          );
        })}
      </div>

      {other.former ? (
        <p className="chat-compose chat-blocked muted" data-testid="chat-former">
          {t('privacy.formerChat')}
        </p>
      ) : room.blockedByMe ? (
        <p className="chat-compose chat-blocked muted" data-testid="chat-blocked">
          {t('chat.blocked', { name: other.name })}
        </p>
      ) : (
        <form className="chat-compose" onSubmit={send}>
          {sendError && (
            <p className="field-error" role="alert">
              {sendError}
            </p>
          )}
          <textarea
            className="textarea chat-input"
            placeholder={t('chat.placeholder')}
            aria-label={t('chat.placeholder')}
            rows={2}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            disabled={conn.state !== 'ready'}
            data-testid="chat-input"
          />
          <button
            type="submit"
            className="btn btn-primary"
            disabled={conn.state !== 'ready' || !text.trim()}
            data-testid="chat-send"
          >
            {t('chat.send')}
          </button>
        </form>
      )}
    </div>
  );
}
