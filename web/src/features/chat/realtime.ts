/**
 * The chat's connection to the Firebase Realtime Database, read-only. Loaded only by the chat page
 * (dynamic import), so no other screen downloads Firebase. The API mints a Firebase custom token for
 * the signed-in user (POST /chat/token): in the cloud the app signs in with it; locally it is handed
 * to the database emulator, which verifies it the same way. A member reads their room's messages at
 * chats/{clientSub}/{businessSub}/messages (common/chat.ts); messages are sent through the API
 * (POST /chat/rooms/{id}/messages), never written from here. The SDK reconnects by itself after a
 * dropped connection and delivers what arrived meanwhile.
 */
import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectDatabaseEmulator,
  getDatabase,
  limitToLast,
  onChildAdded,
  onChildChanged,
  orderByKey,
  query,
  ref,
  type Database,
} from 'firebase/database';
import { api, ApiError } from '../../lib/api';
import { getConfig } from '../../lib/config';
import { chatMessagesPath, type ChatMessage } from '../../../../common/chat';

export type { ChatMessage };
export class ChatUnavailable extends Error {}

type RoomPath = { clientCognitoId: string; businessCognitoId: string };

export interface ChatConnection {
  uid: string;
  /**
   * Calls `onMessage` for each of the room's latest `limit` messages, then for each new one, and again for one
   * that changes (a moderator hid it).
   */
  listen(room: RoomPath, limit: number, onMessage: (m: ChatMessage) => void): () => void;
}

const connections = new Map<string, Promise<ChatConnection>>();

export function connectChat(sub: string): Promise<ChatConnection> {
  let p = connections.get(sub);
  if (!p) {
    p = open(sub);
    p.catch(() => connections.delete(sub));
    connections.set(sub, p);
  }
  return p;
}

const isMessage = (v: unknown): v is ChatMessage =>
  !!v && typeof (v as ChatMessage).text === 'string' && typeof (v as ChatMessage).id === 'string';

async function open(sub: string): Promise<ChatConnection> {
  let grant: { token: string; uid: string };
  try {
    grant = await api.post<{ token: string; uid: string }>('/chat/token');
  } catch (err) {
    if (err instanceof ApiError && err.status === 503) throw new ChatUnavailable('Chat is not available right now');
    throw err;
  }
  const cfg = getConfig().firebase;
  const app: FirebaseApp = initializeApp(
    {
      apiKey: cfg.apiKey,
      projectId: cfg.projectId,
      databaseURL: cfg.databaseURL,
      ...(cfg.appId ? { appId: cfg.appId } : {}),
    },
    `chat-${sub}`,
  );
  const db: Database = getDatabase(app, cfg.databaseURL);
  if (cfg.emulator) {
    connectDatabaseEmulator(db, cfg.emulator.host, cfg.emulator.port, { mockUserToken: grant.token });
  } else {
    const { getAuth, signInWithCustomToken } = await import('firebase/auth');
    await signInWithCustomToken(getAuth(app), grant.token);
  }

  return {
    uid: grant.uid,
    listen(room, limit, onMessage) {
      const latest = query(ref(db, chatMessagesPath(room)), orderByKey(), limitToLast(limit));
      const deliver = (snap: { val(): unknown }) => {
        const value = snap.val();
        if (isMessage(value)) onMessage(value);
      };
      const stopAdded = onChildAdded(latest, deliver);
      const stopChanged = onChildChanged(latest, deliver);
      return () => {
        stopAdded();
        stopChanged();
      };
    },
  };
}
