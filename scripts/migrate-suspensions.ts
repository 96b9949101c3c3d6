/**
 * One-off migration (docs/access-patterns.md, "Suspended accounts"): suspensions written before they were one
 * partition (`SUSPENDED#{sub}` / `SUSPENSION`) move into the `SUSPENSIONS` partition the API reads with one Query.
 * Every suspension was written with a moderator's 'suspend' decision, whose queue entry is listed on the first index
 * under `REPORTQUEUE#suspended` with the account it suspended (ownerSub): those entries are Queried page by page, and
 * each account's old record, if still there, is moved (put in the partition and deleted, one transaction). Queries and
 * GetItems only, never a Scan. Idempotent: an account moved already has no old record, so a second run (or one after
 * an interruption) finishes the work and changes nothing else. docs/deploy.md says when to run it.
 *
 *   npm run migrate:suspensions -- --local                                  the running `npm start` stack
 *   npm run migrate:suspensions -- --table <TableName> [--region eu-central-1] [--dry-run]
 */
import { tableMigrationTarget } from './localTable';
import { listReportedItems } from '../lambdas/data/moderation';
import { moveLegacySuspension } from '../lambdas/data/moderationMigration';

export interface SuspensionMigrationResult {
  /** Suspensions moved into the partition (or that would be, with dryRun). */
  moved: number;
  /** Suspended accounts whose suspension was in the partition already. */
  alreadyMoved: number;
}

export async function migrateSuspensions(opts: { dryRun?: boolean } = {}): Promise<SuspensionMigrationResult> {
  const result: SuspensionMigrationResult = { moved: 0, alreadyMoved: 0 };
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await listReportedItems('suspended', { limit: 100, cursor });
    for (const entry of page.items) {
      if (seen.has(entry.ownerSub)) continue;
      seen.add(entry.ownerSub);
      if (await moveLegacySuspension(entry.ownerSub, opts.dryRun)) result.moved++;
      else result.alreadyMoved++;
    }
    cursor = page.nextCursor;
  } while (cursor);
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { dryRun } = tableMigrationTarget('migrate:suspensions');
  migrateSuspensions({ dryRun }).then(
    (r) =>
      console.log(
        `${dryRun ? 'Would move' : 'Moved'} ${r.moved} suspensions into the SUSPENSIONS partition` +
          ` (${r.alreadyMoved} suspended accounts were there already).`,
      ),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
