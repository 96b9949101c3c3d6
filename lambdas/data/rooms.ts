/**
 * Chat rooms: `ROOM#{businessId}#{clientId}` (one per pair, conditional put), listed through GSI1
 * `BROOMS#{businessSub}` and GSI2 `UROOMS#{clientSub}` (patterns 18 and 19).
 */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Caller } from '../../common/types';
import type { Role } from '../../common/constants';
import { ddb, table } from './client';
import { keys } from '../model/keys';
import { getRecord, queryPage, type Page, type PageRequest } from './query';
import { conditionalWrite, isConditionFailed } from './transact';
import { blockedAttribute, otherRole, unreadAttribute, type StoredRoom } from '../model/rooms';

export const getRoom = (businessId: string, clientId: string) =>
  getRecord<StoredRoom>(keys.room(businessId, clientId), { consistent: true });

/** Puts the room unless the pair has one; answers the room that exists afterwards and whether it is new. */
export async function createRoomOnce(room: StoredRoom): Promise<{ room: StoredRoom; created: boolean }> {
  const created = await conditionalWrite(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.room(room.businessId, room.clientId), ...keys.roomIndexes(room), ...room },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  if (created) return { room, created: true };
  const existing = await getRoom(room.businessId, room.clientId);
  if (!existing) throw new Error(`The room of ${room.businessId} and ${room.clientId} was there, then not`);
  return { room: existing, created: false };
}

/**
 * A page of rooms: each keeps both members' current name and picture (lambdas/model/copies.ts COPIES.roomClient, roomBusiness), so the page is its
 * one Query.
 */
export const listRoomsOfBusiness = (businessSub: string, page: PageRequest): Promise<Page<StoredRoom>> =>
  queryPage<StoredRoom>({ index: 'GSI1', partition: keys.businessRoomsPartition(businessSub) }, page);
export const listRoomsOfClient = (clientSub: string, page: PageRequest): Promise<Page<StoredRoom>> =>
  queryPage<StoredRoom>({ index: 'GSI2', partition: keys.clientRoomsPartition(clientSub) }, page);

/** After a message: the room's last message and time, and one more unread for the other member. */
export async function recordMessage(room: StoredRoom, from: Caller, text: string, at: string): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.room(room.businessId, room.clientId),
      UpdateExpression:
        'SET lastMessage = :text, lastMessageTime = :at, lastSenderId = :sender REMOVE lastMessageHidden ADD #unread :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#unread': unreadAttribute(otherRole(from.role)) },
      ExpressionAttributeValues: { ':text': text, ':at': at, ':sender': from.sub, ':one': 1 },
    }),
  );
}

/**
 * Moderation hid a message: when it is still the room's last message (same sender and text), the room's copy
 * is marked hidden so that no room list shows it. A message sent since then leaves the room as it is.
 */
export async function hideLastMessageCopy(room: StoredRoom, message: { senderId: string; text: string }) {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.room(room.businessId, room.clientId),
        UpdateExpression: 'SET lastMessageHidden = :true',
        ConditionExpression: 'lastSenderId = :sender AND lastMessage = :text',
        ExpressionAttributeValues: { ':true': true, ':sender': message.senderId, ':text': message.text },
      }),
    );
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
  }
}

/** The member with this role blocks (or unblocks) the other member of the room. */
export async function setRoomBlock(room: StoredRoom, role: Role, blocked: boolean): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.room(room.businessId, room.clientId),
      UpdateExpression: 'SET #blocked = :blocked',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#blocked': blockedAttribute(role) },
      ExpressionAttributeValues: { ':blocked': blocked },
    }),
  );
}

/** The member with this role has read everything in the room. */
export async function markRoomRead(room: StoredRoom, role: Role): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.room(room.businessId, room.clientId),
      UpdateExpression: 'SET #unread = :zero',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#unread': unreadAttribute(role) },
      ExpressionAttributeValues: { ':zero': 0 },
    }),
  );
}
