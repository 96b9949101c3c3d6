/**
 * The chat's connection to the Firebase Realtime Database. Loaded only by the chat page (dynamic
 * import), so no other screen downloads Firebase. The API mints a Firebase custom token for the
 * signed-in user (POST /chat/token); in the cloud the app signs in with it, locally the database
 * emulator is used instead (it has no auth service; the emulator token carries the same uid).
 * Messages live at messages/{roomId}/{timestamp}: {id, text, sender, senderId, time (hh:mm), timestamp}.
 */
import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectDatabaseEmulator, getDatabase, limitToLast, onChildAdded, orderByKey, query, ref, set, type Database,
} from 'firebase/database';
import { api, ApiError } from '../../lib/api';
import { getConfig } from '../../lib/config';

export interface ChatMessage {
  id: string;
  text: string;
  /** Display name of the author. */
  sender: string;
  /** Cognito sub of the author (tells own messages from the other person's). */
  senderId?: string;
  /** hh:mm */
  time: string;
  timestamp: number;
}

export class ChatUnavailable extends Error {}

export interface ChatConnection {
  uid: string;
  /** Calls `onMessage` for every message of the room, oldest first, then for each new one. */
  listen(roomId: string, onMessage: (m: ChatMessage) => void): () => void;
  /** Calls `onLast` with the room's latest message, now and whenever a newer one arrives. */
  watchLast(roomId: string, onLast: (m: ChatMessage) => void): () => void;
  send(roomId: string, message: Omit<ChatMessage, 'id' | 'time' | 'timestamp'>): Promise<void>;
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
    { apiKey: cfg.apiKey, projectId: cfg.projectId, databaseURL: cfg.databaseURL, ...(cfg.appId ? { appId: cfg.appId } : {}) },
    `chat-${sub}`,
  );
  const db: Database = getDatabase(app, cfg.databaseURL);
  if (cfg.emulator) {
    connectDatabaseEmulator(db, cfg.emulator.host, cfg.emulator.port, { mockUserToken: { sub: grant.uid, user_id: grant.uid } });
  } else {
    const { getAuth, signInWithCustomToken } = await import('firebase/auth');
    await signInWithCustomToken(getAuth(app), grant.token);
  }

  const roomRef = (roomId: string) => ref(db, `messages/${roomId}`);
  return {
    uid: grant.uid,
    listen(roomId, onMessage) {
      return onChildAdded(query(roomRef(roomId), orderByKey()), (snap) => {
        const value = snap.val() as ChatMessage | null;
        if (value && typeof value.text === 'string') onMessage(value);
      });
    },
    watchLast(roomId, onLast) {
      return onChildAdded(query(roomRef(roomId), orderByKey(), limitToLast(1)), (snap) => {
        const value = snap.val() as ChatMessage | null;
        if (value && typeof value.text === 'string') onLast(value);
      });
    },
    async send(roomId, message) {
      const now = new Date();
      const timestamp = now.getTime();
      const full: ChatMessage = {
        ...message,
        id: crypto.randomUUID(),
        time: `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`,
        timestamp,
      };
      await set(ref(db, `messages/${roomId}/${timestamp}`), full);
    },
  };
}
