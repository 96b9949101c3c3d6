/**
 * Everything a handler needs to know about where it runs comes from environment variables, set by
 * the CDK stack in the cloud and by bin/local in `npm start` and the tests. Read lazily so a test
 * can point a handler at its own table.
 */
import { API_TIME_LIMIT_SECONDS, DEFAULT_OPEN_INDEX_SHARDS } from '../../common/constants';
import { currencySetting } from '../../common/languages';

const required = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
};

export const config = {
  get tableName() {
    return required('TABLE_NAME');
  },
  get mediaBucket() {
    return required('MEDIA_BUCKET');
  },
  /** CDN base the stored image keys are served from, with a trailing slash. */
  get mediaBaseUrl() {
    const b = required('MEDIA_BASE_URL');
    return b.endsWith('/') ? b : `${b}/`;
  },
  /** Only set locally: the DynamoDB Local / S3 emulator endpoints. */
  get dynamoEndpoint() {
    return process.env.DYNAMODB_ENDPOINT || undefined;
  },
  get s3Endpoint() {
    return process.env.S3_ENDPOINT || undefined;
  },
  /** The user pool of the admin calls (a moderator's 'suspend', deleting one's account, the erasure job). */
  get userPoolId() {
    return required('USER_POOL_ID');
  },
  /** The web app's client of the pool: deleting one's account checks the password through it (lambdas/lib/userPool.ts). */
  get userPoolClientId() {
    return required('USER_POOL_CLIENT_ID');
  },
  /**
   * Whether the media bucket keeps earlier versions of objects (the cloud's does: infra/constructs/media.ts): an
   * erasure then deletes every version of a person's pictures. The local emulator keeps none.
   */
  get mediaBucketVersioned() {
    return process.env.MEDIA_BUCKET_VERSIONED === 'true';
  },
  /** The private bucket of the data exports' ZIP files (lambdas/privacy/export.ts). */
  get exportsBucket() {
    return required('EXPORTS_BUCKET');
  },
  /** Only set locally: the user pool emulator. */
  get cognitoEndpoint() {
    return process.env.COGNITO_ENDPOINT || undefined;
  },
  /**
   * The time limit of one request in ms: API_TIME_LIMIT_SECONDS (the Lambda timeout). API_TIME_LIMIT_MS
   * only shortens it where a local stack is told so (the dependency-fault tests); it is never set in the cloud.
   */
  get timeLimitMs() {
    const override = Number(process.env.API_TIME_LIMIT_MS);
    return Number.isFinite(override) && override > 0 ? override : API_TIME_LIMIT_SECONDS * 1000;
  },
  /** Shards of the all-open-requests index (a stage setting). */
  get openIndexShards() {
    const n = Number(process.env.OPEN_INDEX_SHARDS);
    return Number.isInteger(n) && n > 0 ? n : DEFAULT_OPEN_INDEX_SHARDS;
  },
  /**
   * The public origin of the site (https://interio.al): every canonical, hreflang, sitemap and Open Graph address
   * the public pages write starts with it, never with the Host a request came with (the CDN sends its origin's).
   */
  get siteUrl() {
    return required('SITE_URL').replace(/\/+$/, '');
  },
  /** Only the production stage sets SITE_INDEXABLE=true; every other stage answers `X-Robots-Tag: noindex`. */
  get siteIndexable() {
    return process.env.SITE_INDEXABLE === 'true';
  },
  /** The one currency every price of the stage is written in (CURRENCY: EUR, ALL or USD; EUR when unset). */
  get currency() {
    return currencySetting(process.env.CURRENCY, 'CURRENCY');
  },
  /** The web app's address (APP_URL): the pay step a checkout sends the buyer to is under it. */
  get appUrl() {
    return required('APP_URL').replace(/\/+$/, '');
  },
};
