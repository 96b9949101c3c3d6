/**
 * Data migrations (docs/deploy.md "How a release changes stored data"): a release that changes how stored data looks
 * brings a migration, one file in lambdas/migrations/ listed in its index.ts, and `cdk deploy` runs the pending ones
 * once the table and the functions are updated (infra/constructs/migrations.ts, lambdas/jobs/runMigrations.ts);
 * `npm start` and `npm run migrate` run the same runner on the local stack or a stage.
 *
 * The runner applies every migration that has no `done` record, in the order of their ids, each to its end before
 * the next; it records each one (lambdas/data/migrations.ts): its start, its end and the items it changed. A
 * migration is idempotent (an item already in the new shape is left alone) and resumable: it saves where it is
 * with `ctx.save`, and a run that stopped half way (killed, failed, or past its deadline) leaves the record
 * `running` with that checkpoint, from which the next run goes on. A failure stops the run with the migration's
 * message; the migrations after it wait.
 */
import { randomUUID } from 'node:crypto';
import {
  claimMigration,
  finishMigration,
  migrationRecords,
  releaseMigration,
  saveMigrationProgress,
} from '../data/migrations';
import type { StoredMigration } from '../model/migrations';
import type { Logger } from '../lib/log';

/** What a migration's `up` is given. */
export interface MigrationContext {
  /** Where to start: what the migration last saved with `save` (undefined the first time). */
  resumeFrom: unknown;
  /** Count only: write nothing, count with `changed` what would change. */
  dryRun: boolean;
  /** Counts `count` items changed (default 1), or with dryRun that would change. */
  changed(count?: number): void;
  /**
   * Saves where a later run resumes (JSON: for example the key a Query stopped at) with the count so far, at once: a
   * run killed after it loses nothing but the count of what it changed after. Throws MigrationPaused, after saving,
   * once the run is past its deadline.
   */
  save(position: unknown): Promise<void>;
  log: Logger;
}

export interface Migration {
  /** Sorts in the order the migrations run: `YYYY-MM-DD-what-it-does`, the same as its file's name. */
  id: string;
  /** What it changes, in one sentence (kept on its record). */
  description: string;
  /**
   * Brings the stored items to the new shape: idempotent (an item in the new shape is left alone, and not counted),
   * resumable from `ctx.resumeFrom` (saving its position with `ctx.save` after each page), and writes nothing when
   * `ctx.dryRun`. Queries and conditional writes, never a Scan (test/unit/no-scan.test.ts); the function that runs it
   * in the cloud may do only what infra/access.ts MIGRATIONS_ACCESS grants (test/infra/access.test.ts checks).
   */
  up(ctx: MigrationContext): Promise<void>;
}

/** How long a run holds a migration without saving progress before another run may take it over. */
export const MIGRATION_LEASE_MS = 2 * 60 * 1000;

/** Thrown by `save` past the run's deadline: the run stops there and the next one resumes. */
export class MigrationPaused extends Error {
  constructor(readonly id: string) {
    super(`Migration ${id} paused at its run's deadline`);
    this.name = 'MigrationPaused';
  }
}

