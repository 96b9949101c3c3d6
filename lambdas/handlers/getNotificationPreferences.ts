/** GET /notifications/preferences: the caller's email switches per kind and lead alert mode (defaults filled in). */
import { defineHandler } from '../api/http';
import { getPreferences } from '../data/notifications';

export const handler = defineHandler('getNotificationPreferences', {
  run: async ({ caller }) => getPreferences(caller.sub),
});
