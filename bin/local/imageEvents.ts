/**
 * Locally, the image processor runs as it does in the cloud: s3rver emits an event for every object
 * it stores (`server.on('event')`, an S3 notification record); uploads are handed to the same
 * handler (lambdas/images/processUpload.ts) with the event shape S3 sends (keys URL-encoded), one at
 * a time. The emulator also refuses anonymous reads outside images/, as the media CDN serves only the
 * processed versions: the SDK (signed requests) can still read originals, a browser cannot.
 */
import type { S3Event } from 'aws-lambda';
import { PROCESSED_PREFIX } from '../../common/images';
import { UPLOAD_PREFIX } from '../../common/uploads';

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}
interface S3rverApp {
  middleware: unknown[];
  on(event: 'event', listener: (event: S3Event) => void): unknown;
}

/** How S3 spells a key in an event record: URL-encoded, '/' kept, spaces as '+'. */
export const eventKeyOf = (key: string) => encodeURIComponent(key).replace(/%2F/g, '/').replace(/%20/g, '+');

export function processUploadsOnEvents(
  server: S3rverApp,
  onError: (key: string, err: unknown) => void = () => undefined,
) {
  let queue: Promise<void> = Promise.resolve();
  server.on('event', (event) => {
    for (const record of event.Records ?? []) {
      const key = record.s3.object.key;
      if (!record.eventName.startsWith('ObjectCreated:') || !key.startsWith(UPLOAD_PREFIX)) continue;
      const s3Record = {
        ...record,
        eventName: record.eventName,
        s3: { ...record.s3, object: { ...record.s3.object, key: eventKeyOf(key) } },
      };
      queue = queue
        .then(async () => {
          const { handler } = await import('../../lambdas/images/processUpload');
          await handler({ Records: [s3Record] } as S3Event);
        })
        .catch((err) => onError(key, err));
    }
  });
  return {
    /** Resolves once every upload stored so far is processed. */
    idle: async () => {
      let seen: Promise<void> | undefined;
      while (seen !== queue) {
        seen = queue;
        await queue;
      }
    },
  };
}

/** Anonymous GET/HEAD of anything but processed pictures is refused, as the CDN does. */
export function serveOnlyProcessed(server: S3rverApp) {
  server.middleware.unshift(async (ctx: KoaContext, next: () => Promise<void>) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const [, bucket, ...rest] = ctx.path.split('/');
    const key = rest.join('/');
    const signed = ctx.headers.authorization !== undefined || 'X-Amz-Signature' in ctx.query;
    if (!bucket || !key || signed || decodeURIComponent(key).startsWith(PROCESSED_PREFIX)) return next();
    ctx.status = 403;
    ctx.type = 'application/xml';
    ctx.body =
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>';
  });
}

/**
 * Uploads with no state yet (the stack stopped before the processor reached them) are processed once at start, so
 * every record's pictures are served.
 */
export async function processEarlierUploads(bucket: string): Promise<number> {
  const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const { s3 } = await import('../../lambdas/data/uploads');
  const { imageStateKey } = await import('../../common/images');
  const { processUpload } = await import('../../lambdas/images/processUpload');
  const keys = async (prefix: string) => {
    const found: string[] = [];
    let token: string | undefined;
    do {
      const page = await s3().send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
      );
      found.push(...(page.Contents ?? []).map((o) => o.Key!));
      token = page.NextContinuationToken;
    } while (token);
    return found;
  };
  const states = new Set(await keys(PROCESSED_PREFIX));
  const missing = (await keys(UPLOAD_PREFIX)).filter((key) => !states.has(imageStateKey(key)));
  for (const key of missing) await processUpload(bucket, key);
  return missing.length;
}
