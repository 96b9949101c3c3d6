/**
 * One-off migration back to one partition per all-items list (docs/access-patterns.md, "One partition per list:
 * migration"): the all-open index and the all-ads index were sharded for a while (`OPEN#S#{n}`, GSI1 `ADS#S#{n}`,
 * n = hash of the id mod the stage's `openIndexShards`), which made every page of `GET /post/available` and
 * `GET /ads` one Query per shard. Lists now read `OPEN` and `ADS` only; this moves what is left in the shards there:
 * each open-index entry of a shard is put under `OPEN` and deleted from the shard in one transaction (nothing for
 * an entry whose post closed meanwhile), each ad of a shard gets `gsi1pk = ADS` (condition: still in the shard).
 * Queries of the shard partitions and conditional writes only, never a Scan. Idempotent: a second run finds the
 * shards empty and changes nothing; run it before and again right after the deploy (docs/deploy.md).
 *
 *   npm run migrate:one-partition-lists -- --local                  the running `npm start` stack (.local/stack.json)
 *   npm run migrate:one-partition-lists -- --table <TableName> [--region eu-central-1] [--shards 8] [--dry-run]
 *
 * In the cloud it uses your AWS credentials (the environment or profile, as the AWS CLI would); `--shards` must be
 * the stage's `openIndexShards` (infra/stages.ts; 8 unless the stage changed it).
 */
import { tableMigrationTarget } from './localTable';
import { legacyAllAdsShards } from '../lambdas/data/ads';
import { legacyOpenShardPartitions } from '../lambdas/data/openPosts';
import {
  legacyOpenEntries,
  legacyShardAds,
  moveAdToOnePartition,
  moveOpenEntry,
  type MigrationPage,
} from '../lambdas/data/onePartitionMigration';

export interface OnePartitionMigrationResult {
  /** Open-index entries moved from a shard to `OPEN`. */
  openEntriesMoved: number;
  /** Shard entries deleted because `OPEN` already held the post, or found gone (their post closed meanwhile). */
  openEntriesDropped: number;
  /** Ads re-indexed under GSI1 `ADS`. */
  adsMoved: number;
  /** Ads found in a shard but deleted or moved meanwhile. */
  adsSkipped: number;
}

/** Every item of one partition, page by page (each page read before any of it is changed). */
async function* pages<T>(read: (start?: Record<string, unknown>) => Promise<MigrationPage<T>>) {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await read(start);
    yield page.items;
    start = page.next;
  } while (start);
}

/** Move everything left in the shards to the one partition of each list (the environment names the table). */
export async function migrateOnePartitionLists(opts: { dryRun?: boolean } = {}): Promise<OnePartitionMigrationResult> {
  const result: OnePartitionMigrationResult = {
    openEntriesMoved: 0,
    openEntriesDropped: 0,
    adsMoved: 0,
    adsSkipped: 0,
  };
  for (const shard of legacyOpenShardPartitions()) {
    for await (const items of pages((start) => legacyOpenEntries(shard, start))) {
      for (const entry of items) {
        if (opts.dryRun) {
          result.openEntriesMoved++;
          continue;
        }
        const outcome = await moveOpenEntry(entry);
        if (outcome === 'moved') result.openEntriesMoved++;
        else result.openEntriesDropped++;
      }
    }
  }
  for (const shard of legacyAllAdsShards()) {
    for await (const ads of pages((start) => legacyShardAds(shard, start))) {
      for (const ad of ads) {
        if (opts.dryRun || (await moveAdToOnePartition(ad, shard))) result.adsMoved++;
        else result.adsSkipped++;
      }
    }
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { dryRun } = tableMigrationTarget('migrate:one-partition-lists');
  const dry = dryRun;
  migrateOnePartitionLists({ dryRun: dry }).then(
    (r) =>
      console.log(
        `${dry ? 'Would move' : 'Moved'} ${r.openEntriesMoved} open-request entries to OPEN` +
          `${dry ? '' : ` (${r.openEntriesDropped} shard entries dropped: already in OPEN or closed meanwhile)`}` +
          ` and ${r.adsMoved} ads to ADS${dry ? '' : ` (${r.adsSkipped} deleted or moved meanwhile)`}.`,
      ),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
