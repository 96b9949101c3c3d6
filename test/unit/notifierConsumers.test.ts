/**
 * The notifier's consumers are independent units (lambdas/notify/handler.ts): one that fails stops at that record
 * while the others go on; the batch reports the first failed record, and the retry from it gives each consumer only
 * what it has not handled (where each stood is kept: lambdas/data/streamReplays.ts). A record that is only copies
 * written onto an item reaches only the copies' consumers.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { useTestEnv } from '../support/events';
import { ddbMock, resetDb } from './handlers/fixtures';
import { handleBatch, type StreamConsumer } from '../../lambdas/notify/handler';
import { keys } from '../../lambdas/model/keys';

beforeAll(useTestEnv);
beforeEach(resetDb);

const record = (
  seq: string,
  next: object = { pk: `POST#${seq}`, sk: 'POST', _id: seq, status: 'open' },
  old?: object,
) =>
  ({
    eventID: `e${seq}`,
    eventName: old ? 'MODIFY' : 'INSERT',
    dynamodb: {
      SequenceNumber: seq,
      NewImage: marshall(next),
      ...(old ? { OldImage: marshall(old) } : {}),
    },
  }) as unknown as DynamoDBRecord;

/** Consumers that note what they were handed; `fails` names the records (by sequence number) each refuses once. */
function consumers(fails: Record<string, string[]> = {}) {
  const seen: Record<string, string[]> = { a: [], b: [], c: [] };
  const list: StreamConsumer[] = ['a', 'b', 'c'].map((name) => ({
    name,
    readsCopyWrites: name === 'c',
    handle: async (r) => {
      const seq = r.dynamodb!.SequenceNumber!;
      const refusals = fails[name] ?? [];
      if (refusals.includes(seq)) {
        refusals.splice(refusals.indexOf(seq), 1);
        throw new Error(`${name} refuses ${seq}`);
      }
      seen[name].push(seq);
    },
  }));
  return { list, seen };
}

describe('the notifier’s consumers', () => {
  it('one failing stops at its record, the others go to the end; the retry replays only the failed one', async () => {
    ddbMock.on(GetCommand).resolves({});
    ddbMock.on(PutCommand).resolves({});
    const records = ['11', '12', '13', '14'].map((s) => record(s));
    const { list, seen } = consumers({ b: ['12'] });
    expect(await handleBatch({ Records: records }, list)).toEqual({ batchItemFailures: [{ itemIdentifier: '12' }] });
    expect(seen).toEqual({ a: ['11', '12', '13', '14'], b: ['11'], c: ['11', '12', '13', '14'] });
    const [put] = ddbMock.commandCalls(PutCommand).map((c) => c.args[0].input);
    expect(put.Item).toMatchObject({ ...keys.streamReplay('12'), handledThrough: { a: '14', c: '14' } });

    // The stream retries from the reported record: the kept marks give a and c nothing, b the rest.
    resetDb();
    ddbMock.on(GetCommand, { Key: keys.streamReplay('12') }).resolves({ Item: put.Item });
    const retry = records.slice(1);
    const again = consumers();
    expect(await handleBatch({ Records: retry }, again.list)).toEqual({ batchItemFailures: [] });
    expect(again.seen).toEqual({ a: [], b: ['12', '13', '14'], c: [] });
    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('reports the first failed record of several, and keeps each consumer where it got to', async () => {
    ddbMock.on(GetCommand).resolves({});
    ddbMock.on(PutCommand).resolves({});
    const records = ['21', '22', '23'].map((s) => record(s));
    const { list, seen } = consumers({ a: ['23'], c: ['22'] });
    expect(await handleBatch({ Records: records }, list)).toEqual({ batchItemFailures: [{ itemIdentifier: '22' }] });
    expect(seen).toEqual({ a: ['21', '22'], b: ['21', '22', '23'], c: ['21'] });
    const [put] = ddbMock.commandCalls(PutCommand).map((c) => c.args[0].input);
    expect(put.Item?.handledThrough).toEqual({ a: '22', b: '23' });
  });

  it('hands a record that is only copies written onto an item to the copies’ consumers only', async () => {
    ddbMock.on(GetCommand).resolves({});
    const offer = { pk: 'OFFER#o1', sk: 'OFFER', _id: 'o1', status: 'pending', business: { v: 1, businessName: 'A' } };
    const copied = record('31', { ...offer, business: { v: 2, businessName: 'B' } }, offer);
    const changed = record('32', { ...offer, status: 'accepted' }, offer);
    const { list, seen } = consumers();
    expect(await handleBatch({ Records: [copied, changed] }, list)).toEqual({ batchItemFailures: [] });
    expect(seen).toEqual({ a: ['32'], b: ['32'], c: ['31', '32'] });
  });
});
