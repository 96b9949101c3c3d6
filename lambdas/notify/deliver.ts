/**
 * Delivering one notification: stored in the app once (whatever the retries), pushed to the recipient's
 * devices once when they have its kind on for push (lambdas/notify/push.ts), then emailed once
 * unless the recipient turned that kind off (or has no address). The email is claimed on the stored
 * notification before sending and marked sent after, so a batch retried after a successful send does
 * not send again; a failed send releases the claim and throws, so the retry sends it.
 */
import { sendMail } from './mailer';
import { renderEmail } from './emails';
import { signUnsubscribe } from './unsubscribe';
import type { Draft, Recipient } from './events';
import { buildPushPayload, pushToDevices, type PushOutcome } from './push';
import { vapidKeys } from './vapid';
import {
  claimEmail,
  claimPush,
  getPreferences,
  releaseEmail,
  settleEmail,
  storeNotification,
} from '../data/notifications';
import type { StoredNotification } from '../model/notifications';

/** Where links in emails point: the web app (APP_URL) and the API (API_URL, for unsubscribe links). */
export const linkConfig = {
  get appUrl() {
    return (process.env.APP_URL ?? '').replace(/\/$/, '');
  },
  get apiUrl() {
    return (process.env.API_URL ?? '').replace(/\/$/, '');
  },
};

/** The unsubscribe route (common/routes.ts) a link of an email opens. */
export const UNSUBSCRIBE_PATH = '/notifications/unsubscribe';

export async function unsubscribeUrl(sub: string, kind: Draft['notification']['kind']) {
  return `${linkConfig.apiUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(await signUnsubscribe({ sub, kind }))}`;
}

export type DeliveryOutcome = {
  stored: boolean;
  email: 'sent' | 'off' | 'no-address' | 'already';
  push: PushOutcome | 'off' | 'no-keys' | 'already';
};

/** The push of one notification to the recipient's devices, when they have its kind on for push. */
async function push(recipient: Recipient, n: StoredNotification, on: boolean): Promise<DeliveryOutcome['push']> {
  if (!on) return 'off';
  if (!(await vapidKeys())) return 'no-keys';
  if (!(await claimPush(n))) return 'already';
  return pushToDevices(recipient.sub, buildPushPayload(n, recipient.language, linkConfig.appUrl));
}

export async function deliver({ recipient, notification: n }: Draft, now = () => new Date()): Promise<DeliveryOutcome> {
  const stored = await storeNotification(n);
  const prefs = await getPreferences(recipient.sub);
  const pushed = await push(recipient, n, prefs.push[n.kind]);
  if (!recipient.email) return { stored, email: 'no-address', push: pushed };
  if (!prefs.emails[n.kind]) return { stored, email: 'off', push: pushed };
  if (!(await claimEmail(n, now()))) return { stored, email: 'already', push: pushed };
  try {
    const unsubscribe = await unsubscribeUrl(recipient.sub, n.kind);
    const email = renderEmail(n.kind, n.data, recipient.language, {
      page: `${linkConfig.appUrl}${n.link}`,
      unsubscribe,
      settings: `${linkConfig.appUrl}/settings/${recipient.profileId}/notifications`,
      items: n.data.posts?.map((p) => ({
        text: `${p.title} (${p.town})`,
        url: `${linkConfig.appUrl}/post/${p.postId}`,
      })),
    });
    await sendMail({
      to: recipient.email,
      ...email,
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        // The stable id of the notification: mail tools (and the tests) tell one email from another by it.
        'X-Notification-Id': n._id,
      },
    });
  } catch (err) {
    await releaseEmail(n).catch(() => undefined);
    throw err;
  }
  await settleEmail(n, 'sent');
  return { stored, email: 'sent', push: pushed };
}
