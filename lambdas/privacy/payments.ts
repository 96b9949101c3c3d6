/**
 * Payment records of an erased business (docs/privacy.md): they stay, as the law on accounting requires (amount,
 * date, what was bought, the provider's reference, the status), but without anything that names the business: its
 * sub, its record's id, its name and the ad picture, and out of its list (the GSI1 entry `TXNS#{sub}`).
 *
 * The one place that knows what a payment record holds of its payer (lambdas/data/transactions.ts StoredTransaction
 * today): when payment records change shape (a provider's customer id, an invoice's billing name and address),
 * the new fields that name the payer are added to PAYER_FIELDS here, and the records' other lists to the Query.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { table } from '../data/client';
import { eachItemOf } from '../data/query';
import { INDEXES } from '../data/schema';
import { conditionalWrite } from '../data/transact';
import type { StoredTransaction } from '../data/transactions';
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

/** Anonymises every payment record of the business with Cognito sub `sub`; answers how many it changed. */
export async function anonymisePaymentRecords(sub: string, at: string, progress: Progress): Promise<number> {
  const found: { pk: string; sk: string }[] = [];
  for await (const item of eachItemOf({ index: INDEXES.GSI1.name, partition: `TXNS#${sub}` }))
    found.push({ pk: String(item.pk), sk: String(item.sk) });
  let changed = 0;
  for (const key of found) {
    await progress.step();
    const names = Object.fromEntries(PAYER_FIELDS.map((f, i) => [`#f${i}`, f]));
    const written = await conditionalWrite(
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
    if (written) changed++;
  }
  return changed;
}
