/**
 * POST /notifications/read: `{id}` marks one of the caller's notifications read and answers it (404 for
 * an id that is not the caller's); `{all: true}` marks every one read and answers `{count: 0}`.
 */
import { markReadBody as body } from '../../common/schemas/notifications';
import { defineHandler } from '../api/http';
import { notFound } from '../lib/errors';
import { markAllRead, markRead } from '../data/notifications';

export const handler = defineHandler('markNotificationsRead', {
  body,
  run: async ({ caller, body: { id } }) => {
    const now = new Date().toISOString();
    if (id === undefined) {
      await markAllRead(caller.sub, now);
      return { count: 0 };
    }
    // The key is the caller's own partition: another user's notification id is simply not found.
    const notification = await markRead(caller.sub, id, now);
    if (!notification) throw notFound('Notification not found');
    return notification;
  },
});
