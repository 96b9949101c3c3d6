/**
 * A run of the sample migrations (test/support/migrations/) in a process of its own, so a test can kill it half way:
 * `node --import tsx test/support/migrationRun.ts` with TABLE_NAME, DYNAMODB_ENDPOINT and the local credentials in its
 * environment, MIGRATION_LEASE_MS for a short lease and SAMPLE_PAGE_PAUSE_MS for a pause after each page.
 */
import { runMigrations } from '../../lambdas/domain/migrations';
import { createLogger } from '../../lambdas/lib/log';
import { SAMPLE_MIGRATIONS } from './migrations';

await runMigrations(SAMPLE_MIGRATIONS, {
  log: createLogger({ test: 'migrationRun' }),
  leaseMs: Number(process.env.MIGRATION_LEASE_MS),
});
