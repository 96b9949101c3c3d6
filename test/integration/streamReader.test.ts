/**
 * The local stream reader (bin/local/streams.ts readShard), which drives the notifier on `npm start` and in every
 * test, over DynamoDB Local's real stream of a table of its own: when the emulator refuses its iterator as expired or
 * trimmed (injected here on one GetRecords call: DynamoDB Local cannot be made to expire or trim on demand), it takes
 * the iterator again after the last record it read and goes on, reading no record twice and skipping none; with
 * nothing read yet it starts again from the oldest record kept; any other error reaches the caller.
 */
import { randomUUID } from 'node:crypto';
import { DescribeTableCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../../bin/local/provision';
import { readShard, type ShardPosition } from '../../bin/local/streams';
import { stack } from '../support/api';

const TABLE = `stream-reader-${randomUUID().slice(0, 8)}`;
const ITEMS = 7;
let streams: DynamoDBStreamsClient;
let streamArn: string;
let shardId: string;
/** The error the next GetRecords answers instead of the emulator (once), and the calls the reader made. */
let refuseNextRead: string | undefined;
const calls: string[] = [];

const sortKeys = (records: StreamRecord[]) => records.map((r) => r.dynamodb?.Keys?.sk?.S);
const expectedKeys = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => `item#${String(from + i).padStart(2, '0')}`);

async function trimHorizon(): Promise<ShardPosition> {
  const { ShardIterator } = await streams.send(
    new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: 'TRIM_HORIZON' }),
  );
  return { iterator: ShardIterator };
}

beforeAll(async () => {
  const s = stack();
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  await ensureTable(s.dynamoEndpoint, TABLE);
  const dynamo = new DynamoDBClient({ endpoint: s.dynamoEndpoint, region: s.region, credentials });
  for (let i = 0; i < ITEMS; i++)
    await dynamo.send(
      new PutItemCommand({
        TableName: TABLE,
        Item: { pk: { S: 'items' }, sk: { S: `item#${String(i).padStart(2, '0')}` } },
      }),
    );
  streamArn = (await dynamo.send(new DescribeTableCommand({ TableName: TABLE }))).Table!.LatestStreamArn!;
  dynamo.destroy();
  streams = new DynamoDBStreamsClient({ endpoint: s.dynamoEndpoint, region: s.region, credentials });
  streams.middlewareStack.add(
    (next, context) => async (args) => {
      calls.push(context.commandName ?? '');
      if (context.commandName === 'GetRecordsCommand' && refuseNextRead) {
        const name = refuseNextRead;
        refuseNextRead = undefined;
        throw Object.assign(new Error(`${name} (injected)`), { name });
      }
      return next(args);
    },
    { step: 'initialize', name: 'refuseOneRead' },
  );
  const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
  shardId = StreamDescription!.Shards![0].ShardId!;
});
afterAll(() => streams?.destroy());

describe('the local stream reader', () => {
  it('reads every record once, in order, page after page', async () => {
    const position = await trimHorizon();
    const read: StreamRecord[] = [];
    for (let page = 0; page < 5; page++) read.push(...(await readShard(streams, streamArn, shardId, position, 3)));
    expect(sortKeys(read)).toEqual(expectedKeys(0, ITEMS));
  });

  it.each(['ExpiredIteratorException', 'TrimmedDataAccessException'])(
    'goes on after the last record read when the emulator answers %s',
    async (refusal) => {
      const position = await trimHorizon();
      const first = await readShard(streams, streamArn, shardId, position, 3);
      expect(sortKeys(first)).toEqual(expectedKeys(0, 3));
      refuseNextRead = refusal;
      calls.length = 0;
      const next = await readShard(streams, streamArn, shardId, position, 3);
      expect(calls).toEqual(['GetRecordsCommand', 'GetShardIteratorCommand', 'GetRecordsCommand']);
      expect(sortKeys(next)).toEqual(expectedKeys(3, 6));
      const rest = await readShard(streams, streamArn, shardId, position, 3);
      expect(sortKeys(rest)).toEqual(expectedKeys(6, ITEMS));
    },
  );

  it('starts again from the oldest record kept when it had read nothing yet', async () => {
    const position = await trimHorizon();
    refuseNextRead = 'ExpiredIteratorException';
    const read = await readShard(streams, streamArn, shardId, position, 3);
    expect(sortKeys(read)).toEqual(expectedKeys(0, 3));
  });

  it('lets any other error reach the caller', async () => {
    const position = await trimHorizon();
    refuseNextRead = 'ProvisionedThroughputExceededException';
    await expect(readShard(streams, streamArn, shardId, position, 3)).rejects.toMatchObject({
      name: 'ProvisionedThroughputExceededException',
    });
  });
});
