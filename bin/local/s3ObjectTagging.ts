/**
 * What s3rver 3.7.1 lacks for pending uploads (lambdas/data/uploads.ts), added in front of its routes:
 *  - a PUT object keeps the tags of its `x-amz-tagging` header (s3rver accepts the header and drops it);
 *  - DELETE ?tagging removes an object's tags (s3rver answers 501 NotImplemented);
 *  - a presigned PUT must carry every header named in X-Amz-SignedHeaders (s3rver checks no SigV4 at
 *    all; S3 refuses such a PUT with SignatureDoesNotMatch), so a client that drops the signed tag
 *    header fails locally as it would in the cloud.
 * GET and PUT ?tagging are s3rver's own. Lifecycle rules are not emulated: locally nothing expires.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  headers: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}
interface TaggingStore {
  existsObject(bucket: string, key: string): Promise<boolean>;
  putSubresource(bucket: string, key: string, resource: unknown): Promise<void>;
  deleteSubresource(bucket: string, key: string, type: string): Promise<void>;
}
interface S3rverApp {
  store: TaggingStore;
  middleware: unknown[];
}

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function s3Error(ctx: KoaContext, status: number, code: string, message: string) {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlText(message)}</Message></Error>`;
}

/** Bucket and key of a path-style object request, or undefined for service and bucket requests. */
function objectOf(path: string): { bucket: string; key: string } | undefined {
  const [, bucket, ...rest] = path.split('/');
  if (!bucket || !rest.length || !rest.join('')) return undefined;
  try {
    return { bucket: decodeURIComponent(bucket), key: rest.map(decodeURIComponent).join('/') };
  } catch {
    return undefined;
  }
}

/** Adds object tagging on upload and DELETE ?tagging to an s3rver instance (call before `run()`). */
export function addObjectTagging(server: S3rverApp) {
  const { TaggingConfiguration } = require('s3rver/lib/models/config');
  const store = server.store;
  server.middleware.unshift(async (ctx: KoaContext, next: () => Promise<void>) => {
    const object = objectOf(ctx.path);
    if (!object) return next();
    const { bucket, key } = object;

    if (ctx.method === 'DELETE' && 'tagging' in ctx.query) {
      if (!(await store.existsObject(bucket, key)))
        return s3Error(ctx, 404, 'NoSuchKey', 'The specified key does not exist.');
      await store.deleteSubresource(bucket, key, 'tagging');
      ctx.status = 204;
      return;
    }

    const plainPut = ctx.method === 'PUT' && !Object.keys(ctx.query).some((q) => !/^x-amz-|^x-id$/i.test(q));
    if (!plainPut) return next();
    const signed = ctx.query['X-Amz-SignedHeaders'];
    if (typeof signed === 'string') {
      const missing = signed.split(';').filter((h) => h !== 'host' && ctx.headers[h] === undefined);
      if (missing.length) {
        return s3Error(
          ctx,
          403,
          'SignatureDoesNotMatch',
          `The request is missing the signed header(s) ${missing.join(', ')}.`,
        );
      }
    }
    await next();
    const tagging = ctx.headers['x-amz-tagging'];
    if (ctx.status === 200 && typeof tagging === 'string' && tagging) {
      const tags = [...new URLSearchParams(tagging)]
        .map(([k, v]) => `<Tag><Key>${xmlText(k)}</Key><Value>${xmlText(v)}</Value></Tag>`)
        .join('');
      await store.putSubresource(bucket, key, new TaggingConfiguration(`<Tagging><TagSet>${tags}</TagSet></Tagging>`));
    }
  });
}
