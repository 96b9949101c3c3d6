/**
 * In-app notifications as stored (docs/access-patterns.md, patterns 23-26): one item per notification in its
 * recipient's partition `NOTIFS#{sub}`. lambdas/data/notifications.ts reads and writes them.
 */
import type { NotificationData } from '../../common/notifications';
import type { NotificationKind } from '../../common/constants';
import { TTL_ATTRIBUTE } from './schema';

export interface StoredNotification {
  /** `{createdAt}_{hash of the event}`: the sort key. */
  _id: string;
  recipientSub: string;
  kind: NotificationKind;
  createdAt: string;
  link: string;
  data: NotificationData;
  readAt?: string;
  /** Email delivery: claimed ('sending', with emailClaimedAt), 'sent', or 'skipped' (turned off, no address). */
  emailState?: 'sending' | 'sent' | 'skipped';
  emailClaimedAt?: string;
  /** Set once the notification's push was claimed for sending: a retried batch does not push it again. */
  pushState?: 'sent';
  [TTL_ATTRIBUTE]: number;
}
