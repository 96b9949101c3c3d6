/**
 * One-off migration: requests opened before expiry existed have no `expiresAt`, so they would stay open and
 * listed for ever. This gives each such open request an `expiresAt` POST_OPEN_DAYS from now, its expiry index
 * entry and the same date on its open-index copies (lambdas/data/postExpiry.ts), after which the hourly job
 * closes it like any other. Queries only (`OPEN` and the former shards, filtered on entries without
 * `expiresAt`), never a Scan. Idempotent: a request that has its date is left alone, so running it again (or
 * after an interruption) finishes the work and changes nothing else. docs/deploy.md says when to run it.
 *
 *   npm run migrate:post-expiry -- --local                      the running `npm start` stack (.local/stack.json)
 *   npm run migrate:post-expiry -- --table <TableName> [--region eu-central-1] [--shards 8] [--dry-run]
 *
 * In the cloud it uses your AWS credentials (the environment or profile, as the AWS CLI would); `--shards`
 * must be the stage's `openIndexShards` (infra/stages.ts; 8 unless the stage changed it).
 */
import { tableMigrationTarget } from './localTable';
import { POST_OPEN_DAYS } from '../common/constants';
import { legacyOpenShardPartitions, type StoredPost } from '../lambdas/data/openPosts';
import { giveOpenPostExpiry, openEntriesWithoutExpiry } from '../lambdas/data/postExpiry';
import { getRecord } from '../lambdas/data/query';
import { keys } from '../lambdas/data/keys';
import { expiryFrom } from '../lambdas/domain/postLife';

export interface MigrationResult {
  /** Open requests that got an expiry. */
  dated: number;
  /** Found without one but left alone: no longer open, or dated meanwhile. */
  skipped: number;
}

/** Give every open request without `expiresAt` one, POST_OPEN_DAYS after `now` (the environment names the table). */
export async function migratePostExpiry(
  now = new Date().toISOString(),
  opts: { dryRun?: boolean } = {},
): Promise<MigrationResult> {
  // Which all-open partitions hold each undated request (`OPEN` and/or its former shard, not migrated yet).
  const found = new Map<string, string[]>();
  for (const partition of [keys.openAll, ...legacyOpenShardPartitions()]) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await openEntriesWithoutExpiry(partition, start);
      for (const id of page.ids) found.set(id, [...(found.get(id) ?? []), partition]);
      start = page.next;
    } while (start);
  }

  const expiresAt = expiryFrom(now);
  const result: MigrationResult = { dated: 0, skipped: 0 };
  for (const [id, allOpen] of found) {
    const post = await getRecord<StoredPost>(keys.post(id), { consistent: true });
    if (!post || post.status !== 'open' || post.expiresAt) {
      result.skipped++;
      continue;
    }
    if (opts.dryRun || (await giveOpenPostExpiry(post, expiresAt, allOpen))) result.dated++;
    else result.skipped++;
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { dryRun } = tableMigrationTarget('migrate:post-expiry');
  migratePostExpiry(undefined, { dryRun }).then(
    (r) =>
      console.log(
        `${dryRun ? 'Would date' : 'Dated'} ${r.dated} open requests (expiry in ${POST_OPEN_DAYS} days); left ${r.skipped} alone.`,
      ),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
