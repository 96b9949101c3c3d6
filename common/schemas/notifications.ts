/** Request schemas of the notification routes (common/notifications.ts). */
import * as z from 'zod';
import { LEAD_ALERT_MODES, NOTIFICATION_KINDS } from '../constants';
import type { ErrorCode } from '../errors';
import { keyText } from './fields';
import { pageQuery } from './paging';

export const notificationsQuery = z.object(pageQuery);

/** POST /notifications/read: `{id}` marks that notification read, `{all: true}` every one. */
export const markReadBody = z
  .object({
    id: keyText('id', 200).optional(),
    all: z.literal(true).optional(),
  })
  .strict()
  .refine((b) => (b.id === undefined) !== (b.all === undefined), {
    message: 'Send either id or all: true',
    params: { code: 'FIELD_REQUIRED' satisfies ErrorCode },
  });

/** PUT /notifications/preferences: any subset of the email and push switches (`emails`, `push`) and the lead alert mode. */
export const preferencesBody = z
  .object({
    emails: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()).optional(),
    push: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()).optional(),
    leadAlerts: z.enum(LEAD_ALERT_MODES).optional(),
  })
  .strict();

/** GET and POST /notifications/unsubscribe?token=: the signed token of an email's unsubscribe link. */
export const unsubscribeQuery = z.object({ token: keyText('token', 1000) });
