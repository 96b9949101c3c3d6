/**
 * Where the stream's consumers stand in a batch one of them failed (lambdas/notify/handler.ts): the batch is retried
 * from the first record that failed, and the item `STREAMREPLAY#{that record's sequence number}` / `REPLAY` says,
 * per consumer, the sequence number it handled through, so a retry gives each consumer only what it has not done
 * (one consumer failing replays no other). Kept two days (the stream keeps a record one), expired by the table's TTL.
 * Written only when a consumer fails; read once per batch.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys } from '../model/keys';
import { TTL_ATTRIBUTE } from '../model/schema';

/** Consumer name -> the sequence number it handled through. */
export type ReplayMarks = Record<string, string>;

const KEPT_SECONDS = 2 * 24 * 60 * 60;

/** The marks of a batch starting at `sequenceNumber` (none for a batch that is no retry). */
export async function replayMarksOf(sequenceNumber: string): Promise<ReplayMarks> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: keys.streamReplay(sequenceNumber), ConsistentRead: true }),
  );
  return (Item?.handledThrough as ReplayMarks | undefined) ?? {};
}

/** Keeps where each consumer stands for the retry that starts at `sequenceNumber`. */
export async function keepReplayMarks(sequenceNumber: string, handledThrough: ReplayMarks): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.streamReplay(sequenceNumber),
        handledThrough,
        [TTL_ATTRIBUTE]: Math.floor(Date.now() / 1000) + KEPT_SECONDS,
      },
    }),
  );
}

/** Sequence numbers compare as the numbers they are (their strings may differ in length). */
export const sequenceAfter = (a: string, b: string) => BigInt(a) > BigInt(b);
