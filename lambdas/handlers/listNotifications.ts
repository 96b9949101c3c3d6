/** GET /notifications: the caller's in-app notifications, newest first, paged (pattern 23). */
import { notificationsQuery as query } from '../../common/schemas/notifications';
import { defineHandler } from '../api/http';
import { pageReply } from '../api/paging';
import { listNotifications } from '../data/notifications';

export const handler = defineHandler('listNotifications', {
  query,
  run: async ({ caller, query: page }) => {
    const { items, nextCursor } = await listNotifications(caller.sub, page);
    return pageReply(items, nextCursor);
  },
});
