/**
 * Presigned uploads to the media bucket. The PUT URL signs the content type and the exact content
 * length, so S3 refuses a different type or size; it expires after LIMITS.uploadUrlExpirySeconds.
 * `requestChecksumCalculation: 'WHEN_REQUIRED'` keeps the SDK from signing an empty-body checksum
 * into the URL (S3 would reject the real body against it).
 */
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from '../lib/config';

let client: S3Client | undefined;

export function s3(): S3Client {
  const endpoint = config.s3Endpoint;
  client ??= new S3Client({
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
  });
  return client;
}

export async function presignPut(upload: { key: string; contentType: string; contentLength: number; expiresIn: number }): Promise<string> {
  const command = new PutObjectCommand({
    Bucket: config.mediaBucket,
    Key: upload.key,
    ContentType: upload.contentType,
    ContentLength: upload.contentLength,
  });
  return getSignedUrl(s3(), command, {
    expiresIn: upload.expiresIn,
    signableHeaders: new Set(['content-type', 'content-length']),
  });
}
