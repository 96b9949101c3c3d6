/**
 * The records of the data migrations as stored (docs/deploy.md "How a release changes stored data"): one item per
 * migration, `MIGRATIONS` / `{id}`. lambdas/data/migrations.ts reads and writes them.
 */

export type MigrationState = 'running' | 'done';

export interface StoredMigration {
  id: string;
  description: string;
  state: MigrationState;
  startedAt: string;
  finishedAt?: string;
  /** Items the migration changed, over every run that worked on it. */
  itemsChanged: number;
  /** Runs that worked on it (1 when one run did it all). */
  runs: number;
  /** Where the migration resumes (what it last saved; JSON). */
  checkpoint?: unknown;
  runId?: string;
  /** Epoch ms: the run `runId` holds the record until then. */
  leaseUntil?: number;
  lastError?: string;
}
