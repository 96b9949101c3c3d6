/**
 * The data migrations on the local stack (docs/deploy.md "How a release changes stored data"): `npm start` runs the
 * pending ones once the table, the handlers and the stream's readers are up, as `cdk deploy` runs them once the
 * functions are updated (infra/constructs/migrations.ts), so local data follows the same path as a stage's;
 * `npm run migrate` (scripts/migrate.ts) runs them on demand. Both print what was done with `migrationReport`.
 */
import { runMigrations, type Migration, type MigrationRun } from '../../lambdas/domain/migrations';
import { createLogger } from '../../lambdas/lib/log';
import { MIGRATIONS } from '../../lambdas/migrations';

/** Runs the pending migrations of `migrations` (the release's) on the table the environment names. */
export const runPendingMigrations = (
  opts: { dryRun?: boolean; migrations?: readonly Migration[] } = {},
): Promise<MigrationRun> =>
  runMigrations(opts.migrations ?? MIGRATIONS, { dryRun: opts.dryRun, log: createLogger({ job: 'migrations' }) });

/** What a run did, as lines for people. */
export function migrationReport(run: MigrationRun, dryRun = false): string[] {
  const lines = run.applied.map(
    (m) =>
      `${dryRun ? 'Would change' : m.resumed ? 'Finished (resumed)' : 'Applied'} ${m.id}: ${m.itemsChanged} items${dryRun ? '' : ' changed'} (${m.description})`,
  );
  if (!run.applied.length) lines.push('No migration pending.');
  if (run.alreadyDone.length) lines.push(`${run.alreadyDone.length} already done.`);
  if (run.unknown.length)
    lines.push(`Recorded but not in this release (left alone): ${run.unknown.join(', ')} (a newer release ran them).`);
  return lines;
}
