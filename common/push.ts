/**
 * Web Push: a signed-in user's devices each hold one push subscription (the browser's
 * PushSubscription: its push service's endpoint and the keys the message is encrypted to). The notifier
 * sends a push for every kind the user has on for push (NotificationPreferences.push), in their language,
 * to each of their devices (lambdas/notify/push.ts).
 */

/** The most devices one account keeps subscribed; a new one beyond it replaces the oldest. */
export const MAX_PUSH_DEVICES = 20;

/** How long a push service keeps a message for a device that is offline (seconds; the `TTL` header). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** The longest endpoint address accepted (push services' addresses are a few hundred characters). */
export const MAX_PUSH_ENDPOINT_LENGTH = 1000;

/** What a push message carries (JSON, encrypted): the service worker shows it and opens `url` on a click. */
export interface PushPayload {
  /** The notification's id: the same push delivered twice shows once (the notification's tag). */
  id: string;
  kind: string;
  title: string;
  body: string;
  /** The page the click opens: an address of the web app. */
  url: string;
  lang: 'sq' | 'en';
}

/** The base64url form of the keys the browser's PushSubscription.toJSON() gives. */
export const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
