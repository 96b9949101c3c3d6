/**
 * Data exports (docs/privacy.md, "Download my data"): one item per account, `EXPORT#{sub}` / `EXPORT`, the latest
 * export asked for. Asking Puts it `requested` (condition: none yet, the last one failed, or it is a day old: else
 * 409 EXPORT_TOO_SOON); the table's stream hands that to the privacy worker (lambdas/privacy/worker.ts), which moves
 * it `requested -> running -> ready` (with the ZIP's key and size) or `failed`, each a conditional Update, so a
 * record the stream hands over twice makes one ZIP. The ZIP lives in the exports bucket, deleted a day after it is
 * ready (its lifecycle rule, and the account's erasure).
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from '../lib/config';
import { s3 } from './uploads';
import { EXPORT_EVERY_HOURS } from '../../common/privacy';
import { table } from './client';
import { keys } from '../model/keys';
import { getRecord } from './query';
import { conditionalWrite } from './transact';
import type { StoredExport } from '../model/exports';

/** Where a person's export ZIPs are in the exports bucket (the erasure deletes the prefix). */
export const exportPrefixOf = (sub: string) => `exports/${sub}/`;

export const getExport = (sub: string) => getRecord<StoredExport>(keys.dataExport(sub), { consistent: true });

/**
 * Stores a new request: allowed when there is none, the last one failed, or it was asked for a day ago (the same
 * rule as assertExportAllowed, checked again by the write's condition: two requests at once store one). False when
 * the condition failed.
 */
export async function putExportRequest(request: StoredExport): Promise<boolean> {
  const dayBefore = new Date(Date.parse(request.requestedAt) - EXPORT_EVERY_HOURS * 3_600_000).toISOString();
  return conditionalWrite(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.dataExport(request.sub), ...request },
      ConditionExpression: 'attribute_not_exists(pk) OR #s = :failed OR requestedAt <= :dayBefore',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':failed': 'failed', ':dayBefore': dayBefore },
    }),
  );
}

/** How long a run may take before another may take its export over (it died: the function's time limit is less). */
export const EXPORT_RUN_STALE_MS = 20 * 60_000;

/**
 * `requested -> running` for the request asked at `requestedAt` (or a run that started EXPORT_RUN_STALE_MS ago and
 * never finished: it died); false when another run holds it, it finished, or a newer request replaced it.
 */
export const startExport = (sub: string, requestedAt: string, at: string) =>
  conditionalWrite(
    new UpdateCommand({
      TableName: table(),
      Key: keys.dataExport(sub),
      UpdateExpression: 'SET #s = :running, startedAt = :at',
      ConditionExpression: 'requestedAt = :requestedAt AND (#s = :requested OR (#s = :running AND startedAt < :stale))',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: {
        ':running': 'running',
        ':requested': 'requested',
        ':requestedAt': requestedAt,
        ':at': at,
        ':stale': new Date(Date.parse(at) - EXPORT_RUN_STALE_MS).toISOString(),
      },
    }),
  );

/** `running -> ready` with the ZIP, or `running -> failed` with why. */
export async function finishExport(
  sub: string,
  requestedAt: string,
  outcome: { readyAt: string; key: string; size: number } | { error: string },
): Promise<boolean> {
  const ready = 'key' in outcome;
  return conditionalWrite(
    new UpdateCommand({
      TableName: table(),
      Key: keys.dataExport(sub),
      UpdateExpression: ready
        ? 'SET #s = :ready, readyAt = :readyAt, #key = :key, #size = :size REMOVE #error'
        : 'SET #s = :failed, #error = :error',
      ConditionExpression: '#s = :running AND requestedAt = :requestedAt',
      ExpressionAttributeNames: {
        '#s': 'status',
        ...(ready ? { '#key': 'key', '#size': 'size' } : {}),
        '#error': 'error',
      },
      ExpressionAttributeValues: {
        ':running': 'running',
        ':requestedAt': requestedAt,
        ...(ready
          ? { ':ready': 'ready', ':readyAt': outcome.readyAt, ':key': outcome.key, ':size': outcome.size }
          : { ':failed': 'failed', ':error': outcome.error }),
      },
    }),
  );
}

/** The file name a downloaded export gets. */
export const EXPORT_FILE_NAME = 'interio-data.zip';

/**
 * A signed download address of an export's ZIP, valid `seconds`. In the cloud a signature made with a function's
 * role lasts no longer than the role's session (a few hours): the app's Settings > Privacy signs a new one each time
 * it is opened, for the time the file has left (docs/privacy.md).
 */
export const downloadUrl = (key: string, seconds: number) =>
  getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: config.exportsBucket,
      Key: key,
      ResponseContentDisposition: `attachment; filename="${EXPORT_FILE_NAME}"`,
    }),
    { expiresIn: seconds },
  );
