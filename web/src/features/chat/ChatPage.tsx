/**
 * Chat (/chat/{id}): the user's rooms on the left (last message, unread count), the selected room's
 * messages on the right. The id is a room id (opened from an offer's Message button) or the user's
 * own account id (the navbar's chat button: no room selected yet). Rooms, sending, marking read,
 * blocking and reporting go through the API (api/, TanStack Query); messages are read live from the
 * Realtime Database (realtime.ts, downloaded after the room list is drawn, or at once for an address that opens a
 * room) into the query cache (live.ts): a room opens on its last 50 messages
 * and loads older ones when scrolled to the top. On mobile the list and the pane take turns. The page holds the
 * list (one RoomButton each); the open room is the Conversation (one ChatMessage each).
 */
import { useNavigate, useParams } from 'react-router';
import { useAuth } from '../../auth/AuthProvider';
import { LoadError } from '../../components/LoadError';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { useChatConnection } from './api/connect-chat';
import { useChatRooms } from './api/get-chat-rooms';
import { useLatestMessages } from './live';
import './chat.css';
import './unread.css';
import { counterpartOf, type Conn } from './counterpart';
import { RoomButton } from './RoomButton';
import { Conversation } from './Conversation';

export default function ChatPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const me = useAuth();
  const isBusiness = me.role === 'business';
  const t = useT();
  usePageTitle('chat.title');
  const roomsQuery = useChatRooms(me.sub, me.role);
  const rooms = roomsQuery.data;
  // The realtime connection (Firebase, 46 KB) comes after the room list is drawn, which needs only the API (each
  // room's last message is in its answer); an address that opens a room connects at once, for its messages.
  const opensRoom = id !== me.account?.id;
  const connection = useChatConnection(me.sub, { enabled: opensRoom || !roomsQuery.isPending });
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
        {' '}
        {rooms.map((room) => (
          <li key={room._id}>
            <RoomButton
              room={room}
              isBusiness={isBusiness}
              selected={room._id === selectedId}
              last={lastMessages[room._id]}
              onOpen={() => navigate(`/chat/${room._id}`, { replace: !!selected })}
            />
          </li>
        ))}
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
