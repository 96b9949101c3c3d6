/**
 * A member's own rooms, found through the index that lists them (GSI1 `BROOMS#{businessSub}` for a
 * business, GSI2 `UROOMS#{clientSub}` for a client): a room by id only if the caller is in it, and
 * the caller's unread total.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Caller } from '../../common/types';
import { ddb, table } from './client';
import { keys, stripKeys } from '../model/keys';
import { INDEXES } from '../model/schema';
import { getRoom } from './rooms';
import { unreadAttribute, type StoredRoom } from '../model/rooms';

/** A member of rooms: its role and Cognito sub. */
export type RoomMember = Pick<Caller, 'role' | 'sub'>;

/** The index and partition listing the rooms of a member with this role. */
const roomsOf = (member: RoomMember) =>
  member.role === 'business'
    ? { index: INDEXES.GSI1, partition: keys.businessRoomsPartition(member.sub) }
    : { index: INDEXES.GSI2, partition: keys.clientRoomsPartition(member.sub) };

/** Every item of the member's rooms partition, page by page (optionally only some attributes / one room). */
export async function* eachRoomItem(member: RoomMember, opts: { roomId?: string; attributes?: string[] } = {}) {
  const { index, partition } = roomsOf(member);
  let start: Record<string, unknown> | undefined;
  do {
    const names: Record<string, string> = { '#pk': index.partitionKey };
    if (opts.roomId) names['#id'] = '_id';
    opts.attributes?.forEach((a, i) => {
      names[`#a${i}`] = a;
    });
    const out = await ddb().send(
      new QueryCommand({
        TableName: table(),
        IndexName: index.name,
        KeyConditionExpression: '#pk = :pk',
        ...(opts.roomId ? { FilterExpression: '#id = :id' } : {}),
        ...(opts.attributes ? { ProjectionExpression: opts.attributes.map((_, i) => `#a${i}`).join(', ') } : {}),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':pk': partition, ...(opts.roomId ? { ':id': opts.roomId } : {}) },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) yield item;
    start = out.LastEvaluatedKey;
  } while (start);
}

/**
 * The room with this id if the caller is one of its two members (looked up among the caller's own
 * rooms, so a room of others is simply not found), read again by key for its current counts.
 */
export async function findRoomOfMember(caller: Caller, roomId: string): Promise<StoredRoom | undefined> {
  for await (const item of eachRoomItem(caller, { roomId })) {
    const found = stripKeys(item) as unknown as StoredRoom;
    return getRoom(found.businessId, found.clientId);
  }
  return undefined;
}

/** Unread messages over all the caller's rooms (only the one count attribute of each room is read). */
export async function unreadTotal(caller: Caller): Promise<number> {
  const attribute = unreadAttribute(caller.role);
  let total = 0;
  for await (const item of eachRoomItem(caller, { attributes: [attribute] })) total += Number(item[attribute] ?? 0);
  return total;
}
