/**
 * Delivering one notification: stored in the app once (whatever the retries), then emailed once
 * unless the recipient turned that kind off (or has no address). The email is claimed on the stored
 * notification before sending and marked sent after, so a batch retried after a successful send does
 * not send again; a failed send releases the claim and throws, so the retry sends it.
 */
import { sendMail } from './mailer';
import { renderEmail } from './emails';
import { signUnsubscribe } from './unsubscribe';
import type { Draft } from './events';
import { claimEmail, getPreferences, releaseEmail, settleEmail, storeNotification } from '../data/notifications';

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

export type DeliveryOutcome = { stored: boolean; email: 'sent' | 'off' | 'no-address' | 'already' };

export async function deliver({ recipient, notification: n }: Draft, now = () => new Date()): Promise<DeliveryOutcome> {
  const stored = await storeNotification(n);
  if (!recipient.email) return { stored, email: 'no-address' };
  const prefs = await getPreferences(recipient.sub);
  if (!prefs.emails[n.kind]) return { stored, email: 'off' };
  if (!(await claimEmail(n, now()))) return { stored, email: 'already' };
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
  return { stored, email: 'sent' };
}
