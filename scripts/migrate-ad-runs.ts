/**
 * One-off migration of the ads bought before Sponsored runs into runs (docs/sponsored-runs.md "Ads bought before
 * runs", docs/deploy.md "Ads bought before runs"): every ad still listed under the former all-ads index (GSI1 `ADS`
 * and its former shards `ADS#S#{n}`) with no `state` gets one written: `ended` (reason `beforeRuns`, its dates from
 * its payment or creation) when it was paid, `awaiting_payment` when not, with its figures item; its payment is kept.
 * An ad that has a state is left alone. Queries of those partitions, GetItems and conditional writes only, never a
 * Scan. Idempotent: a migrated ad leaves the old index, so a second run finds nothing and changes nothing.
 *
 *   npm run migrate:ad-runs -- --local                  the running `npm start` stack (.local/stack.json)
 *   npm run migrate:ad-runs -- --table <TableName> [--region eu-central-1] [--shards 8] [--dry-run]
 *
 * In the cloud it uses your AWS credentials (the environment or profile, as the AWS CLI would); `--shards` is the
 * stage's `openIndexShards` (infra/stages.ts; 8 unless the stage changed it).
 */
import { tableMigrationTarget } from './localTable';
import { getAd, legacyAllAdsShards } from '../lambdas/data/ads';
import { legacyAdPartitions, legacyAdsPage, migrateLegacyAd, runOfLegacyAd } from '../lambdas/data/adRunsMigration';

export interface AdRunsMigrationResult {
  /** Ads written as ended runs (paid before runs). */
  ended: number;
  /** Ads written as runs awaiting their payment (never paid). */
  awaitingPayment: number;
  /** Ads found with a state already (left alone). */
  alreadyRuns: number;
  /** Ads deleted or changed between the read and the write (left alone). */
  skipped: number;
}

/** Writes the runs of the ads stored before runs (the environment names the table). */
export async function migrateAdRuns(opts: { dryRun?: boolean; now?: string } = {}): Promise<AdRunsMigrationResult> {
  const result: AdRunsMigrationResult = { ended: 0, awaitingPayment: 0, alreadyRuns: 0, skipped: 0 };
  const at = opts.now ?? new Date().toISOString();
  for (const partition of legacyAdPartitions(legacyAllAdsShards())) {
    let start: Record<string, unknown> | undefined;
    do {
      // Each page is read whole before any of it changes (a migrated ad leaves the partition being paged).
      const page = await legacyAdsPage(partition, start);
      for (const key of page.keys) {
        const ad = await getAd(key.pk.slice('AD#'.length), { consistent: true });
        if (!ad) {
          result.skipped++;
          continue;
        }
        if (ad.state) {
          result.alreadyRuns++;
          continue;
        }
        const run = await runOfLegacyAd(ad, at);
        if (!opts.dryRun && !(await migrateLegacyAd(ad, partition, run))) {
          result.skipped++;
          continue;
        }
        if (run.state === 'ended') result.ended++;
        else result.awaitingPayment++;
      }
      start = page.next;
    } while (start);
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { dryRun } = tableMigrationTarget('migrate:ad-runs');
  migrateAdRuns({ dryRun }).then(
    (r) =>
      console.log(
        `${dryRun ? 'Would write' : 'Wrote'} ${r.ended} ads bought before runs as ended runs and ` +
          `${r.awaitingPayment} unpaid ones as awaiting payment; ${r.alreadyRuns} had a state already` +
          `${dryRun ? '' : `, ${r.skipped} were deleted or changed meanwhile`} (left alone).`,
      ),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
