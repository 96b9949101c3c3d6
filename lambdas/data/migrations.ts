/**
 * The records of the data migrations (docs/deploy.md "How a release changes stored data"): one item per migration,
 * `MIGRATIONS` / `{id}`, all in one partition, so the runner reads every record with one Query
 * (lambdas/domain/migrations.ts). A record is written when a run starts the migration and kept for good:
 *
 * - `running`: started and not finished. `checkpoint` is where the migration said it may resume, `itemsChanged`
 *   what it counted so far (a run killed between two saves loses the count of what it changed after the last); `runId` and `leaseUntil` name the run working on it: another run takes it over only once
 *   the lease has passed (a run that was killed, or that stopped at its deadline, left it). `lastError` is the
 *   message of the failure that stopped the last run.
 * - `done`: finished (`finishedAt`); the runner never runs it again.
 *
 * Every write is conditional on the run holding the record, so two runs never work on one migration at once.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { table } from './client';
import { eachItemOf } from './query';
import { keys, stripKeys } from '../model/keys';
import { conditionalWrite } from './transact';
import type { StoredMigration } from '../model/migrations';

/** Every record, by id (strongly consistent: a run sees what the run before it wrote). */
export async function migrationRecords(): Promise<Map<string, StoredMigration>> {
  const records = new Map<string, StoredMigration>();
  for await (const item of eachItemOf({ partition: keys.migrationsPartition, consistent: true })) {
    const record = stripKeys(item) as unknown as StoredMigration;
    records.set(record.id, record);
  }
  return records;
}

/**
 * Run `runId` takes the migration: a new record (`running`, started now) or a `running` one whose lease has passed;
 * it holds it until `leaseUntil`. False when another run holds it, or it is done.
 */
export const claimMigration = (
  migration: { id: string; description: string },
  run: { runId: string; now: number; leaseUntil: number },
) =>
  conditionalWrite(
    new UpdateCommand({
      TableName: table(),
      Key: keys.migration(migration.id),
      UpdateExpression:
        'SET #id = :id, description = :description, #state = :running, startedAt = if_not_exists(startedAt, :at), ' +
        'itemsChanged = if_not_exists(itemsChanged, :zero), runId = :run, leaseUntil = :lease ADD runs :one',
      ConditionExpression:
        'attribute_not_exists(pk) OR (#state = :running AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now))',
      ExpressionAttributeNames: { '#id': 'id', '#state': 'state' },
      ExpressionAttributeValues: {
        ':id': migration.id,
        ':description': migration.description,
        ':running': 'running',
        ':at': new Date(run.now).toISOString(),
        ':zero': 0,
        ':run': run.runId,
        ':lease': run.leaseUntil,
        ':now': run.now,
        ':one': 1,
      },
    }),
  );

/**
 * The run's progress: where to resume, `changed` more items changed (since the last save), the lease renewed. False:
 * the run lost the record.
 */
export const saveMigrationProgress = (
  id: string,
  run: { runId: string; leaseUntil: number },
  step: { checkpoint: unknown; changed: number },
) =>
  conditionalWrite(
    new UpdateCommand({
      TableName: table(),
      Key: keys.migration(id),
      UpdateExpression: 'SET leaseUntil = :lease, #checkpoint = :checkpoint ADD itemsChanged :changed',
      ConditionExpression: '#state = :running AND runId = :run',
      ExpressionAttributeNames: { '#state': 'state', '#checkpoint': 'checkpoint' },
      ExpressionAttributeValues: {
        ':lease': run.leaseUntil,
        ':checkpoint': step.checkpoint ?? null,
        ':changed': step.changed,
        ':running': 'running',
        ':run': run.runId,
      },
    }),
  );

/** The migration is done (`changed`: items counted since the last save). False: the run lost the record. */
export const finishMigration = (id: string, run: { runId: string; now: number }, changed: number) =>
  conditionalWrite(
    new UpdateCommand({
      TableName: table(),
      Key: keys.migration(id),
      UpdateExpression:
        'SET #state = :done, finishedAt = :at ADD itemsChanged :changed REMOVE leaseUntil, #checkpoint, lastError',
      ConditionExpression: '#state = :running AND runId = :run',
      ExpressionAttributeNames: { '#state': 'state', '#checkpoint': 'checkpoint' },
      ExpressionAttributeValues: {
        ':done': 'done',
        ':at': new Date(run.now).toISOString(),
        ':changed': changed,
        ':running': 'running',
        ':run': run.runId,
      },
    }),
  );

/**
 * The run stops working on the migration, unfinished (`changed`: items counted since the last save): its lease ends
 * now, so the next run resumes it at once; `error` is why (none: it stopped at its deadline). False: the run had lost
 * the record.
 */
export const releaseMigration = (
  id: string,
  run: { runId: string; now: number },
  stop: { changed: number; error?: string },
) =>
  conditionalWrite(
    new UpdateCommand({
      TableName: table(),
      Key: keys.migration(id),
      UpdateExpression: stop.error
        ? 'SET leaseUntil = :now, lastError = :error ADD itemsChanged :changed'
        : 'SET leaseUntil = :now ADD itemsChanged :changed REMOVE lastError',
      ConditionExpression: '#state = :running AND runId = :run',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: {
        ':now': run.now,
        ':changed': stop.changed,
        ':running': 'running',
        ':run': run.runId,
        ...(stop.error ? { ':error': stop.error } : {}),
      },
    }),
  );
