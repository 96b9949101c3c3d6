/** GET /notifications/push/key: the stage's VAPID public key a browser subscribes with, or null when push is not set up. */
import { defineHandler } from '../api/http';
import { vapidKeys } from '../notify/vapid';

export const handler = defineHandler('getPushKey', {
  run: async () => ({ publicKey: (await vapidKeys())?.publicKey ?? null }),
});
