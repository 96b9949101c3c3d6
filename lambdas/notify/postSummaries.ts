/**
 * A post's summary on its offers, kept from the stream (docs/access-patterns.md, "A post's summary on its offers"):
 * a post record whose copied fields changed (its `summaryVersion`, status or hidden mark), or that was deleted, is
 * handed to the same idempotent refresh the handler that changed it ran (lambdas/data/postSummaries.ts), with no
 * deadline: usually it finds every copy right already (a GetItem and a Query of the post's guards); it finishes what
 * the handler left (its time budget, a failure) and marks a deleted post's remaining offers. A failure leaves the
 * record for the stream to retry.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { refreshOfferCopies } from '../data/postSummaries';
import { image, isPost } from './events';

type Item = Record<string, unknown>;
const COPIED = ['summaryVersion', 'status', 'hidden'] as const;
const changed = (old: Item, next: Item) => COPIED.some((a) => JSON.stringify(old[a]) !== JSON.stringify(next[a]));

/** The post whose offers' copies the record moves; undefined for every other change. */
export function postSummaryChangeOf(record: DynamoDBRecord): string | undefined {
  const next = image(record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined);
  const old = image(record.dynamodb?.OldImage as Record<string, AttributeValue> | undefined);
  if (record.eventName === 'REMOVE' && isPost(old)) return String(old!._id);
  if (record.eventName === 'MODIFY' && isPost(old) && isPost(next) && changed(old!, next!)) return String(next!._id);
  return undefined;
}

export async function carryPostSummary(record: DynamoDBRecord): Promise<void> {
  const postId = postSummaryChangeOf(record);
  if (postId) await refreshOfferCopies(postId);
}