/** A migration's failure, with its id and the message of what went wrong. */
export class MigrationFailed extends Error {
  constructor(
    readonly id: string,
    cause: unknown,
  ) {
    super(`Migration ${id} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MigrationFailed';
  }
}

export interface MigrationOutcome {
  id: string;
  description: string;
  /** Items changed by this run (with dryRun: that would change). */
  itemsChanged: number;
  /** It went on from where an earlier run stopped. */
  resumed: boolean;
}

export interface MigrationRun {
  /** The migrations this run finished (with dryRun: counted), in order. */
  applied: MigrationOutcome[];
  /** Migrations with a `done` record, left alone. */
  alreadyDone: string[];
  /** The migration the run stopped in at its deadline, unfinished (the next run goes on with it). */
  paused?: MigrationOutcome;
  /** Records of ids no migration of this list has (written by a newer release): left alone. */
  unknown: string[];
}

export interface RunOptions {
  dryRun?: boolean;
  /** Epoch ms: past it, the migration running stops at its next save (MigrationPaused). */
  deadline?: number;
  leaseMs?: number;
  log: Logger;
  /** The clock (epoch ms). */
  now?: () => number;
}

/** The migrations sorted by id; a repeated id is an error of the list. */
export function inRunOrder(migrations: readonly Migration[]): Migration[] {
  const sorted = [...migrations].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i].id === sorted[i - 1].id) throw new Error(`Two migrations have the id ${sorted[i].id}`);
  return sorted;
}

/**
 * Applies the pending migrations of `migrations` to the table the environment names, in id order, recording each;
 * throws MigrationFailed (the record keeps the error and where it stopped) or, when another run holds a migration,
 * an Error saying so. With `dryRun` nothing is written: each pending migration reports what it would change.
 */
export async function runMigrations(migrations: readonly Migration[], opts: RunOptions): Promise<MigrationRun> {
  const now = opts.now ?? Date.now;
  const leaseMs = opts.leaseMs ?? MIGRATION_LEASE_MS;
  const ordered = inRunOrder(migrations);
  const records = await migrationRecords();
  const known = new Set(ordered.map((m) => m.id));
  const run: MigrationRun = {
    applied: [],
    alreadyDone: [],
    unknown: [...records.keys()].filter((id) => !known.has(id)).sort(),
  };
  const runId = randomUUID();
  for (const migration of ordered) {
    const record = records.get(migration.id);
    if (record?.state === 'done') {
      run.alreadyDone.push(migration.id);
      continue;
    }
    if (!opts.dryRun) {
      const claimed = await claimMigration(migration, { runId, now: now(), leaseUntil: now() + leaseMs });
      if (!claimed)
        throw new Error(
          `Migration ${migration.id} is being run by another run (until ${new Date(record?.leaseUntil ?? now()).toISOString()}): try again after that`,
        );
    }
    const outcome = await applyOne(migration, record, { ...opts, runId, leaseMs, now });
    if (outcome.paused) {
      run.paused = outcome.result;
      return run;
    }
    run.applied.push(outcome.result);
  }
  return run;
}

async function applyOne(
  migration: Migration,
  record: StoredMigration | undefined,
  opts: RunOptions & { runId: string; leaseMs: number; now: () => number },
): Promise<{ result: MigrationOutcome; paused: boolean }> {
  const { runId, leaseMs, now, log } = opts;
  const dryRun = opts.dryRun === true;
  const resumed = record?.state === 'running';
  const result: MigrationOutcome = { id: migration.id, description: migration.description, itemsChanged: 0, resumed };
  /** Counted since the last save: what the record's next write adds. */
  let unsaved = 0;
  const lost = () => new Error(`Migration ${migration.id} was taken over by another run (this run's lease had passed)`);
  log.info(resumed ? 'Migration resumed' : 'Migration started', { migration: migration.id, dryRun });
  try {
    await migration.up({
      resumeFrom: resumed ? record.checkpoint : undefined,
      dryRun,
      log,
      changed: (count = 1) => {
        result.itemsChanged += count;
        unsaved += count;
      },
      save: async (position) => {
        const lease = { runId, leaseUntil: now() + leaseMs };
        if (!dryRun && !(await saveMigrationProgress(migration.id, lease, { checkpoint: position, changed: unsaved })))
          throw lost();
        unsaved = 0;
        if (opts.deadline !== undefined && now() >= opts.deadline) throw new MigrationPaused(migration.id);
      },
    });
  } catch (err) {
    if (err instanceof MigrationPaused) {
      if (!dryRun) await releaseMigration(migration.id, { runId, now: now() }, { changed: unsaved });
      log.info('Migration paused at the deadline', { migration: migration.id, itemsChanged: result.itemsChanged });
      return { result, paused: true };
    }
    const failure = new MigrationFailed(migration.id, err);
    if (!dryRun)
      await releaseMigration(migration.id, { runId, now: now() }, { changed: unsaved, error: failure.message });
    log.error('Migration failed', { migration: migration.id, error: failure.message });
    throw failure;
  }
  if (!dryRun && !(await finishMigration(migration.id, { runId, now: now() }, unsaved))) throw lost();
  log.info(dryRun ? 'Migration counted' : 'Migration done', {
    migration: migration.id,
    itemsChanged: result.itemsChanged,
  });
  return { result, paused: false };
}
