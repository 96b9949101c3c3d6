/**
 * `npm run migrate`: runs the pending data migrations of lambdas/migrations/ with the runner `cdk deploy` runs
 * (lambdas/domain/migrations.ts; docs/deploy.md "How a release changes stored data"), recording each in the table.
 *
 *   npm run migrate                                        the running `npm start` stack (.local/stack.json)
 *   npm run migrate -- --stage <name> [--region <region>]  a deployed stage: its table is the stack's TableName
 *                                                          output (AWS CLI), written with your AWS credentials
 *   --dry-run            counts what each pending migration would change, writes nothing (records included)
 *   --stack-file <path>  another local stack's file instead of .local/stack.json
 *
 * Unlike the deployment's run it has no time limit: it is also how a migration too long for one deployment is
 * finished. Exit status 1 with the migration's message when one fails (its record keeps where it stopped).
 */
import { parseArgs } from 'node:util';
import type { Migration } from '../lambdas/domain/migrations';
import { MIGRATIONS } from '../lambdas/migrations';
import { migrationReport, runPendingMigrations } from '../bin/local/migrations';
import { pointAtLocalTable } from './localTable';
import { stackOutput } from './lib/stackOutputs';

const USAGE =
  'Usage: npm run migrate [-- --stage <name> [--region <region>]] [--dry-run] [--stack-file <.local/stack.json>]';

/** Where the command line points the data layer: the local stack's table, or a stage's. Answers its name. */
export function targetOf(args: string[]): { dryRun: boolean; where: string } {
  const { values } = parseArgs({
    args,
    options: {
      stage: { type: 'string' },
      region: { type: 'string' },
      'dry-run': { type: 'boolean' },
      'stack-file': { type: 'string' },
    },
  });
  const dryRun = values['dry-run'] === true;
  if (values.stage) {
    if (values['stack-file']) throw new Error(`--stage and --stack-file name two places. ${USAGE}`);
    if (values.region) process.env.AWS_REGION = values.region;
    process.env.TABLE_NAME = stackOutput(values.stage, 'TableName', values.region);
    return { dryRun, where: `stage ${values.stage} (table ${process.env.TABLE_NAME})` };
  }
  if (values.region) throw new Error(`--region goes with --stage. ${USAGE}`);
  const info = pointAtLocalTable(values['stack-file']);
  return { dryRun, where: `the local stack (table ${info.tableName})` };
}

/** Runs `migrations` (the release's) where the command line says; answers the lines it printed. */
export async function migrateFromCli(args: string[], migrations: readonly Migration[] = MIGRATIONS) {
  const { dryRun, where } = targetOf(args);
  console.log(`${dryRun ? 'Counting' : 'Running'} the pending data migrations on ${where}...`);
  const run = await runPendingMigrations({ dryRun, migrations });
  const lines = migrationReport(run, dryRun);
  for (const line of lines) console.log(`  ${line}`);
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.LOG_LEVEL ??= 'silent';
  migrateFromCli(process.argv.slice(2)).then(
    () => process.exit(0),
    (err) => {
      console.error(`npm run migrate: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
