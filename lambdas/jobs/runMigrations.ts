/**
 * The data migrations' step of `cdk deploy` (infra/constructs/migrations.ts: a trigger invokes it once the table and
 * every function are updated): runs the pending migrations of lambdas/migrations/ (lambdas/domain/migrations.ts). A
 * migration that fails throws its message, which fails the deployment; so does one that could not finish before this
 * invocation's time runs out: it stopped at a checkpoint, and the next deployment (or `npm run migrate -- --stage`)
 * goes on from there.
 */
import type { Context } from 'aws-lambda';
import { createLogger } from '../lib/log';
import { runMigrations } from '../domain/migrations';
import { MIGRATIONS } from '../migrations';

/** Time kept back from the invocation's limit: the migration running saves its place and the run reports. */
export const MIGRATION_DEADLINE_MARGIN_MS = 60_000;

export const handler = async (_event: unknown, context: Pick<Context, 'getRemainingTimeInMillis'>) => {
  const log = createLogger({ handler: 'runMigrations' });
  const run = await runMigrations(MIGRATIONS, {
    log,
    deadline: Date.now() + context.getRemainingTimeInMillis() - MIGRATION_DEADLINE_MARGIN_MS,
  });
  const summary = {
    applied: run.applied.map((m) => ({ id: m.id, itemsChanged: m.itemsChanged })),
    alreadyDone: run.alreadyDone.length,
  };
  if (run.paused)
    throw new Error(
      `Migration ${run.paused.id} did not finish within this deployment (${run.paused.itemsChanged} items changed in ` +
        'this run): it resumes where it stopped with the next deployment, or with npm run migrate -- --stage <stage>',
    );
  if (run.unknown.length) log.warn('Records of migrations this release does not have', { ids: run.unknown });
  log.info('Migrations run', summary);
  return summary;
};
