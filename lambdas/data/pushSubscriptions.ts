/**
 * Web Push subscriptions (docs/access-patterns.md): each of a user's devices that turned push on
 * is one item in the user's partition `PUSHSUBS#{sub}`, sort key = a hash of the push service's endpoint
 * (the same device subscribing again overwrites its item). The notifier Queries the partition for every
 * push it sends and deletes an item when the push service answers that the subscription is gone.
 */
import { createHash } from 'node:crypto';
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_PUSH_DEVICES } from '../../common/push';
import { ddb, table } from './client';
import { keys, stripKeys } from '../model/keys';
import type { StoredPushSubscription } from '../model/pushSubscriptions';

/** A subscription's id: its endpoint hashed (the endpoint is a capability: it is never answered). */
export const pushSubscriptionId = (endpoint: string) =>
  createHash('sha256').update(endpoint).digest('base64url').slice(0, 32);

/** The user's subscribed devices, oldest first (at most MAX_PUSH_DEVICES). */
export async function listPushSubscriptions(sub: string): Promise<StoredPushSubscription[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.pushSubscriptionsPartition(sub) },
      Limit: MAX_PUSH_DEVICES + 5,
    }),
  );
  return (out.Items ?? [])
    .map((i) => stripKeys(i) as unknown as StoredPushSubscription)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * Stores (or renews) this device's subscription. Beyond MAX_PUSH_DEVICES the oldest devices are dropped,
 * so an account signed in on many browsers over the years keeps its newest ones.
 */
export async function savePushSubscription(
  sub: string,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  now: string,
): Promise<StoredPushSubscription> {
  const item: StoredPushSubscription = {
    _id: pushSubscriptionId(subscription.endpoint),
    sub,
    endpoint: subscription.endpoint,
    keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
    createdAt: now,
  };
  await ddb().send(new PutCommand({ TableName: table(), Item: { ...keys.pushSubscription(sub, item._id), ...item } }));
  const all = await listPushSubscriptions(sub);
  const others = all.filter((s) => s._id !== item._id);
  for (const old of others.slice(0, Math.max(0, others.length - (MAX_PUSH_DEVICES - 1)))) {
    await deletePushSubscription(sub, old._id);
  }
  return item;
}

/** Removes one subscription of the user; true when there was one. */
export async function deletePushSubscription(sub: string, id: string): Promise<boolean> {
  const out = await ddb().send(
    new DeleteCommand({ TableName: table(), Key: keys.pushSubscription(sub, id), ReturnValues: 'ALL_OLD' }),
  );
  return Boolean(out.Attributes);
}
