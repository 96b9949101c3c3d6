/**
 * The data migrations' runner (lambdas/domain/migrations.ts) on DynamoDB Local, with the two sample migrations of
 * test/support/migrations/ (each scenario on a table of its own): it applies the pending ones in id order and records
 * each (start, end, items changed); a second run changes nothing; `--dry-run` counts and writes nothing; a run killed
 * half way (a process of its own, SIGKILL) is finished by the next from where it stopped, and while it holds a
 * migration no other run takes it; a failing migration stops the run with its message, kept on its record, and once
 * the data is fixed the next run goes on. `npm run migrate` (scripts/migrate.ts) runs the release's migrations on a
 * local stack.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../../bin/local/provision';
import { ddb } from '../../lambdas/data/client';
import { migrationRecords } from '../../lambdas/data/migrations';
import type { StoredMigration } from '../../lambdas/model/migrations';
import { runMigrations } from '../../lambdas/domain/migrations';
import { createLogger } from '../../lambdas/lib/log';
import { stack } from '../support/api';
import { useStackEnvironment, waitFor } from '../support/notifications';
import { SAMPLE_MIGRATIONS } from '../support/migrations';
import { SAMPLE_PAGE, SAMPLES_PARTITION, samples, seedSamples } from '../support/migrations/samples';

const [MARK, NUMBER] = ['2026-01-01-mark-samples', '2026-01-02-number-marked-samples'];
const log = createLogger({ test: 'migrations' });
const run = (opts: { dryRun?: boolean } = {}) => runMigrations(SAMPLE_MIGRATIONS, { log, ...opts });
const ROOT = path.join(__dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

let tables = 0;
/** Points the runner (and the samples) at a new table of the stack's DynamoDB Local. */
async function freshTable(name: string) {
  const tableName = `migrations-${name}-${Date.now().toString(36)}-${tables++}`;
  await ensureTable(stack().dynamoEndpoint, tableName);
  process.env.TABLE_NAME = tableName;
  return tableName;
}

const record = async (id: string): Promise<StoredMigration | undefined> => (await migrationRecords()).get(id);

beforeAll(() => useStackEnvironment());
afterAll(() => {
  process.env.TABLE_NAME = stack().tableName;
});

