/**
 * Both members' name and picture on each chat room (docs/access-patterns.md, "Members on their chat rooms"): a room
 * keeps a copy of the client (`user`: username, picture) and of the business (`business`: name, picture, town), each
 * with the version of the record it came from (`userRevision`: the client's `revision`; `businessVersion`: the
 * business's `updatedAt`), so a member's room list is its one Query.
 *
 * Who writes them: a new room copies both records; a profile edit that changes a copied field writes the copy onto the
 * member's rooms within part of its time limit, and the stream's notifier (lambdas/notify/roomProfiles.ts) finishes
 * or repairs it. Every write is an Update on condition the room exists and holds an older version, so a slower write
 * never undoes a newer one and running it again changes nothing.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { table } from './client';
import { keys } from '../model/keys';
import { eachRoomItem } from './roomMembers';
import { chunk, conditionalWrite } from './transact';
import type { StoredBusiness, StoredUser } from '../model/users';
import { roomBusiness, roomUser, businessVersion, userRevision } from '../model/copies';
import { type StoredRoom } from '../model/rooms';

/** Rooms written at once. */
export const ROOMS_IN_PARALLEL = 8;

/** The member whose copy is written: a client's record or a business's. */
export type RoomProfile = { role: 'client'; record: StoredUser } | { role: 'business'; record: StoredBusiness };

/** The room attributes of a side: its copy and the copy's version, and what the record gives them. */
function sideOf(profile: RoomProfile) {
  return profile.role === 'client'
    ? {
        copyAttribute: 'user',
        versionAttribute: 'userRevision',
        copy: roomUser(profile.record),
        version: userRevision(profile.record),
      }
    : {
        copyAttribute: 'business',
        versionAttribute: 'businessVersion',
        copy: roomBusiness(profile.record),
        version: businessVersion(profile.record),
      };
}

/** Writes the member's copy onto one room; false when the room is gone or holds that version or a newer one. */
export async function writeRoomProfile(
  room: Pick<StoredRoom, 'businessId' | 'clientId'>,
  profile: RoomProfile,
): Promise<boolean> {
  const side = sideOf(profile);
  return conditionalWrite(
    new UpdateCommand({
      TableName: table(),
      Key: keys.room(room.businessId, room.clientId),
      UpdateExpression: 'SET #copy = :copy, #version = :version',
      ConditionExpression: 'attribute_exists(pk) AND #version < :version',
      ExpressionAttributeNames: { '#copy': side.copyAttribute, '#version': side.versionAttribute },
      ExpressionAttributeValues: { ':copy': side.copy, ':version': side.version },
    }),
  );
}

/** What a carry wrote: rooms changed, and whether every room was looked at (false: it stopped at its deadline). */
export interface RoomCarryOutcome {
  changed: number;
  complete: boolean;
}

/**
 * Writes the member's current copy onto each of its rooms holding an older version: its rooms are read from the
 * member's room list (only the keys and the version), ROOMS_IN_PARALLEL writes at a time. With `until` (epoch ms) no
 * batch starts after it; the stream runs the same function without one.
 */
export async function carryProfileToRooms(
  profile: RoomProfile,
  opts: { until?: number } = {},
): Promise<RoomCarryOutcome> {
  const side = sideOf(profile);
  const stale: Pick<StoredRoom, 'businessId' | 'clientId'>[] = [];
  const member = { role: profile.role, sub: profile.record.cognitoId };
  for await (const item of eachRoomItem(member, { attributes: ['businessId', 'clientId', side.versionAttribute] })) {
    const version = item[side.versionAttribute] as string | number;
    if (version < side.version) stale.push({ businessId: String(item.businessId), clientId: String(item.clientId) });
  }
  let changed = 0;
  for (const batch of chunk(stale, ROOMS_IN_PARALLEL)) {
    if (opts.until !== undefined && Date.now() >= opts.until) return { changed, complete: false };
    const written = await Promise.all(batch.map((room) => writeRoomProfile(room, profile)));
    changed += written.filter(Boolean).length;
  }
  return { changed, complete: true };
}

/** The fields of each record that its rooms copy: an edit that changes none of them writes no room. */
export const ROOM_COPY_FIELDS = {
  client: ['username', 'profilePicture'],
  business: ['businessName', 'profilePicture', 'location'],
} as const;
