/**
 * The realtime connection of the signed-in user (POST /chat/token, then Firebase): opened once and kept
 * for the session. Firebase (46 KB) is downloaded here, on first use, so no other screen pays for it. Its error
 * (chat not configured or not reachable) shows with Retry.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatKeys } from './keys';

export const connectChatQueryOptions = (sub: string) =>
  queryOptions({
    queryKey: chatKeys.connection(sub),
    queryFn: () => import('../realtime').then(({ connectChat }) => connectChat(sub)),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

/** `enabled: false` waits (the page asks for it once its first paint no longer needs the bandwidth). */
export const useChatConnection = (sub: string | null, options?: { enabled?: boolean }) =>
  useQuery({ ...connectChatQueryOptions(sub ?? ''), enabled: !!sub && (options?.enabled ?? true) });
