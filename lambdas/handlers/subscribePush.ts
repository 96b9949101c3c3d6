/**
 * POST /notifications/push {endpoint, keys: {p256dh, auth}}: this device's push subscription (the browser's
 * PushSubscription.toJSON()), stored for the caller; answers its id (the device keeps it to unsubscribe).
 */
import { pushSubscriptionBody as body } from '../../common/schemas/push';
import { defineHandler } from '../api/http';
import { fieldError } from '../lib/errors';
import { savePushSubscription } from '../data/pushSubscriptions';
import { endpointAllowed } from '../domain/push';

export const handler = defineHandler('subscribePush', {
  body,
  run: async ({ caller, body: subscription }) => {
    if (!endpointAllowed(subscription.endpoint))
      throw fieldError('endpoint', 'endpoint must be an https address', 'INVALID_VALUE');
    const saved = await savePushSubscription(caller.sub, subscription, new Date().toISOString());
    return { _id: saved._id, createdAt: saved.createdAt };
  },
});
