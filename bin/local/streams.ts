/**
 * The local stand-in for the Lambda event source mapping of the table's stream: it reads DynamoDB
 * Local's stream (DescribeStream, GetShardIterator, GetRecords) and calls the notifier handler with the
 * event Lambda would pass (`{ Records: [{ eventID, eventName, eventSource: 'aws:dynamodb', dynamodb:
 * { Keys, NewImage, OldImage, SequenceNumber, ApproximateCreationDateTime (epoch seconds), ... } }] }`),
 * in batches of at most BATCH_SIZE, in order per shard. A batch item failure is retried from that record
 * with backoff, like the cloud's mapping (infra/constructs/notifier.ts: ReportBatchItemFailures; MAX_ATTEMPTS,
 * then the record goes to the failure file, as the cloud sends it to the on-failure queue). The handler keeps its
 * consumers independent the same way on both (lambdas/notify/handler.ts): a retry replays only the consumer that
 * failed.
 */
import { appendFileSync } from 'node:fs';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';

/** The batch size of the cloud's event source mapping (infra/constructs/notifier.ts NOTIFIER_STREAM). */
export const BATCH_SIZE = 100;
export const MAX_ATTEMPTS = 5;
/** Lambda polls each shard of a DynamoDB stream four times a second (its event source mapping's base rate). */
const POLL_MS = 250;
/**
 * A stream with nothing new for IDLE_AFTER_POLLS reads (2 s) is read once a second until records come again: each
 * empty read costs this machine's CPU (the SDK call and DynamoDB Local's answer), four a second for each reader of
 * each local stack, while a test run or a developer's `npm start` sits idle. A change after a quiet spell reaches
 * its consumer at most 0.75 s later than Lambda would hand it over.
 */
const IDLE_POLL_MS = 1000;
const IDLE_AFTER_POLLS = 8;
const SHARD_SCAN_MS = 2000;

type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>;

