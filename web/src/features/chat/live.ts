/**
 * What the realtime connection delivers goes into the query cache, like every other answer: each room's
 * latest message (the room list's preview), and the open room's messages. A message from the other member
 * in a room that is not open asks the room list (unread counts) and the navbar's total again.
 */
import { useEffect, useMemo, useRef } from 'react';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatRoom } from '../../../../common/types';
import type { ChatMessage } from '../../../../common/chat';
import { chatKeys } from './api/keys';
import type { ChatConnection } from './realtime';

type ById = Record<string, ChatMessage>;
const NONE: ById = {};

/** Rooms whose latest message is followed live (the list's first ones). */
const LIVE_ROOMS = 50;
/** New messages in several rooms at once refresh the counts once. */
const RELOAD_DELAY_MS = 300;

const byKey = (a: ChatMessage, b: ChatMessage) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** roomId -> the latest message of each of the user's first rooms, live. */
export function useLatestMessages(
  conn: ChatConnection | undefined,
  sub: string | null,
  rooms: ChatRoom[] | undefined,
  openRoomId: string | undefined,
): ById {
  const queryClient = useQueryClient();
  const openRoom = useRef(openRoomId);
  useEffect(() => {
    openRoom.current = openRoomId;
  }, [openRoomId]);
  /** The newest message time seen per room: only newer ones change the counts. */
  const known = useRef<Record<string, number>>({});
  // Listeners follow which rooms there are, not every change of their counts.
  const followed = JSON.stringify(
    (rooms ?? []).slice(0, LIVE_ROOMS).map((r) => [r._id, r.clientCognitoId, r.businessCognitoId]),
  );

  useEffect(() => {
    const list = JSON.parse(followed) as [string, string, string][];
    if (!conn || !sub || list.length === 0) return;
    const cached = queryClient.getQueryData<ChatRoom[]>(chatKeys.rooms(sub)) ?? [];
    let reload: number | undefined;
    const stops = list.map(([roomId, clientCognitoId, businessCognitoId]) => {
      const since = cached.find((r) => r._id === roomId)?.lastMessageTime;
      known.current[roomId] ??= since ? Date.parse(since) : 0;
      return conn.listen({ clientCognitoId, businessCognitoId }, 1, (m) => {
        queryClient.setQueryData<ById>(chatKeys.latest(), (all = {}) =>
          all[roomId] && (all[roomId].id > m.id || (all[roomId].id === m.id && !!all[roomId].hidden === !!m.hidden))
            ? all
            : { ...all, [roomId]: m },
        );
        if (m.timestamp <= known.current[roomId]) return;
        known.current[roomId] = m.timestamp;
        if (m.senderId !== sub && openRoom.current !== roomId) {
          window.clearTimeout(reload);
          reload = window.setTimeout(() => {
            void queryClient.invalidateQueries({ queryKey: chatKeys.rooms(sub) });
            void queryClient.invalidateQueries({ queryKey: chatKeys.unread() });
          }, RELOAD_DELAY_MS);
        }
      });
    });
    return () => {
      window.clearTimeout(reload);
      stops.forEach((stop) => stop());
    };
  }, [conn, sub, followed, queryClient]);

  return useQuery<ById>({ queryKey: chatKeys.latest(), queryFn: skipToken, staleTime: Infinity }).data ?? NONE;
}

/**
 * The room's latest `limit` messages, then each new one, oldest first; a larger limit adds older ones. A message
 * moderation hid since it arrived is replaced by its hidden version (the page decides who sees it).
 */
export function useRoomMessages(conn: ChatConnection | undefined, room: ChatRoom, limit: number): ChatMessage[] {
  const queryClient = useQueryClient();
  // Keyed on the members, not the room object, which changes with its counts.
  const { _id: roomId, clientCognitoId, businessCognitoId } = room;
  useEffect(() => {
    if (!conn) return;
    return conn.listen({ clientCognitoId, businessCognitoId }, limit, (m) =>
      queryClient.setQueryData<ById>(chatKeys.messages(roomId), (all = {}) =>
        // A message seen already is replaced only when moderation hid it since.
        all[m.id] && !!all[m.id].hidden === !!m.hidden ? all : { ...all, [m.id]: m },
      ),
    );
  }, [conn, roomId, clientCognitoId, businessCognitoId, limit, queryClient]);

  const { data } = useQuery<ById>({ queryKey: chatKeys.messages(roomId), queryFn: skipToken, staleTime: Infinity });
  return useMemo(() => Object.values(data ?? {}).sort(byKey), [data]);
}
