/**
 * Chat (/chat/{id}): the user's rooms on the left (last message, unread count), the selected room's
 * messages on the right. The id is a room id (opened from an offer's Message button) or the user's
 * own account id (the navbar's chat button: no room selected yet). Rooms and sending go through the
 * API; messages are read live from the Realtime Database (see realtime.ts): a room opens on its last
 * 50 messages and loads older ones when scrolled to the top. On mobile the list and the pane take turns.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type UIEvent,
} from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../auth/AuthProvider';
import { api, ApiError } from '../../lib/api';
import { AVATAR_PLACEHOLDER } from '../../lib/images';
import { useErrorText } from '../../i18n/errors';
import { useFormat } from '../../i18n/format';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT, type Translate } from '../../i18n/useT';
import type { Business, ChatRoom, Post } from '../../../../common/types';
import { CHAT_HISTORY_PAGE, type ChatMessage } from '../../../../common/chat';
import { fetchAllPages } from './api/fetch-all-pages';
import type { ChatConnection } from './realtime';
import { MessageText } from './MessageText';
import { refreshChatUnread } from './unread';
import { ReportButton } from '../reports';
import './chat.css';
import './unread.css';
import { SafeImage } from '../../components/SafeImage';

type Conn = { state: 'connecting' } | { state: 'ready'; conn: ChatConnection } | { state: 'unavailable' };

interface Counterpart {
  name: string;
  picture?: string;
  location?: string;
  profilePath: string;
}

function counterpartOf(room: ChatRoom, viewerIsBusiness: boolean, t: Translate): Counterpart {
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
const byKey = (a: ChatMessage, b: ChatMessage) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export default function ChatPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const me = useAuth();
  const isBusiness = me.role === 'business';
  const t = useT();
  const format = useFormat();
  usePageTitle('chat.title');
  const [rooms, setRooms] = useState<ChatRoom[] | undefined>(undefined);
  const [roomsError, setRoomsError] = useState(false);
  const [conn, setConn] = useState<Conn>({ state: 'connecting' });
  const [lastMessages, setLastMessages] = useState<Record<string, ChatMessage>>({});
  const [roomsVersion, setRoomsVersion] = useState(0);

  // Rooms of the caller (again when a message arrives in a room that is not open: its unread count).
  useEffect(() => {
    if (!me.sub || !me.role) return;
    let live = true;
    const path = me.role === 'business' ? '/chat/businessRooms' : '/chat/getUserRooms';
    fetchAllPages<ChatRoom>(`${path}?cognitoId=${encodeURIComponent(me.sub)}`, 3)
      .then((list) => live && setRooms(list))
      .catch((err) => {
        console.error(err);
        if (live) {
          setRoomsError(true);
          setRooms((r) => r ?? []);
        }
      });
    return () => {
      live = false;
    };
  }, [me.sub, me.role, roomsVersion]);

  // The realtime connection (Firebase is downloaded here, on first use).
  useEffect(() => {
    if (!me.sub) return;
    let live = true;
    import('./realtime')
      .then(({ connectChat }) => connectChat(me.sub!))
      .then((c) => live && setConn({ state: 'ready', conn: c }))
      .catch(async (err) => {
        console.error('Chat connection failed', err);
        if (live) setConn({ state: 'unavailable' });
      });
    return () => {
      live = false;
    };
  }, [me.sub]);

  const selected = rooms?.find((r) => r._id === id);
  const selectedId = selected?._id;
  const roomIds = rooms?.map((r) => r._id).join(',');

  // Latest message of each room, live; one from the other member in a room that is not open
  // brings the room list (unread counts) and the navbar's total up to date.
  const known = useRef<Record<string, number>>({});
  const openRoom = useRef<string | undefined>(undefined);
  useEffect(() => {
    openRoom.current = selectedId;
  }, [selectedId]);
  useEffect(() => {
    if (conn.state !== 'ready' || !rooms?.length) return;
    let reload: number | undefined;
    const stops = rooms.slice(0, 50).map((room) => {
      known.current[room._id] ??= room.lastMessageTime ? Date.parse(room.lastMessageTime) : 0;
      return conn.conn.listen(room, 1, (m) => {
        setLastMessages((all) => (all[room._id] && all[room._id].id >= m.id ? all : { ...all, [room._id]: m }));
        if (m.timestamp <= known.current[room._id]) return;
        known.current[room._id] = m.timestamp;
        if (m.senderId !== me.sub && openRoom.current !== room._id) {
          window.clearTimeout(reload);
          reload = window.setTimeout(() => {
            setRoomsVersion((v) => v + 1);
            refreshChatUnread();
          }, 300);
        }
      });
    });
    return () => {
      window.clearTimeout(reload);
      stops.forEach((stop) => stop());
    };
    // Listeners follow which rooms there are (roomIds), not every change of their counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rooms is read through roomIds on purpose
  }, [conn, roomIds, me.sub]);

  const onRoomChange = useCallback((changed: ChatRoom) => {
    setRooms((list) => list?.map((r) => (r._id === changed._id ? { ...r, ...changed } : r)));
  }, []);

  const onRead = useCallback((roomId: string) => {
    setRooms((list) => list?.map((r) => (r._id === roomId ? { ...r, unread: 0 } : r)));
    refreshChatUnread();
  }, []);

  const backPath = me.account ? `/chat/${me.account.id}` : '/chat/me';

  return (
    <div className={`chat-page${selected ? ' chat-page--open' : ''}`}>
      <aside className="chat-rooms" aria-label={t('chat.conversations')}>
        <h1 className="chat-rooms-title">{t('chat.messages')}</h1>
        {roomsError && (
          <p className="field-error chat-pad" role="alert">
            {t('chat.roomsFailed')}
          </p>
        )}
        {conn.state === 'unavailable' && !selected && (
          <p className="banner banner-warning chat-rooms-notice">{t('errors.CHAT_NOT_CONFIGURED')}</p>
        )}
        {rooms === undefined ? (
          <p className="muted chat-pad">{t('chat.loading')}</p>
        ) : rooms.length === 0 ? (
          !roomsError && <p className="muted chat-pad">{t(isBusiness ? 'chat.noRooms' : 'chat.noRoomsClient')}</p>
        ) : (
          <ul className="chat-room-list">
            {rooms.map((room) => {
              const other = counterpartOf(room, isBusiness, t);
              const last = lastMessages[room._id];
              const preview = last?.text ?? room.lastMessage;
              const when = last
                ? clock(last.timestamp)
                : room.lastMessageTime
                  ? format.timeAgo(room.lastMessageTime)
                  : '';
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
        )}
      </aside>

      <section className="chat-pane" aria-label={t('chat.conversation')}>
        {selected ? (
          <Conversation
            key={selected._id}
            room={selected}
            other={counterpartOf(selected, isBusiness, t)}
            isBusiness={isBusiness}
            conn={conn}
            mySub={me.sub ?? ''}
            onBack={() => navigate(backPath)}
            onRead={onRead}
            onRoomChange={onRoomChange}
          />
        ) : (
          <div className="chat-placeholder">
            {conn.state === 'unavailable' ? (
              <p className="banner banner-warning" role="alert">
                {t('errors.CHAT_NOT_CONFIGURED')}
              </p>
            ) : (
              <p className="muted">{t('chat.select')}</p>
            )}
          </div>
        )}
      </section>
    </div>
  );
}

function Conversation({
  room,
  other,
  isBusiness,
  conn,
  mySub,
  onBack,
  onRead,
  onRoomChange,
}: {
  room: ChatRoom;
  other: Counterpart;
  isBusiness: boolean;
  conn: Conn;
  mySub: string;
  onBack: () => void;
  onRead: (roomId: string) => void;
  onRoomChange: (room: ChatRoom) => void;
}) {
  const [messages, setMessages] = useState<Map<string, ChatMessage>>(() => new Map());
  const [limit, setLimit] = useState(CHAT_HISTORY_PAGE);
  const [text, setText] = useState('');
  const [sendError, setSendError] = useState<string | null>(null);
  const [counts, setCounts] = useState<{ posts: number; projects: number } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  /** The view follows new messages while it is at the bottom. */
  const atBottom = useRef(true);
  /** Set while older messages load: the height before, to keep the same messages in view. */
  const heightBefore = useRef<number | null>(null);
  const sending = useRef<Promise<void>>(Promise.resolve());
  const [blockBusy, setBlockBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const t = useT();
  const errorText = useErrorText();

  async function setBlocked(blocked: boolean) {
    setBlockBusy(true);
    setActionError(null);
    try {
      onRoomChange(await api.put<ChatRoom>(`/chat/rooms/${encodeURIComponent(room._id)}/block`, { blocked }));
    } catch (err) {
      console.error('Failed to change the block', err);
      setActionError(t(blocked ? 'chat.blockFailed' : 'chat.unblockFailed'));
    } finally {
      setBlockBusy(false);
    }
  }

  // The room's latest `limit` messages, then each new one; a larger limit (scrolled to the top) adds older ones.
  // (Keyed on the members, not the room object, which changes with its counts.)
  const { clientCognitoId, businessCognitoId } = room;
  useEffect(() => {
    if (conn.state !== 'ready') return;
    return conn.conn.listen({ clientCognitoId, businessCognitoId }, limit, (m) =>
      setMessages((all) => (all.has(m.id) ? all : new Map(all).set(m.id, m))),
    );
  }, [conn, clientCognitoId, businessCognitoId, limit]);

  const sorted = useMemo(() => [...messages.values()].sort(byKey), [messages]);
  const hasOlder = sorted.length >= limit;

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
    const timer = window.setTimeout(() => {
      api
        .post(`/chat/rooms/${encodeURIComponent(room._id)}/read`)
        .then(() => onRead(room._id))
        .catch((err) => console.error('Failed to mark the chat read', err));
    }, 300);
    return () => window.clearTimeout(timer);
  }, [room._id, lastIncoming, onRead]);

  // Header counts: the other person's posts and finished projects.
  useEffect(() => {
    let live = true;
    const load = isBusiness
      ? fetchAllPages<Post>(`/post/user/${encodeURIComponent(room.clientId)}`, 3).then((posts) => ({
          posts: posts.length,
          projects: posts.filter((p) => p.status === 'finished').length,
        }))
      : api
          .get<Business>(`/business/${encodeURIComponent(room.businessId)}`)
          .then((b) => ({ posts: b.postsCount ?? 0, projects: b.finishedJobsCount ?? 0 }));
    load.then((c) => live && setCounts(c)).catch((err) => console.error('Failed to load chat header counts', err));
    return () => {
      live = false;
    };
  }, [room._id, room.clientId, room.businessId, isBusiness]);

  /** Messages go out one after another, in the order they were written. */
  function send(e?: FormEvent) {
    e?.preventDefault();
    const value = text.trim();
    if (!value || conn.state !== 'ready') return;
    setText('');
    setSendError(null);
    atBottom.current = true;
    sending.current = sending.current.then(async () => {
      try {
        await api.post(`/chat/rooms/${encodeURIComponent(room._id)}/messages`, { text: value });
      } catch (err) {
        console.error('Failed to send message', err);
        setSendError(
          err instanceof ApiError && (err.status === 400 || err.status === 403) ? errorText(err) : t('chat.sendFailed'),
        );
        setText((current) => current || value);
      }
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
          <Link to={other.profilePath} className="chat-header-name">
            {other.name}
          </Link>
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
          disabled={blockBusy}
          onClick={() => void setBlocked(!room.blockedByMe)}
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
          <p className="banner banner-warning" role="alert" data-testid="chat-unavailable">
            {t('errors.CHAT_NOT_CONFIGURED')}
          </p>
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
              <MessageText text={m.text} />
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

      {room.blockedByMe ? (
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