/** A record of the Streams API as Lambda hands it to a function. */
export function toLambdaRecord(r: StreamRecord, streamArn: string, region: string): DynamoDBRecord {
  const d = r.dynamodb ?? {};
  return {
    eventID: r.eventID,
    eventName: r.eventName as DynamoDBRecord['eventName'],
    eventVersion: r.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: r.awsRegion ?? region,
    eventSourceARN: streamArn,
    dynamodb: {
      Keys: d.Keys as never,
      NewImage: d.NewImage as never,
      OldImage: d.OldImage as never,
      SequenceNumber: d.SequenceNumber,
      SizeBytes: d.SizeBytes,
      StreamViewType: d.StreamViewType,
      ApproximateCreationDateTime: d.ApproximateCreationDateTime
        ? Math.floor(new Date(d.ApproximateCreationDateTime).getTime() / 1000)
        : undefined,
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where a reader stands in one shard: its iterator and the last record it read. */
export interface ShardPosition {
  iterator: string | undefined;
  lastSequence?: string;
}

/**
 * The next page of one shard's records, moving `position` on. An iterator the emulator no longer honours (it
 * expired, or points before the shard's trim horizon: DynamoDB Local answers TrimmedDataAccessException at times)
 * is taken again after the last record read (or from the oldest one kept), as a Lambda event source mapping does,
 * so the reader neither stops nor reads a record twice.
 */
export async function readShard(
  streams: DynamoDBStreamsClient,
  streamArn: string,
  shardId: string,
  position: ShardPosition,
  limit: number,
): Promise<StreamRecord[]> {
  if (!position.iterator) return [];
  let out;
  try {
    out = await streams.send(new GetRecordsCommand({ ShardIterator: position.iterator, Limit: limit }));
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name !== 'TrimmedDataAccessException' && name !== 'ExpiredIteratorException') throw err;
    const again = async (after: boolean) =>
      (
        await streams.send(
          new GetShardIteratorCommand({
            StreamArn: streamArn,
            ShardId: shardId,
            ...(after
              ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: position.lastSequence }
              : { ShardIteratorType: 'TRIM_HORIZON' }),
          }),
        )
      ).ShardIterator;
    try {
      position.iterator = await again(!!position.lastSequence);
    } catch (retryErr) {
      if ((retryErr as { name?: string }).name !== 'TrimmedDataAccessException') throw retryErr;
      position.iterator = await again(false);
    }
    if (!position.iterator) return [];
    out = await streams.send(new GetRecordsCommand({ ShardIterator: position.iterator, Limit: limit }));
  }
  position.iterator = out.NextShardIterator;
  const records = out.Records ?? [];
  const last = records[records.length - 1]?.dynamodb?.SequenceNumber;
  if (last) position.lastSequence = last;
  return records;
}

export async function startStreamRunner(opts: {
  endpoint: string;
  region: string;
  tableName: string;
  loadHandler: () => Promise<StreamHandler>;
  failuresFile: string;
  onError?: (message: string) => void;
}) {
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const ddb = new DynamoDBClient({ endpoint: opts.endpoint, region: opts.region, credentials });
  const streams = new DynamoDBStreamsClient({ endpoint: opts.endpoint, region: opts.region, credentials });
  const { Table } = await ddb.send(new DescribeTableCommand({ TableName: opts.tableName }));
  ddb.destroy();
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`The table ${opts.tableName} has no stream`);
  const report = opts.onError ?? ((m: string) => console.error(`notifier: ${m}`));

  const positions = new Map<string, ShardPosition>();
  let stopping = false;
  let lastShardScan = 0;

  async function scanShards() {
    lastShardScan = Date.now();
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      if (!shard.ShardId || positions.has(shard.ShardId)) continue;
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shard.ShardId,
          ShardIteratorType: 'TRIM_HORIZON',
        }),
      );
      positions.set(shard.ShardId, { iterator: ShardIterator });
    }
  }

  /** Calls the handler until the whole batch is through, retrying from a failed record with backoff. */
  async function deliverBatch(records: DynamoDBRecord[]) {
    let pending = records;
    for (let attempt = 1; pending.length > 0; attempt++) {
      let failedAt: string | undefined;
      try {
        const handler = await opts.loadHandler();
        const out = await handler({ Records: pending });
        failedAt = out.batchItemFailures[0]?.itemIdentifier;
      } catch (err) {
        failedAt = pending[0].dynamodb?.SequenceNumber;
        report(`the notifier failed: ${(err as Error).message}`);
      }
      if (!failedAt) return;
      const index = Math.max(
        0,
        pending.findIndex((r) => r.dynamodb?.SequenceNumber === failedAt),
      );
      pending = pending.slice(index);
      if (attempt >= MAX_ATTEMPTS) {
        const [lost, ...rest] = pending;
        appendFileSync(opts.failuresFile, `${JSON.stringify({ time: new Date().toISOString(), record: lost })}\n`);
        report(`a stream record failed ${MAX_ATTEMPTS} times and was set aside in ${opts.failuresFile}`);
        pending = rest;
        attempt = 0;
        continue;
      }
      await sleep(Math.min(5000, 100 * 2 ** attempt));
    }
  }

  /** Reads every shard once; answers whether any records came. */
  async function pollOnce(): Promise<boolean> {
    if (Date.now() - lastShardScan > SHARD_SCAN_MS) await scanShards();
    let read = false;
    for (const [shardId, position] of positions) {
      if (stopping) continue;
      const records = (await readShard(streams, streamArn!, shardId, position, BATCH_SIZE)).map((r) =>
        toLambdaRecord(r, streamArn!, opts.region),
      );
      if (records.length) {
        read = true;
        await deliverBatch(records);
      }
    }
    return read;
  }

  const loop = (async () => {
    let emptyPolls = 0;
    while (!stopping) {
      try {
        emptyPolls = (await pollOnce()) ? 0 : emptyPolls + 1;
      } catch (err) {
        if (!stopping) report(`reading the stream failed (retrying): ${(err as Error).message}`);
      }
      await sleep(emptyPolls >= IDLE_AFTER_POLLS ? IDLE_POLL_MS : POLL_MS);
    }
  })();

  return {
    streamArn,
    stop: async () => {
      stopping = true;
      await loop;
      streams.destroy();
    },
  };
}
