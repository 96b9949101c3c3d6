/** DELETE /notifications/push/{id}: removes one of the caller's devices' push subscriptions (Settings' switch, sign-out). */
import { pushSubscriptionParams as params } from '../../common/schemas/push';
import { defineHandler } from '../api/http';
import { notFound } from '../lib/errors';
import { deletePushSubscription } from '../data/pushSubscriptions';

export const handler = defineHandler('unsubscribePush', {
  params,
  run: async ({ caller, params: { id } }) => {
    // The key is in the caller's own partition: another user's subscription cannot be named.
    if (!(await deletePushSubscription(caller.sub, id))) throw notFound('No such push subscription');
    return { message: 'Push subscription removed', _id: id };
  },
});
