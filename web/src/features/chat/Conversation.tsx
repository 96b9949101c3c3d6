/**
 * The open chat room: its header (the other member, their counts, Block), the messages read live (older ones load
 * when scrolled to the top; opening and each incoming message mark it read) and the box to write in.
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
import { Link } from 'react-router';
import { LoadError } from '../../components/LoadError';
import { SafeImage } from '../../components/SafeImage';
import { ApiError } from '../../lib/api';
import { AVATAR_PLACEHOLDER } from '../../lib/images';
import { useErrorText } from '../../i18n/errors';
import { useT } from '../../i18n/useT';
import type { ChatRoom } from '../../../../common/types';
import { CHAT_HISTORY_PAGE, chatMessageVisibleTo } from '../../../../common/chat';
import { businessQueryOptions } from '../../entities/businesses/api/get-business';
import { useBlockChatRoom } from './api/block-chat-room';
import { useClientPostCounts } from './api/get-client-post-counts';
import { useMarkChatRoomRead } from './api/mark-chat-room-read';
import { useSendChatMessage } from './api/send-chat-message';
import { useRoomMessages } from './live';
import { type Conn, type Counterpart } from './counterpart';
import { MessageBubble } from './MessageBubble';

/** The other person's posts and finished projects, for the conversation's header (nothing until known). */
function useCounterpartCounts(room: ChatRoom, isBusiness: boolean) {
  const clientPosts = useClientPostCounts(room.clientId, { enabled: isBusiness });
  const business = useQuery({ ...businessQueryOptions(room.businessId), enabled: !isBusiness });
  if (isBusiness) return clientPosts.data;
  return business.data && { posts: business.data.postsCount ?? 0, projects: business.data.finishedJobsCount ?? 0 };
}

export function Conversation({
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
        {sorted.map((m) => (
          <MessageBubble key={m.id} m={m} mySub={mySub} roomId={room._id} />
        ))}
      </div>

      {other.former ? (
        <p className="chat-compose chat-blocked muted" data-testid="chat-former">
          {t('common.former.chat')}
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
