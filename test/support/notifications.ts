/** Helpers of the notification tests: the table's stream and records as the notifier sees them. */
import { DescribeTableCommand, DynamoDBClient, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';
import { toLambdaRecord } from '../../bin/local/streams';
import { stack } from './api';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const clients = () => {
  const s = stack();
  return {
    ddb: new DynamoDBClient({ endpoint: s.dynamoEndpoint, region: s.region, credentials }),
    streams: new DynamoDBStreamsClient({ endpoint: s.dynamoEndpoint, region: s.region, credentials }),
  };
};

/**
 * How long a test waits for the stream's work. The stream is the whole stack's, in order: a burst of another file's
 * writes that the notifier retries with backoff (twenty concurrent reviews, say, on a busy two-core machine) can hold
 * it for more than 15 s, so the wait is 30 s, as long as a test waits for an email.
 */
export const STREAM_WAIT_MS = 30_000;

/** Polls `probe` until it answers something (not undefined), at most `timeoutMs`: mostly the stream's work. */
export async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = STREAM_WAIT_MS): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('Timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Sets the `language` of a profile record (the account field the web app's settings write). */
export async function setLanguage(pk: string, language: 'sq' | 'en') {
  const { ddb } = clients();
  await ddb.send(
    new UpdateItemCommand({
      TableName: stack().tableName,
      Key: { pk: { S: pk }, sk: { S: 'PROFILE' } },
      UpdateExpression: 'SET #l = :l',
      ExpressionAttributeNames: { '#l': 'language' },
      ExpressionAttributeValues: { ':l': { S: language } },
    }),
  );
  ddb.destroy();
}

/** The stream record of a change of the item with partition key `pk`, as Lambda would pass it. */
export async function streamRecordOf(pk: string, eventName: 'INSERT' | 'MODIFY' | 'REMOVE'): Promise<DynamoDBRecord> {
  const s = stack();
  const { ddb, streams } = clients();
  try {
    const { Table } = await ddb.send(new DescribeTableCommand({ TableName: s.tableName }));
    const arn = Table!.LatestStreamArn!;
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: arn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      let { ShardIterator: iterator } = await streams.send(
        new GetShardIteratorCommand({ StreamArn: arn, ShardId: shard.ShardId, ShardIteratorType: 'TRIM_HORIZON' }),
      );
      while (iterator) {
        const out = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
        const found = out.Records?.find((r) => r.eventName === eventName && r.dynamodb?.Keys?.pk?.S === pk);
        if (found) return toLambdaRecord(found, arn, s.region);
        if (!out.Records?.length) break;
        iterator = out.NextShardIterator;
      }
    }
    throw new Error(`No ${eventName} of ${pk} in the stream`);
  } finally {
    ddb.destroy();
    streams.destroy();
  }
}

/** Points handlers imported by a test at the test stack (the variables npm start sets for them). */
export function useStackEnvironment() {
  const s = stack();
  Object.assign(process.env, {
    AWS_REGION: s.region,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TABLE_NAME: s.tableName,
    DYNAMODB_ENDPOINT: s.dynamoEndpoint,
    MAIL_TRANSPORT: 'smtp',
    SMTP_HOST: s.mail.smtpHost,
    SMTP_PORT: String(s.mail.smtpPort),
    MAIL_FROM: 'test@marketplace.local',
    API_URL: s.apiUrl,
    APP_URL: s.notifier.appUrl,
    UNSUBSCRIBE_SECRET: s.notifier.unsubscribeSecret,
    LOG_LEVEL: 'silent',
  });
}
