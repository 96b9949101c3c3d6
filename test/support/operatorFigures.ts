/**
 * Test-only reads of a stack's table and stream for the operator's figures (test/integration/operatorFigures.test.ts,
 * operatorRevenue.test.ts): the figures' items as they are stored, wiping them (as if never kept), and every record
 * of the table's stream as Lambda hands them over (to hand them over again).
 */
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
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
const documents = () =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: stack().dynamoEndpoint, region: stack().region, credentials }),
  );

/** The figures' week items (not their guards), as counts (a zero left by a moved first offer is no difference). */
export async function snapshotFigures(): Promise<string[]> {
  const db = documents();
  const out: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: stack().tableName, ExclusiveStartKey: start }));
    for (const i of page.Items ?? []) {
      if (!String(i.pk).startsWith('OPS#')) continue;
      const kept = Object.entries(i)
        .filter(([n, v]) => typeof v === 'number' && v !== 0 && n !== 'expiresAt')
        .sort(([a], [b]) => a.localeCompare(b));
      out.push(`${i.pk}|${i.sk}|${JSON.stringify(kept)}`);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  db.destroy();
  return out.sort();
}

/** Deletes every item of the figures: counts, guards, active marks (as if they had never been kept). */
export async function wipeFigures() {
  const db = documents();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({ TableName: stack().tableName, ExclusiveStartKey: start, ProjectionExpression: 'pk, sk' }),
    );
    const keys = (page.Items ?? []).filter((i) => /^OPS(#|FACT#|ACTIVE#)/.test(String(i.pk)));
    for (let i = 0; i < keys.length; i += 25)
      await db.send(
        new BatchWriteCommand({
          RequestItems: {
            [stack().tableName]: keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } })),
          },
        }),
      );
    start = page.LastEvaluatedKey;
  } while (start);
  db.destroy();
}

/** Every record of the table's stream so far, in order per shard, as Lambda hands them over. */
export async function streamRecords(): Promise<DynamoDBRecord[]> {
  const ddb = new DynamoDBClient({ endpoint: stack().dynamoEndpoint, region: stack().region, credentials });
  const streams = new DynamoDBStreamsClient({ endpoint: stack().dynamoEndpoint, region: stack().region, credentials });
  const out: DynamoDBRecord[] = [];
  try {
    const { Table } = await ddb.send(new DescribeTableCommand({ TableName: stack().tableName }));
    const arn = Table!.LatestStreamArn!;
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: arn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      let { ShardIterator: iterator } = await streams.send(
        new GetShardIteratorCommand({ StreamArn: arn, ShardId: shard.ShardId, ShardIteratorType: 'TRIM_HORIZON' }),
      );
      while (iterator) {
        const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
        for (const r of page.Records ?? []) out.push(toLambdaRecord(r, arn, stack().region));
        if (!page.Records?.length) break;
        iterator = page.NextShardIterator;
      }
    }
  } finally {
    ddb.destroy();
    streams.destroy();
  }
  return out;
}
