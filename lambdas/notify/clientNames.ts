/**
 * A client's rename carried onto its posts from the stream (docs/access-patterns.md, "A client's name on its posts"):
 * the rename request writes them within half its time limit; a client record whose `username` changed is handed
 * here too, and the same idempotent function writes whatever post still shows another name (usually none: one Query
 * of the client's posts per 100). A failure leaves the record for the stream to retry.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { renameClientPosts } from '../data/clientNames';
import { keys } from '../model/keys';
import { image } from './events';

type Item = Record<string, unknown>;
const isClientRecord = (i: Item | undefined): i is Item & { _id: string } => {
  if (typeof i?._id !== 'string') return false;
  const key = keys.user(i._id);
  return i.pk === key.pk && i.sk === key.sk;
};

/** The client and its new name when the record is a rename; undefined for every other change. */
export function renameOf(record: DynamoDBRecord): { userId: string; username: string } | undefined {
  if (record.eventName !== 'MODIFY') return undefined;
  const next = image(record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined);
  const old = image(record.dynamodb?.OldImage as Record<string, AttributeValue> | undefined);
  if (!isClientRecord(next) || typeof next.username !== 'string') return undefined;
  return old?.username === next.username ? undefined : { userId: next._id, username: next.username };
}

export async function carryClientName(record: DynamoDBRecord): Promise<void> {
  const rename = renameOf(record);
  if (rename) await renameClientPosts(rename.userId, rename.username);
}
