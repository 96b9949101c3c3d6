/**
 * What the privacy tests look at: a data export's ZIP read back (its central directory, each entry inflated and its
 * CRC checked, independently of the writer), the privacy job run as its schedule runs it in the cloud with the 14
 * days made to pass, and every place a person could be left in: a full Scan of the table (here only: the product
 * never scans, test/unit/no-scan.test.ts), the buckets' listings, the Realtime Database's tree, the user pool, the
 * mail inbox.
 */
import { crc32, inflateRawSync } from 'node:zlib';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { stack, stackPool } from './api';
import { tableClient } from './expiry';
import { progressOf } from '../../lambdas/privacy/progress';
import type { StoredClosure } from '../../lambdas/model/closures';

// ---- ZIP ----

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** The entries of a ZIP archive (stored or deflated), each checked against its CRC-32. */
export function readZip(zip: Buffer): ZipEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('No end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('Bad central directory entry');
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const localName = zip.readUInt16LE(offset + 26);
    const localExtra = zip.readUInt16LE(offset + 28);
    const body = zip.subarray(offset + 30 + localName + localExtra, offset + 30 + localName + localExtra + compressed);
    const data = method === 8 ? inflateRawSync(body) : Buffer.from(body);
    if (crc32(data) !== crc) throw new Error(`CRC mismatch in ${name}`);
    entries.push({ name, data });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

// ---- The privacy job in the test's process ----

/** The handlers' environment of the test stack, so its jobs run here against its emulators. */
export function useJobEnvironment() {
  const s = stack();
  Object.assign(process.env, {
    AWS_REGION: s.region,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    TABLE_NAME: s.tableName,
    DYNAMODB_ENDPOINT: s.dynamoEndpoint,
    MEDIA_BUCKET: s.bucket,
    MEDIA_BASE_URL: s.mediaBaseUrl,
    S3_ENDPOINT: s.s3Endpoint,
    EXPORTS_BUCKET: s.exportsBucket,
    USER_POOL_ID: s.userPoolId,
    USER_POOL_CLIENT_ID: s.userPoolClientId,
    COGNITO_ENDPOINT: s.authEndpoint,
    FIREBASE_SERVICE_ACCOUNT: s.firebase.serviceAccount,
    FIREBASE_DATABASE_URL: s.firebase.databaseURL,
    PAYMENTS_PROVIDER: 'local',
    PAYMENTS_API_URL: s.payments.url,
    PAYMENTS_TEST: 'true',
    PAYMENTS_PRICES: JSON.stringify(s.payments.prices),
    PAYMENTS_API_KEY: s.payments.apiKey,
    PAYMENTS_WEBHOOK_SECRET: s.payments.webhookSecret,
    LOG_LEVEL: 'silent',
  });
}

/** The privacy job as its hourly schedule runs it; `stopAfterSteps` kills it half way. */
export async function runPrivacyJob(opts: { stopAfterSteps?: number } = {}) {
  useJobEnvironment();
  const { eraseClosedAccounts } = await import('../../lambdas/jobs/eraseClosedAccounts');
  return eraseClosedAccounts({ progress: progressOf({ stopAfterSteps: opts.stopAfterSteps }) });
}

/**
 * Finishes the closing of one account as the privacy job does (what a busy request left: it answers within its time
 * limit and leaves the rest to the job), without running the job over the other tests' accounts; `readEarlier`: the
 * closure as the job read it before (its list), when the deletion was cancelled since.
 */
export async function finishClosingAsTheJob(sub: string, readEarlier?: StoredClosure) {
  useJobEnvironment();
  const { finishClosing } = await import('../../lambdas/privacy/closure');
  const { loadServiceAccount } = await import('../../lambdas/chat/serviceAccount');
  const { createLogger } = await import('../../lambdas/lib/log');
  const closure = readEarlier ?? (await closureOf(sub));
  if (!closure || closure.closingDoneAt) return;
  await finishClosing(closure, {
    chat: await loadServiceAccount(),
    log: createLogger({ handler: 'eraseClosedAccounts' }),
    progress: progressOf(),
  });
}

/** The account's closure as the job reads it (its list of closures), or undefined. */
export async function closureOf(sub: string): Promise<StoredClosure | undefined> {
  useJobEnvironment();
  const { getClosure } = await import('../../lambdas/data/closures');
  return getClosure(sub);
}

/** The 14 days pass for a closed account: its erasure date (on its closure and on its record) moves into the past. */
export async function letErasureDatePass(sub: string, profileKey: { pk: string; sk: string }) {
  const past = new Date(Date.now() - 60_000).toISOString();
  const db = tableClient();
  await db.send(
    new UpdateCommand({
      TableName: stack().tableName,
      Key: { pk: 'SUSPENSIONS', sk: `CLOSED#${sub}` },
      UpdateExpression: 'SET eraseAfter = :past',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':past': past },
    }),
  );
  await db.send(
    new UpdateCommand({
      TableName: stack().tableName,
      Key: profileKey,
      UpdateExpression: 'SET closed.eraseAfter = :past',
      ConditionExpression: 'attribute_exists(closed)',
      ExpressionAttributeValues: { ':past': past },
    }),
  );
  db.destroy();
}

// ---- Everywhere a person could be left ----

/** Every item of the table, every attribute (a Scan: in this test only). */
export async function scanTable(): Promise<Record<string, unknown>[]> {
  const db = tableClient();
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(new ScanCommand({ TableName: stack().tableName, ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  db.destroy();
  return items;
}

/**
 * What DynamoDB's time to live does in the cloud while the 14 days pass: items whose `expiresAt` (epoch seconds) is
 * before then are deleted (DynamoDB Local keeps them). Only items that expire within the 14 days: a purchase's
 * idempotency record (a day), a chat email claim (a day), a lead digest entry (a week), a counted stream event.
 */
export async function expireItemsWithin(days: number): Promise<number> {
  const horizon = Math.floor(Date.now() / 1000) + days * 86_400;
  const expired = (await scanTable()).filter((i) => typeof i.expiresAt === 'number' && i.expiresAt < horizon);
  const db = tableClient();
  const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
  for (const i of expired)
    await db.send(new DeleteCommand({ TableName: stack().tableName, Key: { pk: i.pk, sk: i.sk } }));
  db.destroy();
  return expired.length;
}

/** Every key of a bucket. */
export async function bucketKeys(bucket: string): Promise<string[]> {
  const s = stack();
  const s3 = new S3Client({
    endpoint: s.s3Endpoint,
    region: s.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).map((o) => o.Key!));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  s3.destroy();
  return keys;
}

/** The whole Realtime Database (read with the service account). */
export async function chatTree(): Promise<unknown> {
  useJobEnvironment();
  const { loadServiceAccount } = await import('../../lambdas/chat/serviceAccount');
  const { getValue } = await import('../../lambdas/chat/database');
  return getValue(await loadServiceAccount(), '');
}

/** Every user of the pool with its attributes. */
export async function poolUsers(): Promise<unknown[]> {
  const { pool, userPoolId } = stackPool();
  const users: unknown[] = [];
  let token: string | undefined;
  do {
    const out = await pool.send(new ListUsersCommand({ UserPoolId: userPoolId, PaginationToken: token }));
    users.push(...(out.Users ?? []));
    token = out.PaginationToken;
  } while (token);
  pool.destroy();
  return users;
}

/** The traces of a person that must be nowhere: which of `needles` occur in `haystack` (as JSON). */
export function tracesOf(haystack: unknown, needles: string[]): string[] {
  const text = JSON.stringify(haystack);
  return needles.filter((n) => n && text.includes(n));
}
