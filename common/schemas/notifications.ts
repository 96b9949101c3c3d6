/** Request schemas of the notification routes (common/notifications.ts). */
import * as z from 'zod';
import { LEAD_ALERT_MODES, NOTIFICATION_KINDS } from '../notifications';
import { keyText } from './fields';
import { pageQuery } from './paging';

export const notificationsQuery = z.object(pageQuery);

/** PUT /notifications/{id}/read: the id is a notification's `_id`. */
export const notificationParams = z.object({ id: keyText('id', 200) });

/** PUT /notifications/preferences: any subset of the email switches and the lead alert mode. */
export const preferencesBody = z.object({
  email: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()).optional(),
  leadAlerts: z.enum(LEAD_ALERT_MODES).optional(),
}).strict();

/** GET and POST /notifications/unsubscribe?token=: the signed token of an email's unsubscribe link. */
export const unsubscribeQuery = z.object({ token: keyText('token', 1000) });
