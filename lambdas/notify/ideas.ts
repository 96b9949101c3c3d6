/**
 * What the stream finishes for ideas and boards (docs/access-patterns/ideas.md), a consumer of its own
 * (lambdas/notify/handler.ts CONSUMERS), each step idempotent, so a record handed over again changes nothing:
 *  - an idea deleted: it leaves every board still holding it (the delete's request does so too);
 *  - a board deleted: whatever is still saved on it goes (the delete's request empties it too).
 * The copies ideas carry (a business's card, a job's price band) are the copies' own consumers (lambdas/notify/copies.ts).
 */
import type { DynamoDBRecord } from 'aws-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { emptyBoard, removeIdeaFromBoards } from '../data/boards';
import { image } from './events';

export async function carryIdeaChanges(record: DynamoDBRecord): Promise<void> {
  if (record.eventName !== 'REMOVE') return;
  const old = image(record.dynamodb?.OldImage as Record<string, AttributeValue> | undefined);
  if (!old || typeof old.pk !== 'string') return;
  if (old.pk.startsWith('IDEA#') && old.sk === 'IDEA')
    await removeIdeaFromBoards(String(old._id), new Date().toISOString());
  else if (old.pk.startsWith('BOARD#') && old.sk === 'BOARD') await emptyBoard(String(old._id));
}
