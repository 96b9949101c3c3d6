/**
 * The data migrations' list and the deployment's function (lambdas/migrations/, lambdas/jobs/runMigrations.ts): every
 * file of the folder is listed, under the id its name says, each id once; and the function the deployment's trigger
 * invokes answers what it applied, and throws (which fails the deployment) the message of a migration that failed or
 * did not finish before its deadline. The runner against a real table: test/integration/migrations.test.ts.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DocumentClient } from '../../lambdas/data/client';
import { useTestEnv } from '../support/events';
import { inRunOrder, type Migration } from '../../lambdas/domain/migrations';
import { keys } from '../../lambdas/model/keys';

const release = vi.hoisted(() => ({ migrations: [] as Migration[] }));
vi.mock('../../lambdas/migrations', async (load) => ({
  ...(await load<typeof import('../../lambdas/migrations')>()),
  get MIGRATIONS() {
    return release.migrations;
  },
}));

const FOLDER = path.join(__dirname, '..', '..', 'lambdas', 'migrations');

/** What is wrong with a folder's files and its list: a file not listed, a migration whose id is not its file's name. */
function listProblems(files: string[], migrations: readonly Migration[]): string[] {
  const ids = new Set(migrations.map((m) => m.id));
  const named = new Set(files.filter((f) => f !== 'index.ts').map((f) => f.replace(/\.ts$/, '')));
  return [
    ...[...named].filter((n) => !ids.has(n)).map((n) => `${n}.ts is not listed in lambdas/migrations/index.ts`),
    ...[...ids].filter((id) => !named.has(id)).map((id) => `${id} has no file of that name`),
    ...[...ids].filter((id) => !/^\d{4}-\d{2}-\d{2}-[a-z0-9-]+$/.test(id)).map((id) => `${id}: not YYYY-MM-DD-name`),
  ];
}

const migration = (id: string, up: Migration['up'] = async () => undefined): Migration => ({
  id,
  description: `Sample ${id}`,
  up,
});

describe('lambdas/migrations/', () => {
  it('lists every file of the folder under its file name, each id once, in YYYY-MM-DD-name form', async () => {
    const { MIGRATIONS } = await vi.importActual<typeof import('../../lambdas/migrations')>('../../lambdas/migrations');
    const files = readdirSync(FOLDER).filter((f) => f.endsWith('.ts'));
    expect(files).toContain('index.ts');
    expect(listProblems(files, MIGRATIONS)).toEqual([]);
    expect(() => inRunOrder(MIGRATIONS)).not.toThrow();
  });

  it('the checks can fail: a file not listed, an id that is not its file name, a repeated id', () => {
    expect(listProblems(['index.ts', '2027-01-05-split-names.ts'], [])).toEqual([
      '2027-01-05-split-names.ts is not listed in lambdas/migrations/index.ts',
    ]);
    expect(listProblems(['index.ts'], [migration('split names')])).toEqual([
      'split names has no file of that name',
      'split names: not YYYY-MM-DD-name',
    ]);
    expect(() => inRunOrder([migration('2027-01-05-a'), migration('2027-01-05-a')])).toThrow(
      'Two migrations have the id 2027-01-05-a',
    );
    expect(inRunOrder([migration('2027-02-01-b'), migration('2027-01-05-a')]).map((m) => m.id)).toEqual([
      '2027-01-05-a',
      '2027-02-01-b',
    ]);
  });
});

describe("the deployment's function (lambdas/jobs/runMigrations.ts)", () => {
  const ddb = mockClient(DocumentClient);
  const context = (ms: number) => ({ getRemainingTimeInMillis: () => ms });
  beforeEach(() => {
    useTestEnv();
    ddb.reset();
    ddb.on(QueryCommand).resolves({ Items: [] });
    ddb.on(UpdateCommand).resolves({});
  });

  it('with nothing pending reads the records (one Query of their partition) and answers that nothing was applied', async () => {
    release.migrations = [];
    const { handler } = await import('../../lambdas/jobs/runMigrations');
    expect(await handler({}, context(600_000))).toEqual({ applied: [], alreadyDone: 0 });
    const [query] = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(query).toMatchObject({
      ExpressionAttributeValues: { ':pk': keys.migrationsPartition },
      ConsistentRead: true,
    });
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('applies a pending one and answers it; a done one is left alone', async () => {
    ddb.on(QueryCommand).resolves({
      Items: [{ ...keys.migration('2027-01-05-a'), id: '2027-01-05-a', state: 'done', itemsChanged: 3, runs: 1 }],
    });
    const ran: string[] = [];
    release.migrations = [
      migration('2027-01-05-a', async () => void ran.push('a')),
      migration('2027-02-01-b', async (ctx) => {
        ran.push('b');
        ctx.changed(7);
        await ctx.save({ at: 7 });
        ctx.changed();
      }),
    ];
    const { handler } = await import('../../lambdas/jobs/runMigrations');
    expect(await handler({}, context(600_000))).toEqual({
      applied: [{ id: '2027-02-01-b', itemsChanged: 8 }],
      alreadyDone: 1,
    });
    expect(ran).toEqual(['b']);
    // Claimed, its progress saved, finished: each write conditional on the run holding the record.
    const writes = ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(writes.map((w) => w.Key)).toEqual([
      keys.migration('2027-02-01-b'),
      keys.migration('2027-02-01-b'),
      keys.migration('2027-02-01-b'),
    ]);
    expect(writes[1].ExpressionAttributeValues).toMatchObject({ ':checkpoint': { at: 7 }, ':changed': 7 });
    // The end adds what was counted after the last save.
    expect(writes[2].UpdateExpression).toContain('#state = :done');
    expect(writes[2].ExpressionAttributeValues).toMatchObject({ ':changed': 1 });
  });

  it("throws a failed migration's message (the deployment fails with it) and runs none after it", async () => {
    const ran: string[] = [];
    release.migrations = [
      migration('2027-01-05-a', async (ctx) => {
        ctx.changed(2);
        throw new Error('item POST#1 has no title');
      }),
      migration('2027-02-01-b', async () => void ran.push('b')),
    ];
    const { handler } = await import('../../lambdas/jobs/runMigrations');
    await expect(handler({}, context(600_000))).rejects.toThrow(
      'Migration 2027-01-05-a failed: item POST#1 has no title',
    );
    expect(ran).toEqual([]);
    // Its record keeps the message and counts what it changed before it failed.
    const lastWrite = ddb.commandCalls(UpdateCommand).at(-1)!.args[0].input;
    expect(lastWrite.ExpressionAttributeValues).toMatchObject({
      ':error': 'Migration 2027-01-05-a failed: item POST#1 has no title',
      ':changed': 2,
    });
  });

  it('past its deadline stops at the next checkpoint and throws that the next deployment goes on from there', async () => {
    release.migrations = [
      migration('2027-01-05-a', async (ctx) => {
        for (let page = 1; page <= 3; page++) {
          ctx.changed(10);
          await ctx.save({ page });
        }
      }),
    ];
    const { handler } = await import('../../lambdas/jobs/runMigrations');
    // Less time left than the margin kept back: the deadline has passed at the first checkpoint.
    await expect(handler({}, context(1_000))).rejects.toThrow(
      /Migration 2027-01-05-a did not finish within this deployment \(10 items changed in this run\): it resumes where it stopped/,
    );
    const writes = ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(writes.at(-1)!.UpdateExpression).toBe('SET leaseUntil = :now ADD itemsChanged :changed REMOVE lastError');
  });
});
