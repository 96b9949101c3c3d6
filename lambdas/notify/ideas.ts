/**
 * What the stream finishes for ideas and boards (docs/access-patterns.md, "Ideas"), each step idempotent, so a record
 * handed over again changes nothing:
 *  - a finished job whose client answered about its price band (`bandVersion` moved): the band's copies on its ideas
 *    and their gallery entries (lambdas/data/priceBandCopies.ts), as the answer's own request writes them;
 *  - an idea deleted: it leaves every board still holding it (the delete's request does so too);
 *  - a board deleted: whatever is still saved on it goes (the delete's request empties it too).
 */
import type { DynamoDBRecord } from 'aws-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { refreshPriceBandCopies } from '../data/priceBandCopies';
import { emptyBoard, removeIdeaFromBoards } from '../data/boards';
import { image } from './events';

type Item = Record<string, unknown>;
const images = (record: DynamoDBRecord) => ({
  next: image(record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined),
  old: image(record.dynamodb?.OldImage as Record<string, AttributeValue> | undefined),
});
const isFinishedJob = (i: Item | undefined) =>
  typeof i?.pk === 'string' && i.pk.startsWith('POST#') && i.sk === 'FINISHEDJOB';

export async function carryIdeaChanges(record: DynamoDBRecord): Promise<void> {
  const { next, old } = images(record);
  if (record.eventName === 'MODIFY' && isFinishedJob(next) && next?.bandVersion !== old?.bandVersion) {
    await refreshPriceBandCopies(String(next!.postId));
    return;
  }
  if (record.eventName !== 'REMOVE' || !old || typeof old.pk !== 'string') return;
  if (old.pk.startsWith('IDEA#') && old.sk === 'IDEA')
    await removeIdeaFromBoards(String(old._id), new Date().toISOString());
  else if (old.pk.startsWith('BOARD#') && old.sk === 'BOARD') await emptyBoard(String(old._id));
}
