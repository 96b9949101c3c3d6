/**
 * The image processor: S3 object-created events for uploads/ (in the cloud from the media bucket's
 * notifications, locally from the S3 emulator: bin/local/imageEvents.ts) -> the processed versions
 * and the state file of common/images.ts. A refused picture gets a `failed` state with the message
 * the uploader sees; the saving handlers refuse it (lambdas/data/imageStates.ts). An error reaching
 * S3 is thrown, so Lambda retries the event and then hands it to the on-failure destination.
 * When the bucket's lifecycle rule expires an upload (abandoned, or released by every record that used
 * it: lambdas/data/uploads.ts), its processed versions and state file are deleted with it.
 */
import type { S3Event } from 'aws-lambda';
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import {
  IMAGE_WIDTHS,
  IMMUTABLE_CACHE_CONTROL,
  imageStateKey,
  processedFolder,
  processedKey,
  type ImageState,
} from '../../common/images';
import { LIMITS } from '../../common/constants';
import { config } from '../lib/config';
import { createLogger } from '../lib/log';
import { s3 } from '../data/uploads';
import { IMAGE_REFUSALS, processImage } from './process';

/** Keys in S3 event records are URL-encoded, with spaces as '+'. */
export const eventKey = (raw: string) => decodeURIComponent(raw.replace(/\+/g, ' '));

/** Uploads are signed for at most LIMITS.maxImageBytes; anything larger was not put there by the app. */
const MAX_READ_BYTES = LIMITS.maxImageBytes;

export async function handler(event: S3Event): Promise<void> {
  const log = createLogger({ function: 'processUpload' });
  for (const record of event.Records ?? []) {
    const key = eventKey(record.s3.object.key);
    if (!processedFolder(key)) continue;
    const bucket = record.s3.bucket.name || config.mediaBucket;
    if (record.eventName?.startsWith('ObjectCreated:')) await processUpload(bucket, key, log);
    else if (record.eventName?.startsWith('LifecycleExpiration:')) await deleteProcessed(bucket, key, log);
  }
}

export async function processUpload(
  bucket: string,
  key: string,
  log = createLogger({ function: 'processUpload' }),
): Promise<ImageState> {
  const object = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  const state: ImageState = await (async () => {
    if ((object.ContentLength ?? 0) > MAX_READ_BYTES) {
      object.Body?.transformToWebStream()
        .cancel()
        .catch(() => undefined);
      return { state: 'failed', message: IMAGE_REFUSALS.notAnImage };
    }
    const input = Buffer.from(await object.Body!.transformToByteArray());
    const result = await processImage(input);
    if (result.state === 'failed') return result;
    await Promise.all(
      result.versions.map(({ width, body }) =>
        s3().send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: processedKey(key, width),
            Body: body,
            ContentType: 'image/webp',
            CacheControl: IMMUTABLE_CACHE_CONTROL,
          }),
        ),
      ),
    );
    return { state: 'ready', width: result.width, height: result.height };
  })();
  // Written last: a `ready` state means every width is in place.
  await s3().send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: imageStateKey(key),
      Body: JSON.stringify(state),
      ContentType: 'application/json',
      CacheControl: IMMUTABLE_CACHE_CONTROL,
    }),
  );
  if (state.state === 'failed') log.warn('Upload refused', { key, message: state.message });
  else log.info('Upload processed', { key, width: state.width, height: state.height });
  return state;
}

/** Deletes an expired upload's processed versions and state file (their names are known: no listing). */
export async function deleteProcessed(
  bucket: string,
  key: string,
  log = createLogger({ function: 'processUpload' }),
): Promise<void> {
  const objects = [...IMAGE_WIDTHS.map((width) => processedKey(key, width)), imageStateKey(key)].map((Key) => ({
    Key,
  }));
  const out = await s3().send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects, Quiet: true } }));
  if (out.Errors?.length)
    throw new Error(`Could not delete the processed versions of ${key}: ${out.Errors.map((e) => e.Code).join(', ')}`);
  log.info('Expired upload: processed versions deleted', { key });
}
