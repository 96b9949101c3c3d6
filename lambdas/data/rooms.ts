/**
 * Chat rooms: `ROOM#{businessId}#{clientId}` (one per pair, conditional put), listed through GSI1
 * `BROOMS#{businessSub}` and GSI2 `UROOMS#{clientSub}` (patterns 18 and 19).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys, stripKeys } from './keys';
import { queryPage, type Page, type PageRequest } from './query';
import { isConditionFailed } from './transact';
import type { StoredRoom } from '../domain/chat';

export async function getRoom(businessId: string, clientId: string): Promise<StoredRoom | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: table(), Key: keys.room(businessId, clientId), ConsistentRead: true }));
  return Item ? (stripKeys(Item) as unknown as StoredRoom) : undefined;
}

/** Puts the room unless the pair has one; answers the room that exists afterwards and whether it is new. */
export async function createRoomOnce(room: StoredRoom): Promise<{ room: StoredRoom; created: boolean }> {
  try {
    await ddb().send(new PutCommand({
      TableName: table(),
      Item: { ...keys.room(room.businessId, room.clientId), ...keys.roomIndexes(room), ...room },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
    return { room, created: true };
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
    const existing = await getRoom(room.businessId, room.clientId);
    if (!existing) throw err;
    return { room: existing, created: false };
  }
}

const clean = (p: Page<Record<string, unknown>>): Page<StoredRoom> => ({ ...p, items: p.items.map((i) => stripKeys(i) as unknown as StoredRoom) });

export const listRoomsOfBusiness = (businessSub: string, page: PageRequest) =>
  queryPage<Record<string, unknown>>({ index: 'GSI1', partition: `BROOMS#${businessSub}` }, page).then(clean);
export const listRoomsOfClient = (clientSub: string, page: PageRequest) =>
  queryPage<Record<string, unknown>>({ index: 'GSI2', partition: `UROOMS#${clientSub}` }, page).then(clean);
