/**
 * Chat (/chat/{id}): the user's rooms on the left, the selected room's messages on the right. The
 * id is a room id (opened from an offer's Message button) or the user's own account id (the
 * navbar's chat button: no room selected yet). Rooms come from the API; messages from the Realtime
 * Database, loaded on demand (see realtime.ts). On mobile the list and the pane take turns.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../auth/AuthProvider';
import { api } from '../../lib/api';
import { AVATAR_PLACEHOLDER } from '../../lib/images';
import { timeAgo } from '../../lib/time';
import type { Business, ChatRoom, Post } from '../../../../common/types';
import { fetchAllPages } from '../profiles/lists';
import type { ChatConnection, ChatMessage } from './realtime';
import './chat.css';
import { SafeImage } from '../../components/SafeImage';

type Conn = { state: 'connecting' } | { state: 'ready'; conn: ChatConnection } | { state: 'unavailable'; message: string };

interface Counterpart { name: string; picture?: string; location?: string; profilePath: string }

function counterpartOf(room: ChatRoom, viewerIsBusiness: boolean): Counterpart {
  return viewerIsBusiness
    ? { name: room.user?.username || 'Client', picture: room.user?.profilePicture, profilePath: `/clientprofile/${room.clientId}` }
    : { name: room.business?.businessName || 'Unknown Business', picture: room.business?.profilePicture, location: room.business?.location, profilePath: `/businessprofile/${room.businessId}` };
}

export default function ChatPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const me = useAuth();
  const isBusiness = me.role === 'business';
  const [rooms, setRooms] = useState<ChatRoom[] | undefined>(undefined);
  const [roomsError, setRoomsError] = useState<string | null>(null);
  const [conn, setConn] = useState<Conn>({ state: 'connecting' });
  const [lastMessages, setLastMessages] = useState<Record<string, ChatMessage>>({});

  // Rooms of the caller.
  useEffect(() => {
    if (!me.sub || !me.role) return;
    let live = true;
    const path = me.role === 'business' ? '/chat/businessRooms' : '/chat/getUserRooms';
    fetchAllPages<ChatRoom>(`${path}?cognitoId=${encodeURIComponent(me.sub)}`, 3)
      .then((list) => live && setRooms(list))
      .catch((err) => { console.error(err); if (live) { setRoomsError('Failed to fetch rooms'); setRooms([]); } });
    return () => { live = false; };
  }, [me.sub, me.role]);

  // The realtime connection (Firebase is downloaded here, on first use).
  useEffect(() => {
    if (!me.sub) return;
    let live = true;
    import('./realtime')
      .then(({ connectChat }) => connectChat(me.sub!))
      .then((c) => live && setConn({ state: 'ready', conn: c }))
      .catch(async (err) => {
        console.error('Chat connection failed', err);
        const { ChatUnavailable } = await import('./realtime').catch(() => ({ ChatUnavailable: undefined }));
        if (!live) return;
        setConn({ state: 'unavailable', message: ChatUnavailable && err instanceof ChatUnavailable ? err.message : 'Chat is not available right now' });
      });
    return () => { live = false; };
  }, [me.sub]);

  // Latest message of each room, live.
  useEffect(() => {
    if (conn.state !== 'ready' || !rooms?.length) return;
    const stops = rooms.slice(0, 50).map((room) =>
      conn.conn.watchLast(room._id, (m) => setLastMessages((all) => ({ ...all, [room._id]: m }))));
    return () => stops.forEach((stop) => stop());
  }, [conn, rooms]);

  const selected = rooms?.find((r) => r._id === id);
  const backPath = me.account ? `/chat/${me.account.id}` : '/chat/me';

  return (
    <div className={`chat-page${selected ? ' chat-page--open' : ''}`}>
      <aside className="chat-rooms" aria-label="Conversations">
        <h1 className="chat-rooms-title">Messages</h1>
        {roomsError && <p className="field-error chat-pad" role="alert">{roomsError}</p>}
        {conn.state === 'unavailable' && !selected && <p className="banner banner-warning chat-rooms-notice">{conn.message}</p>}
        {rooms === undefined ? <p className="muted chat-pad">Loading...</p> : rooms.length === 0 ? (
          !roomsError && <p className="muted chat-pad">No conversations yet.{!isBusiness && ' Open one with the Message button on an offer.'}</p>
        ) : (
          <ul className="chat-room-list">
            {rooms.map((room) => {
              const other = counterpartOf(room, isBusiness);
              const last = lastMessages[room._id];
              const preview = last?.text ?? room.lastMessage;
              const when = last ? last.time : room.lastMessageTime ? timeAgo(room.lastMessageTime) : '';
              return (
                <li key={room._id}>
                  <button
                    type="button"
                    className={room._id === selected?._id ? 'chat-room chat-room--active' : 'chat-room'}
                    onClick={() => navigate(`/chat/${room._id}`, { replace: !!selected })}
                    data-testid="chat-room"
                  >
                    <SafeImage src={other.picture} fallback={AVATAR_PLACEHOLDER} alt="" className="avatar" width={96} height={96} sizes="96px" />
                    <span className="chat-room-text">
                      <span className="chat-room-top">
                        <strong>{other.name}</strong>
                        {when && <small>{when}</small>}
                      </span>
                      <span className="chat-room-preview">{preview || 'No message available'}</span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </aside>

      <section className="chat-pane" aria-label="Conversation">
        {selected ? (
          <Conversation
            key={selected._id}
            room={selected}
            other={counterpartOf(selected, isBusiness)}
            isBusiness={isBusiness}
            conn={conn}
            myName={me.account?.name ?? me.email ?? 'Me'}
            mySub={me.sub ?? ''}
            onBack={() => navigate(backPath)}
          />
        ) : (
          <div className="chat-placeholder">
            {conn.state === 'unavailable' ? <p className="banner banner-warning" role="alert">{conn.message}</p> : <p className="muted">Select a conversation to start chatting.</p>}
          </div>
        )}
      </section>
    </div>
  );
}

function Conversation({ room, other, isBusiness, conn, myName, mySub, onBack }: {
  room: ChatRoom; other: Counterpart; isBusiness: boolean; conn: Conn; myName: string; mySub: string; onBack: () => void;
}) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [text, setText] = useState('');
  const [sendError, setSendError] = useState<string | null>(null);
  const [counts, setCounts] = useState<{ posts: number; projects: number } | null>(null);
  const bottom = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (conn.state !== 'ready') return;
    setMessages([]);
    return conn.conn.listen(room._id, (m) => setMessages((list) => (list.some((x) => x.id === m.id) ? list : [...list, m])));
  }, [conn, room._id]);

  useEffect(() => { bottom.current?.scrollIntoView?.({ block: 'end' }); }, [messages.length]);

  // Header counts: the other person's posts and finished projects.
  useEffect(() => {
    let live = true;
    const load = isBusiness
      ? fetchAllPages<Post>(`/post/user/${encodeURIComponent(room.clientId)}`, 3).then((posts) => ({ posts: posts.length, projects: posts.filter((p) => p.status === 'finished').length }))
      : api.get<Business>(`/business/${encodeURIComponent(room.businessId)}`).then((b) => ({ posts: b.postsCount ?? 0, projects: b.finishedJobsCount ?? 0 }));
    load.then((c) => live && setCounts(c)).catch((err) => console.error('Failed to load chat header counts', err));
    return () => { live = false; };
  }, [room._id, room.clientId, room.businessId, isBusiness]);

  const sorted = useMemo(() => [...messages].sort((a, b) => a.timestamp - b.timestamp), [messages]);

  async function send(e?: FormEvent) {
    e?.preventDefault();
    const value = text.trim();
    if (!value || conn.state !== 'ready') return;
    setText('');
    setSendError(null);
    try {
      await conn.conn.send(room._id, { text: value, sender: myName, senderId: mySub });
    } catch (err) {
      console.error('Failed to send message', err);
      setSendError('The message could not be sent. Please try again.');
      setText(value);
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  }

  return (
    <div className="chat-conversation">
      <header className="chat-header">
        <button type="button" className="btn btn-ghost btn-sm chat-back" onClick={onBack} data-testid="chat-back">← Go back</button>
        <SafeImage src={other.picture} fallback={AVATAR_PLACEHOLDER} alt="" className="avatar" width={96} height={96} sizes="96px" />
        <div className="chat-header-text">
          <Link to={other.profilePath} className="chat-header-name">{other.name}</Link>
          {!isBusiness && other.location && <small className="muted">{other.location}, Albania</small>}
        </div>
        {counts && (
          <dl className="chat-counts">
            <div><dt>Posts</dt><dd>{counts.posts}</dd></div>
            <div><dt>Total Projects</dt><dd>{counts.projects}</dd></div>
          </dl>
        )}
      </header>

      <div className="chat-messages" aria-live="polite" data-testid="chat-messages">
        {conn.state === 'unavailable' && <p className="banner banner-warning" role="alert" data-testid="chat-unavailable">{conn.message}</p>}
        {conn.state === 'connecting' && <p className="muted">Connecting...</p>}
        {conn.state === 'ready' && sorted.length === 0 && <p className="muted chat-empty">No messages yet. Say hello!</p>}
        {sorted.map((m) => {
          const own = m.senderId ? m.senderId === mySub : m.sender === myName;
          return (
            <div key={m.id} className={own ? 'chat-msg chat-msg--own' : 'chat-msg'} data-testid={own ? 'chat-message-own' : 'chat-message-other'}>
              {!own && <span className="chat-msg-sender">{m.sender}</span>}
              <p>{m.text}</p>
              <time className="chat-msg-time">{m.time}</time>
            </div>
          );
        })}
        <div ref={bottom} />
      </div>

      <form className="chat-compose" onSubmit={send}>
        {sendError && <p className="field-error" role="alert">{sendError}</p>}
        <textarea
          className="textarea chat-input"
          placeholder="Type a message..."
          aria-label="Type a message..."
          rows={2}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          disabled={conn.state !== 'ready'}
          data-testid="chat-input"
        />
        <button type="submit" className="btn btn-primary" disabled={conn.state !== 'ready' || !text.trim()} data-testid="chat-send">Send</button>
      </form>
    </div>
  );
}
