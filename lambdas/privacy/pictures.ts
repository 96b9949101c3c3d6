/**
 * A person's pictures in the media bucket (docs/privacy.md): every upload of theirs is under `uploads/{sub}/` and
 * every processed width (and its state file) under `images/{sub}/` (common/uploads.ts, common/images.ts), so the
 * prefix finds them all, the ones no record uses any more included. The export reads the original where it is still
 * held and the largest processed width otherwise; the erasure deletes both prefixes (and, where the bucket keeps
 * earlier versions, every version under them) and the picture use counts (`UPLOAD#{key}`).
 */
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectVersionsCommand,
  ListObjectsV2Command,
} from '@aws-sdk/client-s3';
import { IMAGE_WIDTHS, PROCESSED_PREFIX, processedKey } from '../../common/images';
import { uploadsPrefixOf } from '../../common/uploads';
import { keys } from '../model/keys';
import { eachItemOf } from '../data/query';
import { deleteItems } from '../data/batchWrites';
import { INDEXES } from '../model/schema';
import { s3 } from '../data/uploads';
import { chunk } from '../data/transact';
import type { Progress } from './progress';

/** Where the processed versions of `sub`'s uploads are. */
export const processedPrefixOf = (sub: string) => `${PROCESSED_PREFIX}${sub}/`;

/** Every key under a prefix of a bucket. */
export async function listKeys(bucket: string, prefix: string): Promise<string[]> {
  const found: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3().send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const o of page.Contents ?? []) if (o.Key) found.push(o.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return found;
}

/** Every earlier version (and delete marker) under a prefix of a versioned bucket. */
async function listVersions(bucket: string, prefix: string): Promise<{ Key: string; VersionId: string }[]> {
  const found: { Key: string; VersionId: string }[] = [];
  let keyMarker: string | undefined;
  let versionMarker: string | undefined;
  do {
    const page = await s3().send(
      new ListObjectVersionsCommand({
        Bucket: bucket,
        Prefix: prefix,
        KeyMarker: keyMarker,
        VersionIdMarker: versionMarker,
      }),
    );
    for (const v of [...(page.Versions ?? []), ...(page.DeleteMarkers ?? [])])
      if (v.Key && v.VersionId) found.push({ Key: v.Key, VersionId: v.VersionId });
    keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
    versionMarker = page.IsTruncated ? page.NextVersionIdMarker : undefined;
  } while (keyMarker);
  return found;
}

/** S3 deletes at most this many objects per request. */
const DELETE_BATCH = 1000;

/**
 * Deletes everything under a prefix: the objects, and with `versioned` (the media bucket keeps replaced pictures
 * PICTURE_VERSION_DAYS) every version and delete marker too, so nothing of them stays recoverable.
 */
export async function deletePrefix(
  bucket: string,
  prefix: string,
  opts: { versioned: boolean },
  progress: Progress,
): Promise<number> {
  const objects = opts.versioned
    ? await listVersions(bucket, prefix)
    : (await listKeys(bucket, prefix)).map((Key) => ({ Key }));
  for (const batch of chunk(objects, DELETE_BATCH)) {
    await progress.step();
    await s3().send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch, Quiet: true } }));
  }
  return objects.length;
}

/** The use counts of `sub`'s uploads: the ones listed by uploader, and those of the upload keys given. */
export async function deleteUseCounts(sub: string, uploadKeys: string[], progress: Progress): Promise<void> {
  const counts = uploadKeys.map((k) => keys.uploadUses(k));
  for await (const item of eachItemOf({ index: INDEXES.GSI2.name, partition: keys.uploadsOfPartition(sub) }))
    counts.push({ pk: String(item.pk), sk: String(item.sk) });
  for (const batch of chunk(counts, 25)) {
    await progress.step();
    await deleteItems(batch);
  }
}

/** `sub`'s upload keys still held (the originals). */
export const uploadsOf = (bucket: string, sub: string) => listKeys(bucket, uploadsPrefixOf(sub));

const nameOf = (err: unknown) => (err as { name?: string } | undefined)?.name ?? '';

async function getBytes(bucket: string, key: string): Promise<Uint8Array | undefined> {
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return out.Body ? await out.Body.transformToByteArray() : undefined;
  } catch (err) {
    if (nameOf(err) === 'NoSuchKey' || nameOf(err) === 'NotFound') return undefined;
    throw err;
  }
}

/**
 * A picture for the export: the original upload where it is still held, else the largest processed width (WebP).
 * Answers its bytes and the file name's extension; undefined when nothing of it is left.
 */
export async function pictureForExport(
  bucket: string,
  uploadKey: string,
): Promise<{ bytes: Uint8Array; extension: string } | undefined> {
  const original = await getBytes(bucket, uploadKey);
  if (original) return { bytes: original, extension: uploadKey.split('.').pop()?.toLowerCase() || 'bin' };
  for (const width of [...IMAGE_WIDTHS].reverse()) {
    const bytes = await getBytes(bucket, processedKey(uploadKey, width));
    if (bytes) return { bytes, extension: 'webp' };
  }
  return undefined;
}
