/**
 * A sample migration (test folder) that needs the one before it: gives each marked sample item `double = n * 2`, and
 * fails on an item that is not marked (it would have run before `2026-01-01-mark-samples`).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { table } from '../../../lambdas/data/client';
import { conditionalWrite } from '../../../lambdas/data/transact';
import type { Migration } from '../../../lambdas/domain/migrations';
import { samplePage } from './samples';

export const numberMarkedSamples: Migration = {
  id: '2026-01-02-number-marked-samples',
  description: 'Gives every marked sample item its number doubled',
  async up(ctx) {
    let start = ctx.resumeFrom ?? undefined;
    do {
      const page = await samplePage(start);
      for (const item of page.Items ?? []) {
        if (item.double !== undefined) continue;
        if (ctx.dryRun) {
          ctx.changed();
          continue;
        }
        if (!item.marked) throw new Error(`${String(item.sk)} is not marked: the marking migration has not run`);
        if (
          await conditionalWrite(
            new UpdateCommand({
              TableName: table(),
              Key: { pk: item.pk, sk: item.sk },
              UpdateExpression: 'SET #double = :double',
              ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#double)',
              ExpressionAttributeNames: { '#double': 'double' },
              ExpressionAttributeValues: { ':double': Number(item.n) * 2 },
            }),
          )
        )
          ctx.changed();
      }
      start = page.LastEvaluatedKey;
      await ctx.save(start ?? null);
    } while (start);
  },
};
