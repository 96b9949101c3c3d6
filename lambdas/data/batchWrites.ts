/** BatchWriteItem in pages of 25, the unprocessed requests retried with backoff (the notifier's lead index, the erasure). */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';

const BATCH_WRITE_LIMIT = 25;

export async function batchWrite(requests: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < requests.length; i += BATCH_WRITE_LIMIT) {
    let pending = requests.slice(i, i + BATCH_WRITE_LIMIT);
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt > 6) throw new Error('BatchWrite left items unprocessed after retries');
      if (attempt) await new Promise((r) => setTimeout(r, 25 * 2 ** attempt));
      const out = await ddb().send(new BatchWriteCommand({ RequestItems: { [table()]: pending } }));
      pending = (out.UnprocessedItems?.[table()] ?? []) as Record<string, unknown>[];
    }
  }
}

/** Deletes these items (an absent one is no error). */
export const deleteItems = (keyList: { pk: string; sk: string }[]) =>
  batchWrite(
    [...new Map(keyList.map((k) => [`${k.pk}\u0000${k.sk}`, k])).values()].map((k) => ({
      DeleteRequest: { Key: { pk: k.pk, sk: k.sk } },
    })),
  );
