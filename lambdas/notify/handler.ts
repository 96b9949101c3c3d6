/**
 * The notifier: the Lambda the table's DynamoDB Stream invokes (in the cloud, infra/constructs/notifier.ts; locally,
 * bin/local/streams.ts calls it with the same event and retries the same way). Its consumers (CONSUMERS) are
 * independent units: each takes the batch's records in order, and one that fails stops at that record while the
 * others go on to the end. The batch then reports the first record any consumer failed at as its item failure
 * (ReportBatchItemFailures), so the stream retries from it; where every consumer stands is kept for that retry
 * (lambdas/data/streamReplays.ts), which gives each only the records it has not handled. So a consumer failing
 * replays no other's work. Every consumer is idempotent per stream event besides (a record handed over twice by
 * the stream changes nothing the second time).
 */
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { createLogger } from '../lib/log';
import { keepReplayMarks, replayMarksOf, sequenceAfter, type ReplayMarks } from '../data/streamReplays';
import { COPY_CONSUMERS, onlyCopiesChanged } from './copies';
import { deliver } from './deliver';
import { notificationsOf } from './events';
import { leadDraftsOf, syncLeadIndex } from './leads';
import { remindersOf, scheduleReminders } from './chatReminders';
import { countWeekly } from './weekCounts';
import { countOperatorFigures } from './operatorFigures';
import { movePriceGuide } from './priceGuide';
import { carryIdeaChanges } from './ideas';

/** One consumer of the stream: what it does with one record. */
export interface StreamConsumer {
  name: string;
  handle: (record: DynamoDBRecord) => Promise<unknown>;
  /** It reads the copies' own writes too (the others pass a record that is only copies written onto an item by). */
  readsCopyWrites?: boolean;
}

/** The consumers, in the order each record is handed to them. */
export const CONSUMERS: StreamConsumer[] = [
  // The lead index first: a business's new service town is in it before a request of the same batch is matched.
  { name: 'leadIndex', handle: syncLeadIndex },
  {
    name: 'notifications',
    handle: async (record) => {
      for (const d of await notificationsOf(record)) await deliver(d);
    },
  },
  {
    name: 'leadAlerts',
    handle: async (record) => {
      for (const d of await leadDraftsOf(record)) await deliver(d);
    },
  },
  { name: 'chatReminders', handle: (record) => scheduleReminders(remindersOf(record)) },
  { name: 'weekCounts', handle: countWeekly },
  { name: 'operatorFigures', handle: countOperatorFigures },
  { name: 'priceGuide', handle: movePriceGuide },
  // A deleted idea leaves the boards holding it; a deleted board's saves go.
  { name: 'ideas', handle: carryIdeaChanges },
  ...COPY_CONSUMERS.map((c) => ({ ...c, readsCopyWrites: true })),
];

const sequenceOf = (record: DynamoDBRecord) => record.dynamodb?.SequenceNumber ?? record.eventID ?? '';

/** Whether the consumer handled this record on an earlier attempt of the batch. */
const handledBefore = (marks: ReplayMarks, consumer: string, record: DynamoDBRecord) => {
  const through = marks[consumer];
  const sequence = record.dynamodb?.SequenceNumber;
  return through !== undefined && sequence !== undefined && !sequenceAfter(sequence, through);
};

/** One batch through `consumers` (the tests give consumers of their own). */
export async function handleBatch(
  event: DynamoDBStreamEvent,
  consumers: StreamConsumer[],
): Promise<DynamoDBBatchResponse> {
  const log = createLogger({ handler: 'notifier' });
  const records = event.Records;
  if (!records.length) return { batchItemFailures: [] };
  const first = records[0].dynamodb?.SequenceNumber;
  const marks = first ? await replayMarksOf(first) : {};
  /** Per consumer: the index of the record it failed at (absent: it handled the whole batch). */
  const failedAt = new Map<string, number>();
  for (const [index, record] of records.entries()) {
    const copiesOnly = onlyCopiesChanged(record);
    for (const consumer of consumers) {
      if (failedAt.has(consumer.name) || handledBefore(marks, consumer.name, record)) continue;
      if (copiesOnly && !consumer.readsCopyWrites) continue;
      try {
        await consumer.handle(record);
      } catch (err) {
        failedAt.set(consumer.name, index);
        log.error('A stream consumer failed: it is retried from this record, the others go on', {
          consumer: consumer.name,
          eventID: record.eventID,
          sequenceNumber: record.dynamodb?.SequenceNumber,
          error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
        });
      }
    }
  }
  if (!failedAt.size) return { batchItemFailures: [] };
  const retryFrom = Math.min(...failedAt.values());
  // Where each consumer stands when the retry starts at `retryFrom`: through the record before the one it failed
  // at, or the whole batch; never behind where an earlier attempt had got it.
  const handledThrough: ReplayMarks = {};
  for (const consumer of consumers) {
    const failed = failedAt.get(consumer.name);
    const last = failed === undefined ? records.length - 1 : failed - 1;
    const earlier = marks[consumer.name];
    const here = last >= retryFrom ? records[last].dynamodb?.SequenceNumber : undefined;
    const through = here && earlier ? (sequenceAfter(here, earlier) ? here : earlier) : (here ?? earlier);
    if (through) handledThrough[consumer.name] = through;
  }
  const retryKey = records[retryFrom].dynamodb?.SequenceNumber;
  if (retryKey) await keepReplayMarks(retryKey, handledThrough);
  return { batchItemFailures: [{ itemIdentifier: sequenceOf(records[retryFrom]) }] };
}

export const handler = (event: DynamoDBStreamEvent) => handleBatch(event, CONSUMERS);
