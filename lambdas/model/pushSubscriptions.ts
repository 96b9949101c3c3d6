/**
 * Web Push subscriptions as stored (docs/access-patterns.md): one item per device of a user, in the partition
 * `PUSHSUBS#{sub}`. lambdas/data/pushSubscriptions.ts reads and writes them.
 */

export interface StoredPushSubscription {
  _id: string;
  sub: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  createdAt: string;
}
