/** GET /notifications/unread: `{count}`, the caller's unread notifications (the navbar's bell; pattern 24). */
import { defineHandler } from '../api/http';
import { unreadCount } from '../data/notifications';

export const handler = defineHandler('getUnreadNotifications', {
  run: async ({ caller }) => ({ count: await unreadCount(caller.sub) }),
});
