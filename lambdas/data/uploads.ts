/**
 * Presigned uploads to the media bucket. The PUT URL signs the content type, the exact content
 * length and the pending-upload tag, so S3 refuses a different type or size, and every upload is
 * stored tagged upload=pending; it expires after LIMITS.uploadUrlExpirySeconds.
 * `requestChecksumCalculation: 'WHEN_REQUIRED'` keeps the SDK from signing an empty-body checksum
 * into the URL (S3 would reject the real body against it).
 *
 * The media bucket's lifecycle rule deletes tagged objects under uploads/ after a few days
 * (infra/constructs/media.ts), and the image processor then deletes the processed versions
 * (lambdas/images/processUpload.ts). A picture's uses are counted (`UPLOAD#{key}` USES, an atomic ADD):
 * markUploadsUsed counts a saved record's new pictures and removes their tag; releaseUploads counts off
 * the pictures a record stops using (a replaced avatar or ad image, a removed showroom picture, a deleted
 * request's images) and tags a picture nobody uses any more, so it expires like an abandoned upload.
 */
import { DeleteObjectTaggingCommand, PutObjectCommand, PutObjectTaggingCommand, S3Client } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { PENDING_UPLOAD_TAG, PENDING_UPLOAD_TAGGING, UPLOAD_PREFIX, uploaderOf } from '../../common/uploads';
import { config } from '../lib/config';
import { awsClientOptions } from '../lib/dependencies';
import { traceClient } from '../lib/tracing';
import type { Logger } from '../lib/log';
import { ddb, table } from './client';
import { keys } from '../model/keys';

let client: S3Client | undefined;

export function s3(): S3Client {
  const endpoint = config.s3Endpoint;
  client ??= traceClient(
    new S3Client({
      ...awsClientOptions(),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    }),
  );
  return client;
}

/** The headers the browser must send with the PUT (each one is signed into the URL). */
export type UploadHeaders = { 'content-type': string; 'x-amz-tagging': string };

export async function presignPut(upload: {
  key: string;
  contentType: string;
  contentLength: number;
  expiresIn: number;
}): Promise<{ url: string; headers: UploadHeaders }> {
  const command = new PutObjectCommand({
    Bucket: config.mediaBucket,
    Key: upload.key,
    ContentType: upload.contentType,
    ContentLength: upload.contentLength,
    Tagging: PENDING_UPLOAD_TAGGING,
  });
  const url = await getSignedUrl(s3(), command, {
    expiresIn: upload.expiresIn,
    // Signed headers, not query parameters: S3 refuses the PUT unless the browser sends these values.
    signableHeaders: new Set(['content-type', 'content-length', 'x-amz-tagging']),
    unhoistableHeaders: new Set(['x-amz-tagging']),
  });
  return { url, headers: { 'content-type': upload.contentType, 'x-amz-tagging': PENDING_UPLOAD_TAGGING } };
}

const uploadKeys = (list: Iterable<string | null | undefined>) =>
  [...new Set(list)].filter((key): key is string => !!key && key.startsWith(UPLOAD_PREFIX));

const describe = (err: unknown) => (err instanceof Error ? `${err.name}: ${err.message}` : String(err));

/** Adds `delta` to a picture's use count (never below 0: a use nobody counted is not counted off); answers the new count. */
async function countUses(key: string, delta: number): Promise<number> {
  // Listed by its uploader too, so their account's erasure finds every count (lambdas/privacy/erasure.ts).
  const uploader = uploaderOf(key);
  const listed = uploader ? keys.uploadsOfIndex(uploader, key) : undefined;
  try {
    const out = await ddb().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.uploadUses(key),
        UpdateExpression: listed ? 'ADD uses :delta SET gsi2pk = :listPk, gsi2sk = :listSk' : 'ADD uses :delta',
        ...(delta < 0 ? { ConditionExpression: 'uses >= :needed' } : {}),
        ExpressionAttributeValues: {
          ':delta': delta,
          ...(delta < 0 ? { ':needed': -delta } : {}),
          ...(listed ? { ':listPk': listed.gsi2pk, ':listSk': listed.gsi2sk } : {}),
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(out.Attributes?.uses ?? 0);
  } catch (err) {
    if (err instanceof Error && err.name === 'ConditionalCheckFailedException') return 0;
    throw err;
  }
}

const untag = (key: string) => s3().send(new DeleteObjectTaggingCommand({ Bucket: config.mediaBucket, Key: key }));
const tagPending = (key: string) =>
  s3().send(
    new PutObjectTaggingCommand({
      Bucket: config.mediaBucket,
      Key: key,
      Tagging: { TagSet: [{ Key: PENDING_UPLOAD_TAG.key, Value: PENDING_UPLOAD_TAG.value }] },
    }),
  );

/**
 * Counts one more use of each upload a saved record now uses and removes its pending tag, so the
 * lifecycle rule keeps it. Call it only after the record is saved: untagging first and then failing to
 * save would leave a picture nobody uses that never expires; the other order at worst leaves a used
 * picture tagged, which is logged as an error (it would expire) and never fails the request, because
 * the record is saved.
 */
export async function markUploadsUsed(list: Iterable<string | null | undefined>, log: Logger): Promise<void> {
  await Promise.all(
    uploadKeys(list).map(async (key) => {
      try {
        await countUses(key, 1);
        await untag(key);
      } catch (err) {
        log.error('Could not mark an upload as used: the lifecycle rule may expire it', { key, error: describe(err) });
      }
    }),
  );
}

/**
 * Counts off one use of each picture a saved record stopped using; a picture no record uses any more
 * gets the pending tag back and expires like an abandoned upload. Call it after the record is saved.
 * A use counted by another record at the same moment wins: after tagging, the count is read again and
 * the tag removed if a use arrived (markUploadsUsed counts before it untags, so one of the two always
 * sees the other). A failure is logged and never fails the request: the picture then simply stays.
 */
export async function releaseUploads(list: Iterable<string | null | undefined>, log: Logger): Promise<void> {
  await Promise.all(
    uploadKeys(list).map(async (key) => {
      try {
        if ((await countUses(key, -1)) > 0) return;
        await tagPending(key);
        if ((await countUses(key, 0)) > 0) await untag(key);
      } catch (err) {
        log.error('Could not release an upload: it stays stored', { key, error: describe(err) });
      }
    }),
  );
}

/** After a saved record's pictures changed from `before` to `after`: counts the new ones and releases the dropped ones. */
export async function picturesChanged(
  before: Iterable<string | null | undefined>,
  after: Iterable<string | null | undefined>,
  log: Logger,
): Promise<void> {
  const was = new Set(uploadKeys(before));
  const now = new Set(uploadKeys(after));
  await markUploadsUsed(
    [...now].filter((key) => !was.has(key)),
    log,
  );
  await releaseUploads(
    [...was].filter((key) => !now.has(key)),
    log,
  );
}
