/**
 * Payment records of an erased business (docs/privacy.md): they stay, as the law on accounting requires (amount,
 * date, what was bought, the provider's reference, the status), but without anything that names the business: its
 * sub, its record's id, its name and the ad picture, and out of its list (the GSI1 entry `TXNS#{sub}`). Its
 * subscriptions' records (the provider's state of each: status, plan, period) stay the same way, without its sub and
 * record's id.
 *
 * The one place that knows what a payment record holds of its payer (lambdas/data/transactions.ts StoredTransaction
 * today): when payment records change shape (a provider's customer id, an invoice's billing name and address),
 * the new fields that name the payer are added to PAYER_FIELDS here, and the records' other lists to the Query.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { table } from '../data/client';
import { eachItemOf } from '../data/query';
import { INDEXES } from '../model/schema';
import { conditionalWrite } from '../data/transact';
import { keys } from '../model/keys';
import type { StoredSubscription, StoredTransaction } from '../model/payments';
import type { Progress } from './progress';

/** What a payment record holds of its payer, and its index entry in the payer's list. */
export const PAYER_FIELDS = [
  'businessSub',
  'businessId',
  'clientName',
  'image',
  'gsi1pk',
  'gsi1sk',
] as const satisfies readonly (keyof StoredTransaction | 'gsi1pk' | 'gsi1sk')[];

/** What a subscription's record holds of its business. */
export const SUBSCRIBER_FIELDS = ['businessSub', 'businessId'] as const satisfies readonly (keyof StoredSubscription)[];

async function anonymise(key: { pk: string; sk: string }, fields: readonly string[], sub: string, at: string) {
  const names = Object.fromEntries(fields.map((f, i) => [`#f${i}`, f]));
  return conditionalWrite(
    new UpdateCommand({
      TableName: table(),
      Key: key,
      UpdateExpression: `SET anonymisedAt = :at REMOVE ${Object.keys(names).join(', ')}`,
      // Only the payer's own records (the index entry still names them).
      ConditionExpression: 'attribute_exists(pk) AND businessSub = :sub',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ':at': at, ':sub': sub },
    }),
  );
}

/**
 * Anonymises every payment record of the business with Cognito sub `sub`, and the records of the subscriptions they
 * name (and `subscriptionId`, the business's current one) first, so a run killed half way finds them again; answers
 * how many payment records it changed.
 */
export async function anonymisePaymentRecords(
  sub: string,
  at: string,
  progress: Progress,
  subscriptionId?: string,
): Promise<number> {
  const found: { pk: string; sk: string }[] = [];
  const subscriptions = new Set(subscriptionId ? [subscriptionId] : []);
  for await (const item of eachItemOf({ index: INDEXES.GSI1.name, partition: `TXNS#${sub}` })) {
    found.push({ pk: String(item.pk), sk: String(item.sk) });
    if (typeof item.subscriptionId === 'string') subscriptions.add(item.subscriptionId);
  }
  for (const id of subscriptions) {
    await progress.step();
    await anonymise(keys.subscription(id), SUBSCRIBER_FIELDS, sub, at);
  }
  let changed = 0;
  for (const key of found) {
    await progress.step();
    if (await anonymise(key, PAYER_FIELDS, sub, at)) changed++;
  }
  return changed;
}
