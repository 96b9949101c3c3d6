/**
 * Notifications (issue 11): what is notified, to whom, and what the API answers. Shared by the
 * notifier (lambdas/notify/), the notification routes and the web app.
 */
import type * as z from 'zod';
import type { appNotificationSchema, notificationDataSchema, notificationPreferencesSchema } from './schemas/answers';

/** Every kind of notification. The recipient is named in the comment. */
export const NOTIFICATION_KINDS = [
  'newOffer', // a business offered on the client's request -> the client
  'offerAccepted', // -> the business
  'offerDeclined', // -> the business
  'acceptanceCancelled', // the client set an accepted offer back to pending -> the business
  'reviewReceived', // -> the business
  'requestDeleted', // a request the business had offered on was deleted -> the business
  'requestClosed', // a request the business had a pending offer on was closed by its client or expired -> the business
  'paymentReceipt', // a payment completed (an ad, a plan, a monthly renewal) -> the business
  'paymentFailed', // a payment was refused (a declined card, a failed renewal) -> the business
  'paymentRefunded', // a moderator's refund was approved, with its reason -> the business
  'newLead', // a new request matching the business's services and service towns -> the business (lead alerts: instant)
  'leadDigest', // the day's matching requests in one message -> the business (lead alerts: daily)
  'chatUnread', // chat messages unread for 10 minutes -> their recipient (email only, at most one per room per 30 minutes)
  'verificationDecided', // a moderator approved or refused the business's verification request -> the business
  'counterOffer', // the client proposed other terms on an offer: the business must answer -> the business
  'negotiationAnswer', // the business accepted or declined the client's counter-offer, or revised its offer -> the client
  'planStarted', // a paid plan started: its first month paid, or an upgrade took effect -> the business
  'planPaymentFailed', // a monthly renewal was declined: the plan stays through the grace period, a new card is asked -> the business
  'planCancelled', // the business cancelled its plan: it stays until the end of the paid period -> the business
  'planDowngraded', // the plan went down: a downgrade took effect, or the subscription ended (cancelled, or unpaid) -> the business
  'monthlyReport', // Premium: last month's statistics (profile views, offers, accepted) -> the business
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Kinds that can be emailed, each with its own on/off setting and unsubscribe link. */
export const EMAIL_KINDS = NOTIFICATION_KINDS;

/** How a business hears of new matching requests: each one at once, one digest a day, or not at all. */
export const LEAD_ALERT_MODES = ['instant', 'daily', 'off'] as const;
export type LeadAlertMode = (typeof LEAD_ALERT_MODES)[number];

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
      return `/post/${d.postId}`;
    case 'reviewReceived':
      return `/businessprofile/${d.businessId}`;
    case 'requestDeleted':
      return '/business-dashboard';
    case 'paymentReceipt':
    case 'paymentFailed':
    case 'paymentRefunded':
      return `/settings/${d.businessId}/transactions`;
    case 'leadDigest':
      return '/available-posts';
    case 'chatUnread':
      return `/chat/${d.roomId}`;
    case 'verificationDecided':
      return `/settings/${d.businessId}/verification`;
    case 'planStarted':
    case 'planPaymentFailed':
    case 'planCancelled':
    case 'planDowngraded':
      return `/settings/${d.businessId}/plan`;
    case 'monthlyReport':
      return `/settings/${d.businessId}/statistics`;
  }
};
