/**
 * A member's name and picture carried onto its chat rooms from the stream (docs/access-patterns.md, "Members on their
 * chat rooms"): the profile edit writes them within part of its time limit; every client or business record whose
 * copied fields changed is handed here too, and the same forward-only function (lambdas/data/roomProfiles.ts) writes
 * whatever room still holds an older version (usually none: one Query of the member's rooms). A failure leaves the
 * record for the stream to retry.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { keys } from '../model/keys';
import { carryProfileToRooms, ROOM_COPY_FIELDS, type RoomProfile } from '../data/roomProfiles';
import type { StoredBusiness, StoredUser } from '../model/users';
import { image } from './events';

type Item = Record<string, unknown>;
const isRecordAt = (i: Item | undefined, key: (id: string) => { pk: string; sk: string }) => {
  if (typeof i?._id !== 'string' || typeof i.cognitoId !== 'string') return false;
  const at = key(i._id);
  return i.pk === at.pk && i.sk === at.sk;
};
const changedAny = (old: Item | undefined, next: Item, fields: readonly string[]) =>
  fields.some((f) => old?.[f] !== next[f]);

/** The member as it is now when the record changed a field its rooms copy; undefined for every other change. */
export function roomProfileOf(record: DynamoDBRecord): RoomProfile | undefined {
  if (record.eventName !== 'MODIFY') return undefined;
  const next = image(record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined);
  const old = image(record.dynamodb?.OldImage as Record<string, AttributeValue> | undefined);
  if (!next) return undefined;
  if (isRecordAt(next, keys.user) && changedAny(old, next, ROOM_COPY_FIELDS.client))
    return { role: 'client', record: next as unknown as StoredUser };
  if (isRecordAt(next, keys.business) && changedAny(old, next, ROOM_COPY_FIELDS.business))
    return { role: 'business', record: next as unknown as StoredBusiness };
  return undefined;
}

export async function carryRoomProfiles(record: DynamoDBRecord): Promise<void> {
  const profile = roomProfileOf(record);
  if (profile) await carryProfileToRooms(profile);
}
