/** PUT /notifications/preferences {email?: {kind: boolean}, leadAlerts?}: changes the caller's preferences and answers them all. */
import { preferencesBody as body } from '../../common/schemas/notifications';
import { defineHandler } from '../api/http';
import { updatePreferences } from '../data/notifications';

export const handler = defineHandler('updateNotificationPreferences', {
  body,
  run: async ({ caller, body: changes }) => updatePreferences(caller.sub, changes),
});
