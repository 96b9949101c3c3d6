/**
 * The signed-in user's unread chat messages over all rooms (GET /chat/unread), for the navbar's chat
 * button. Fetched on mount, every 30 s, when the window regains focus, and whenever the chat page
 * says a count changed (refreshChatUnread).
 */
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';

const CHANGED = 'chat-unread-changed';
const POLL_MS = 30_000;

export const refreshChatUnread = () => window.dispatchEvent(new Event(CHANGED));

export function useChatUnreadTotal(enabled: boolean): number {
  const [total, setTotal] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const load = () =>
      api
        .get<{ total: number }>('/chat/unread')
        .then((r) => live && setTotal(r.total))
        .catch((err) => console.error('Failed to load unread messages', err));
    void load();
    const timer = window.setInterval(load, POLL_MS);
    window.addEventListener(CHANGED, load);
    window.addEventListener('focus', load);
    return () => {
      live = false;
      window.clearInterval(timer);
      window.removeEventListener(CHANGED, load);
      window.removeEventListener('focus', load);
    };
  }, [enabled]);
  return total;
}
