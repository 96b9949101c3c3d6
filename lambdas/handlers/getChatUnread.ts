/** GET /chat/unread: `{total}`, the caller's unread messages over all their rooms (the navbar's chat button). */
import { defineHandler } from '../api/http';
import { unreadTotal } from '../data/roomMembers';

export const handler = defineHandler('getChatUnread', {
  run: async ({ caller }) => ({ total: await unreadTotal(caller) }),
});
