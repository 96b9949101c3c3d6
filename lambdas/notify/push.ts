/**
 * Web Push from the notifier: for a notification whose kind the recipient has on for push,
 * one message to each of their subscribed devices, in their language, carrying the page a click opens.
 * Each request is built by the `web-push` library (VAPID, RFC 8292; payload encrypted as RFC 8291 says,
 * `aes128gcm`) and sent with fetch. A push service that answers 404 or 410 says the subscription is gone:
 * it is deleted. Other failures of one device are logged and do not stop the rest (nor retry the batch:
 * the push of a notification is claimed once on it, so a retried stream batch never pushes twice).
 */
import webpush from 'web-push';
import type { EmailLanguage } from '../../common/notifications';
import type { NotificationKind } from '../../common/constants';
import { PUSH_TTL_SECONDS, type PushPayload } from '../../common/push';
import { createLogger } from '../lib/log';
import { deletePushSubscription, listPushSubscriptions } from '../data/pushSubscriptions';
import type { StoredPushSubscription } from '../model/pushSubscriptions';
import type { StoredNotification } from '../model/notifications';
import { endpointAllowed } from '../domain/push';
import { notificationText } from './emails';
import { vapidKeys, type VapidKeys } from './vapid';

/** The most a push message may carry before encryption (push services take 4 KB; the encryption adds ~100 bytes). */
export const MAX_PUSH_PAYLOAD_BYTES = 3000;
/** Characters of a push's title and body (at most 4 bytes each: with the ids and the link, within the bytes above). */
const MAX_PUSH_TITLE = 120;
const MAX_PUSH_BODY = 300;

const cut = (s: string, max: number) => {
  const chars = [...s];
  return chars.length <= max ? s : `${chars.slice(0, max - 1).join('')}…`;
};

/** Kinds that come at once and matter now: a push service delivers them first ('high'); the rest 'normal'. */
const URGENT: ReadonlySet<NotificationKind> = new Set([
  'newOffer',
  'offerAccepted',
  'newLead',
  'ideaRequest',
  'chatUnread',
]);

/** What one notification's push says, in the recipient's language; the link is the web app's page of it. */
export function buildPushPayload(
  n: Pick<StoredNotification, '_id' | 'kind' | 'data' | 'link'>,
  lang: EmailLanguage,
  appUrl: string,
): PushPayload {
  const { title, body } = notificationText(n.kind, n.data, lang);
  // A long title or description is cut: a phone shows a few lines, and push services carry 4 KB at most.
  return {
    id: n._id,
    kind: n.kind,
    title: cut(title, MAX_PUSH_TITLE),
    body: cut(body, MAX_PUSH_BODY),
    url: `${appUrl}${n.link}`,
    lang,
  };
}

/** The request to a push service for one device (headers and encrypted body), as web-push builds it. */
export function pushRequest(
  sub: Pick<StoredPushSubscription, 'endpoint' | 'keys'>,
  payload: PushPayload,
  vapid: VapidKeys,
) {
  return webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: sub.keys }, JSON.stringify(payload), {
    vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    TTL: PUSH_TTL_SECONDS,
    contentEncoding: 'aes128gcm',
    urgency: URGENT.has(payload.kind as NotificationKind) ? 'high' : 'normal',
    // One topic per notification: a push service replaces an undelivered message of the same notification.
    topic: payload.id.replace(/[^A-Za-z0-9_-]/g, '').slice(-32),
  });
}

export type DeviceOutcome = 'sent' | 'gone' | 'failed' | 'refused';

/** Sends one push; 404/410 delete the subscription. */
export async function sendToDevice(
  sub: StoredPushSubscription,
  payload: PushPayload,
  vapid: VapidKeys,
): Promise<DeviceOutcome> {
  if (!endpointAllowed(sub.endpoint)) return 'refused';
  const log = createLogger({ handler: 'notifier' });
  const req = pushRequest(sub, payload, vapid);
  let status: number;
  try {
    const res = await fetch(req.endpoint, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: req.body ? new Uint8Array(req.body) : undefined,
      signal: AbortSignal.timeout(10_000),
      redirect: 'error',
    });
    status = res.status;
    await res.body?.cancel().catch(() => undefined);
  } catch (err) {
    log.warn('A push could not be sent', { error: err instanceof Error ? err.message : String(err) });
    return 'failed';
  }
  if (status === 404 || status === 410) {
    await deletePushSubscription(sub.sub, sub._id);
    return 'gone';
  }
  if (status >= 200 && status < 300) return 'sent';
  log.warn('A push service refused a push', { status, host: new URL(sub.endpoint).host });
  return 'failed';
}

export interface PushOutcome {
  devices: number;
  sent: number;
  gone: number;
}

/** Pushes one notification to every device of `sub` (none when push is not set up on this stage). */
export async function pushToDevices(sub: string, payload: PushPayload): Promise<PushOutcome | 'no-keys'> {
  const vapid = await vapidKeys();
  if (!vapid) return 'no-keys';
  const devices = await listPushSubscriptions(sub);
  const outcomes = await Promise.all(devices.map((d) => sendToDevice(d, payload, vapid)));
  return {
    devices: devices.length,
    sent: outcomes.filter((o) => o === 'sent').length,
    gone: outcomes.filter((o) => o === 'gone').length,
  };
}
