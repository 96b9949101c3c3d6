/**
 * A business's name and town carried onto its pending verification request from the stream (docs/access-patterns.md,
 * pattern 32): the profile edit copies them itself; every business record whose name or town changed is handed here
 * too, and the same forward-only write (lambdas/data/verifications.ts) heals a copy an edit left behind. A business
 * with no pending request changes nothing. A failure leaves the record for the stream to retry.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { keys } from '../model/keys';
import type { StoredBusiness } from '../model/users';
import { carryProfileToVerification } from '../data/verifications';
import { image } from './events';

type Item = Record<string, unknown>;
const isBusinessRecord = (i: Item | undefined): i is Item & StoredBusiness => {
  if (typeof i?._id !== 'string' || typeof i.businessName !== 'string' || typeof i.createdAt !== 'string') return false;
  const key = keys.business(i._id);
  return i.pk === key.pk && i.sk === key.sk;
};

/** The business as it is now when the record changed its name or town; undefined for every other change. */
export function profileMoveOf(record: DynamoDBRecord): StoredBusiness | undefined {
  if (record.eventName !== 'MODIFY') return undefined;
  const next = image(record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined);
  const old = image(record.dynamodb?.OldImage as Record<string, AttributeValue> | undefined);
  if (!isBusinessRecord(next)) return undefined;
  return old?.businessName === next.businessName && old?.location === next.location ? undefined : next;
}

export async function carryVerificationName(record: DynamoDBRecord): Promise<void> {
  const business = profileMoveOf(record);
  if (business) await carryProfileToVerification(business);
}
