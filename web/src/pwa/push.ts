/**
 * Web Push on this device (Settings > Notifications, and sign-out): the browser's push subscription, made
 * with the stage's VAPID key (GET /notifications/push/key) only after the user's click asked for the
 * permission, stored on the account (POST /notifications/push); the id the API answers is kept per account
 * on this device, so turning push off or signing out removes exactly this device (DELETE .../{id}).
 */
import { api } from '../lib/api';

const deviceKey = (account: string) => `interio.push-device.${account}`;

export type PushSupport = 'supported' | 'unsupported' | 'denied';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window))
    return 'unsupported';
  if (!('Notification' in window)) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** The id of this device's subscription on `account`, when push is on here. */
export function pushDeviceId(account: string): string | undefined {
  try {
    return localStorage.getItem(deviceKey(account)) ?? undefined;
  } catch {
    return undefined;
  }
}

const keyBytes = (base64url: string) => {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

/** Asks for the permission (call from a click), subscribes this browser and stores the subscription on the account. */
export async function turnOnPush(account: string, publicKey: string): Promise<'on' | 'denied'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const stored = await api.post<{ _id: string }>('/notifications/push', subscription.toJSON());
  localStorage.setItem(deviceKey(account), stored._id);
  return 'on';
}

/** Removes this device's subscription from the account and from the browser. */
export async function turnOffPush(account: string): Promise<void> {
  const id = pushDeviceId(account);
  if (id) {
    await api.del(`/notifications/push/${encodeURIComponent(id)}`).catch((err: unknown) => {
      // Already gone on the server (a push service dropped it): nothing left to remove there.
      if ((err as { status?: number }).status !== 404) throw err;
    });
    localStorage.removeItem(deviceKey(account));
  }
  const registration = await navigator.serviceWorker?.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  await subscription?.unsubscribe();
}

/** At sign-out: this device stops receiving the account's pushes (best effort: the session ends anyway). */
export async function forgetPushOnSignOut(account: string | undefined): Promise<void> {
  if (!account || !pushDeviceId(account)) return;
  await turnOffPush(account).catch((err: unknown) => console.warn('Could not turn push off at sign-out', err));
}
