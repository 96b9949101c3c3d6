/** A sample migration (test folder): marks each sample item `marked = true`, a page at a time. */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { table } from '../../../lambdas/data/client';
import { conditionalWrite } from '../../../lambdas/data/transact';
import type { Migration } from '../../../lambdas/domain/migrations';
import { pauseBetweenPages, samplePage } from './samples';

export const markSamples: Migration = {
  id: '2026-01-01-mark-samples',
  description: 'Marks every sample item',
  async up(ctx) {
    let start = ctx.resumeFrom ?? undefined;
    do {
      const page = await samplePage(start);
      for (const item of page.Items ?? []) {
        if (item.poison) throw new Error(`${String(item.sk)} cannot be marked`);
        if (item.marked) continue;
        if (ctx.dryRun) ctx.changed();
        else if (
          await conditionalWrite(
            new UpdateCommand({
              TableName: table(),
              Key: { pk: item.pk, sk: item.sk },
              UpdateExpression: 'SET marked = :yes',
              ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(marked)',
              ExpressionAttributeValues: { ':yes': true },
            }),
          )
        )
          ctx.changed();
      }
      start = page.LastEvaluatedKey;
      await ctx.save(start ?? null);
      await pauseBetweenPages();
    } while (start);
  },
};
