/**
 * Everything a handler needs to know about where it runs comes from environment variables, set by
 * the CDK stack in the cloud and by bin/local in `npm start` and the tests. Read lazily so a test
 * can point a handler at its own table.
 */
const required = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
};

export const config = {
  get tableName() { return required('TABLE_NAME'); },
  get mediaBucket() { return required('MEDIA_BUCKET'); },
  /** CDN base the stored image keys are served from, with a trailing slash. */
  get mediaBaseUrl() { const b = required('MEDIA_BASE_URL'); return b.endsWith('/') ? b : `${b}/`; },
  /** Only set locally: the DynamoDB Local / S3 emulator endpoints. */
  get dynamoEndpoint() { return process.env.DYNAMODB_ENDPOINT || undefined; },
  get s3Endpoint() { return process.env.S3_ENDPOINT || undefined; },
  get paymentsSandbox() { return process.env.PAYMENTS_SANDBOX !== 'false'; },
};