describe('the runner', () => {
  it('applies the pending migrations in id order and records each; a second run changes nothing', async () => {
    await freshTable('order');
    await seedSamples(12);

    // A dry run counts what each would change and writes nothing, records included.
    const dry = await run({ dryRun: true });
    expect(dry.applied.map((m) => [m.id, m.itemsChanged])).toEqual([
      [MARK, 12],
      [NUMBER, 12],
    ]);
    expect(await migrationRecords()).toEqual(new Map());
    expect((await samples()).filter((s) => s.marked || s.double !== undefined)).toEqual([]);

    const before = Date.now();
    const first = await run();
    expect(first.applied.map((m) => [m.id, m.itemsChanged, m.resumed])).toEqual([
      [MARK, 12, false],
      [NUMBER, 12, false],
    ]);
    expect(first.alreadyDone).toEqual([]);
    // The second needs the first's marks: it ran after it (it fails on an unmarked item).
    expect((await samples()).map((s) => [s.marked, s.double])).toEqual(
      Array.from({ length: 12 }, (_, n) => [true, n * 2]),
    );
    const records = await migrationRecords();
    const [mark, number] = [records.get(MARK)!, records.get(NUMBER)!];
    for (const r of [mark, number]) {
      expect(r).toMatchObject({ state: 'done', itemsChanged: 12, runs: 1 });
      expect(Date.parse(r.startedAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(r.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(r.startedAt));
      expect(r.checkpoint).toBeUndefined();
      expect(r.leaseUntil).toBeUndefined();
      expect(r.lastError).toBeUndefined();
    }
    expect(mark.description).toBe('Marks every sample item');
    expect(Date.parse(number.startedAt)).toBeGreaterThanOrEqual(Date.parse(mark.finishedAt!));

    const second = await run();
    expect(second.applied).toEqual([]);
    expect(second.alreadyDone).toEqual([MARK, NUMBER]);
    expect(await migrationRecords()).toEqual(records);
    expect(await run({ dryRun: true })).toMatchObject({ applied: [], alreadyDone: [MARK, NUMBER] });
  });

  it('a run killed half way is finished by the next, from where it stopped; meanwhile no other run takes it', async () => {
    const tableName = await freshTable('killed');
    await seedSamples(40);
    // One process (tsx's loader, not its command line, which runs the script in a child that SIGKILL would miss).
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/migrationRun.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        TABLE_NAME: tableName,
        MIGRATION_LEASE_MS: '1500',
        SAMPLE_PAGE_PAUSE_MS: '400',
        LOG_LEVEL: 'silent',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    try {
      const holding = await waitFor(async () => {
        const r = await record(MARK);
        return r && r.itemsChanged >= 2 * SAMPLE_PAGE ? r : undefined;
      }, 30_000);
      // It holds the migration: another run is turned away, and changes nothing.
      await expect(run()).rejects.toThrow(`Migration ${MARK} is being run by another run`);
      expect((await record(MARK))?.runs).toBe(holding.runs);
    } finally {
      child.kill('SIGKILL');
    }
    expect(await exited).toBe('SIGKILL');

    // A write the killed run had sent may still land: wait until its lease has passed, then the record is final.
    const stopped = await waitFor(async () => {
      const r = (await record(MARK))!;
      return r.leaseUntil! < Date.now() ? r : undefined;
    }, 10_000);
    expect(stopped).toMatchObject({ state: 'running', runs: 1 });
    expect(stopped.itemsChanged).toBeGreaterThanOrEqual(2 * SAMPLE_PAGE);
    expect(stopped.itemsChanged).toBeLessThan(40);
    expect(stopped.checkpoint).toMatchObject({ pk: SAMPLES_PARTITION });
    expect(await record(NUMBER)).toBeUndefined();
    expect((await samples()).filter((s) => !s.marked).length).toBeGreaterThan(0);

    // Its lease has passed: the next run takes it over and goes on from its checkpoint.
    const next = await run();
    expect(next.applied.map((m) => [m.id, m.resumed])).toEqual([
      [MARK, true],
      [NUMBER, false],
    ]);
    // Not started over: it changed only what the killed run had not reached.
    expect(next.applied[0].itemsChanged).toBeLessThanOrEqual(40 - stopped.itemsChanged);
    const done = (await record(MARK))!;
    expect(done).toMatchObject({ state: 'done', runs: 2 });
    // Every item changed once: what the kill cut between a page's writes and its save is not changed again (its count
    // is what a kill loses).
    expect(done.itemsChanged).toBeLessThanOrEqual(40);
    expect(done.itemsChanged).toBeGreaterThan(40 - SAMPLE_PAGE);
    expect((await samples()).map((s) => [s.marked, s.double])).toEqual(
      Array.from({ length: 40 }, (_, n) => [true, n * 2]),
    );
    expect((await run()).applied).toEqual([]);
  });

  it('a failing migration stops the run with its message, kept on its record; fixed, the next run goes on', async () => {
    const tableName = await freshTable('failed');
    await seedSamples(12, [7]);
    await expect(run()).rejects.toThrow(`Migration ${MARK} failed: item#007 cannot be marked`);
    const failed = (await record(MARK))!;
    expect(failed).toMatchObject({
      state: 'running',
      lastError: `Migration ${MARK} failed: item#007 cannot be marked`,
      // The first page (saved), and the two items of the second it changed before it failed.
      itemsChanged: SAMPLE_PAGE + 2,
    });
    // It resumes at the second page, its last save.
    expect(failed.checkpoint).toMatchObject({ sk: 'item#004' });
    // Released at once: the next run need not wait for its lease.
    expect(failed.leaseUntil).toBeLessThanOrEqual(Date.now());
    // The migration after it waits.
    expect(await record(NUMBER)).toBeUndefined();

    await ddb().send(
      new UpdateCommand({
        TableName: tableName,
        Key: { pk: SAMPLES_PARTITION, sk: 'item#007' },
        UpdateExpression: 'REMOVE poison',
      }),
    );
    const next = await run();
    expect(next.applied.map((m) => [m.id, m.resumed, m.itemsChanged])).toEqual([
      [MARK, true, 12 - SAMPLE_PAGE - 2],
      [NUMBER, false, 12],
    ]);
    const done = (await record(MARK))!;
    expect(done).toMatchObject({ state: 'done', runs: 2, itemsChanged: 12 });
    expect(done.lastError).toBeUndefined();
  });
});

describe('npm run migrate', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'migrate-'));
    writeFileSync(path.join(dir, 'stack.json'), JSON.stringify(stack()));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const migrate = (...args: string[]) =>
    spawnSync(process.execPath, [TSX, 'scripts/migrate.ts', ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, LOG_LEVEL: 'silent' },
    });

  it('runs the release’s pending migrations on a local stack (the launch baseline has none); --dry-run too', async () => {
    const stackFile = path.join(dir, 'stack.json');
    for (const args of [
      ['--stack-file', stackFile],
      ['--stack-file', stackFile, '--dry-run'],
    ]) {
      const out = migrate(...args);
      expect(out.status, out.stderr).toBe(0);
      expect(out.stdout).toContain(`the local stack (table ${stack().tableName})`);
      expect(out.stdout).toContain('No migration pending.');
    }
    process.env.TABLE_NAME = stack().tableName;
    expect(await migrationRecords()).toEqual(new Map());
  });

  it('refuses options that do not go together, with the usage, and changes nothing', () => {
    const out = migrate('--region', 'eu-central-1', '--stack-file', path.join(dir, 'stack.json'));
    expect(out.status).toBe(1);
    expect(out.stderr).toContain('--region goes with --stage');
    expect(out.stderr).toContain('Usage: npm run migrate');
  });
});
