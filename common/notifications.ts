/**
 * Notifications (in the app, by email and by push): what is notified, to whom, and what the API answers. Shared by the
 * notifier (lambdas/notify/), the notification routes and the web app. The kinds and the lead-alert modes are
 * lists of common/constants.ts, which the answer schemas import; this module takes the answers' types from them.
 */
import type * as z from 'zod';
import { runAgainPath } from './adRuns';
import { NOTIFICATION_KINDS, type NotificationKind } from './constants';
import type { appNotificationSchema, notificationDataSchema, notificationPreferencesSchema } from './schemas/answers';

/** Kinds that can be emailed, each with its own on/off setting and unsubscribe link. */
export const EMAIL_KINDS = NOTIFICATION_KINDS;

/** In-app notifications are kept this long (DynamoDB TTL). */
export const NOTIFICATION_TTL_DAYS = 90;

/** The languages an email can be written in; Albanian unless the account chose English. */
export const EMAIL_LANGUAGES = ['sq', 'en'] as const;
export type EmailLanguage = (typeof EMAIL_LANGUAGES)[number];
export const DEFAULT_EMAIL_LANGUAGE: EmailLanguage = 'sq';

/** What a notification is about; each field is set where the kind has it. Texts are the web app's, per kind. */
export type NotificationData = z.infer<typeof notificationDataSchema>;

/** One in-app notification as the API answers it (GET /notifications). */
export type AppNotification = z.infer<typeof appNotificationSchema>;

/** GET/PUT /notifications/preferences. */
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  emails: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, true])) as Record<NotificationKind, boolean>,
  // Push reaches only devices that turned it on (Settings > Notifications): every kind is on for them at first.
  push: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, true])) as Record<NotificationKind, boolean>,
  leadAlerts: 'instant',
};

/** The web app's notifications page (the navbar's bell and the menu link to it). */
export const NOTIFICATIONS_PAGE_PATH = '/notifications';

/** The web app's page each kind links to. */
export const notificationLink = (kind: NotificationKind, d: NotificationData): string => {
  switch (kind) {
    case 'newOffer':
    case 'negotiationAnswer':
      return `/post/view/${d.postId}`;
    case 'counterOffer':
    case 'offerAccepted':
    case 'offerDeclined':
    case 'acceptanceCancelled':
    case 'requestClosed':
    case 'newLead':
    case 'ideaRequest':
      return `/post/${d.postId}`;
    case 'reviewReceived':
      return `/businessprofile/${d.businessId}`;
    case 'requestDeleted':
      return '/business-dashboard';
    case 'paymentReceipt':
    case 'paymentFailed':
    case 'paymentRefunded':
    case 'paymentChargedBack':
    case 'paymentRestored':
      return `/settings/${d.businessId}/transactions`;
    case 'leadDigest':
      return '/available-posts';
    case 'chatUnread':
      return `/chat/${d.roomId}`;
    case 'verificationDecided':
      return `/settings/${d.businessId}/verification`;
    case 'adRunEnded':
      return runAgainPath(d.adId ?? '');
    case 'planStarted':
    case 'planPaymentFailed':
    case 'planCancelled':
    case 'planDowngraded':
      return `/settings/${d.businessId}/plan`;
    case 'monthlyReport':
      return `/settings/${d.businessId}/statistics`;
  }
};
