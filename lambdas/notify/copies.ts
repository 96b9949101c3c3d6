/**
 * The copies as consumers of the stream, one per declaration of lambdas/model/copies.ts: a change of a source record
 * whose projection moved (or a deleted source whose copy says so) refreshes that copy's targets from the source as
 * it is now (lambdas/data/copies.ts), with no deadline: usually every target shows it already (the request that
 * changed the source wrote them); it finishes what the request left and heals what a failure missed. A failure
 * leaves the record for the stream to retry, for this copy only (lambdas/notify/handler.ts).
 */
import type { DynamoDBRecord } from 'aws-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { refreshCopy, sameValue } from '../data/copies';
import { COPIES, copiesOf, copyAttributes, copyDeclaration, sourceOf, type CopyName } from '../model/copies';

type Item = Record<string, unknown>;

export interface CopyConsumer {
  name: `copy:${CopyName}`;
  handle: (record: DynamoDBRecord) => Promise<void>;
}

export const COPY_CONSUMERS: CopyConsumer[] = (Object.keys(COPIES) as CopyName[]).map((copy) => ({
  name: `copy:${copy}`,
  handle: async (record) => {
    const sourceId = copyChangeOf(copy, record);
    if (sourceId) await refreshCopy(copy, sourceId);
  },
}));

const imageOf = (img: unknown): Item | undefined =>
  img ? (unmarshall(img as Record<string, AttributeValue>) as Item) : undefined;

/** The source a stream record changed in a way copy `name` shows: its id, or undefined. */
export function copyChangeOf(name: CopyName, record: DynamoDBRecord): string | undefined {
  const d = copyDeclaration(name);
  const next = imageOf(record.dynamodb?.NewImage);
  const old = imageOf(record.dynamodb?.OldImage);
  const was = sourceOf(old);
  const is = sourceOf(next);
  if (record.eventName === 'REMOVE') return was?.source === d.source && d.whenGone ? was.id : undefined;
  if (record.eventName !== 'MODIFY' || is?.source !== d.source || was?.source !== d.source) return undefined;
  return sameValue(d.project(old!), d.project(next!)) ? undefined : is.id;
}

/**
 * Whether a stream record is only copies written onto a target (nothing else of the item changed): no
 * notification, count or figure follows from it, so the other consumers pass it by.
 */
export function onlyCopiesChanged(record: DynamoDBRecord): boolean {
  if (record.eventName !== 'MODIFY') return false;
  const next = imageOf(record.dynamodb?.NewImage);
  const old = imageOf(record.dynamodb?.OldImage);
  if (!next || !old) return false;
  // A source record that holds copies too (a finished job holds its business's card): what its own copies read
  // of it is its own, never a copy.
  const at = sourceOf(next);
  const own = new Set(at ? copiesOf(at.source).flatMap((name) => copyDeclaration(name).fields) : []);
  if (at && !own.size) return false;
  const copied = new Set(
    (Object.keys(COPIES) as CopyName[]).flatMap(copyAttributes).filter((attribute) => !own.has(attribute)),
  );
  const changed = [...new Set([...Object.keys(next), ...Object.keys(old)])].filter((a) => !sameValue(old[a], next[a]));
  return changed.length > 0 && changed.every((a) => copied.has(a));
}
