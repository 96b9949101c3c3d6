/**
 * Presigned uploads to the media bucket. The PUT URL signs the content type, the exact content
 * length and the pending-upload tag, so S3 refuses a different type or size, and every upload is
 * stored tagged upload=pending; it expires after LIMITS.uploadUrlExpirySeconds.
 * `requestChecksumCalculation: 'WHEN_REQUIRED'` keeps the SDK from signing an empty-body checksum
 * into the URL (S3 would reject the real body against it).
 *
 * The media bucket's lifecycle rule deletes tagged objects under uploads/ after a few days
 * (infra/constructs/media.ts); markUploadsUsed removes the tag from the keys a saved record uses.
 */
import { DeleteObjectTaggingCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { PENDING_UPLOAD_TAGGING, UPLOAD_PREFIX } from '../../common/uploads';
import { config } from '../lib/config';
import { awsClientOptions } from '../lib/dependencies';
import type { Logger } from '../lib/log';

let client: S3Client | undefined;

export function s3(): S3Client {
  const endpoint = config.s3Endpoint;
  client ??= new S3Client({
    ...awsClientOptions(),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
  });
  return client;
}

/** The headers the browser must send with the PUT (each one is signed into the URL). */
export type UploadHeaders = { 'content-type': string; 'x-amz-tagging': string };

export async function presignPut(upload: { key: string; contentType: string; contentLength: number; expiresIn: number }): Promise<{ url: string; headers: UploadHeaders }> {
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

/**
 * Removes the pending tag from uploads a record now uses, so the lifecycle rule keeps them. Call it
 * only after the record is saved: untagging first and then failing to save would leave a picture
 * nobody uses that never expires; the other order at worst leaves a used picture tagged, which is
 * logged as an error (it would expire) and never fails the request, because the record is saved.
 */
export async function markUploadsUsed(keys: Iterable<string | null | undefined>, log: Logger): Promise<void> {
  const uploads = [...new Set(keys)].filter((key): key is string => !!key && key.startsWith(UPLOAD_PREFIX));
  await Promise.all(uploads.map(async (key) => {
    try {
      await s3().send(new DeleteObjectTaggingCommand({ Bucket: config.mediaBucket, Key: key }));
    } catch (err) {
      log.error('Could not mark an upload as used: the lifecycle rule may expire it', {
        key, error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
      });
    }
  }));
}
