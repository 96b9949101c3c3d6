/**
 * One-off migration (docs/privacy.md, "Found by the erasure"): reports filed before reports were listed by their
 * reporter get that index entry (`gsi2pk = REPORTSBY#{reporterSub}`, keys.reportsByIndex), so a person's data export
 * lists them and their account's erasure withdraws them. The moderation queue of every status (GSI1
 * `REPORTQUEUE#{status}`) is Queried page by page, each entry's partition (`REPORTED#{entryId}`, its `BY#` items)
 * too, and each report without the entry gets it (an Update on condition it has none). Queries only, never a Scan.
 * Idempotent: a second run finds every report listed.
 *
 *   npm run migrate:report-authors -- --local                                  the running `npm start` stack
 *   npm run migrate:report-authors -- --table <TableName> [--region eu-central-1] [--dry-run]
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { REPORT_STATUSES } from '../common/constants';
import { ddb, table } from '../lambdas/data/client';
import { keys } from '../lambdas/data/keys';
import { eachItemOf } from '../lambdas/data/query';
import { INDEXES } from '../lambdas/data/schema';
import { conditionalWrite } from '../lambdas/data/transact';
import { tableMigrationTarget } from './localTable';

export interface ReportAuthorsResult {
  /** Reports given their reporter's index entry (or that would be, with dryRun). */
  listed: number;
  /** Reports that had it already. */
  alreadyListed: number;
}

export async function migrateReportAuthors(opts: { dryRun?: boolean } = {}): Promise<ReportAuthorsResult> {
  const result: ReportAuthorsResult = { listed: 0, alreadyListed: 0 };
  for (const status of REPORT_STATUSES)
    for await (const entry of eachItemOf({ index: INDEXES.GSI1.name, partition: keys.reportQueuePartition(status) }))
      for await (const report of eachItemOf({ partition: String(entry.pk), skPrefix: 'BY#', consistent: true })) {
        if (report.gsi2pk !== undefined) {
          result.alreadyListed++;
          continue;
        }
        const { gsi2pk, gsi2sk } = keys.reportsByIndex(
          String(report.reporterSub),
          String(report.createdAt),
          String(report.entryId),
        );
        const written =
          opts.dryRun ||
          (await conditionalWrite(
            new UpdateCommand({
              TableName: table(),
              Key: { pk: report.pk, sk: report.sk },
              UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk',
              ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(gsi2pk)',
              ExpressionAttributeValues: { ':pk': gsi2pk, ':sk': gsi2sk },
            }),
          ));
        if (written) result.listed++;
      }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { dryRun } = tableMigrationTarget('migrate:report-authors');
  migrateReportAuthors({ dryRun }).then(
    (r) => {
      console.log(
        `${dryRun ? 'Would list' : 'Listed'} ${r.listed} reports by their reporter (${r.alreadyListed} were listed already).`,
      );
      ddb().destroy();
    },
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
