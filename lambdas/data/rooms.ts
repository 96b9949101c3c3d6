/**
 * Chat rooms: `ROOM#{businessId}#{clientId}` (one per pair, conditional put), listed through GSI1
 * `BROOMS#{businessSub}` and GSI2 `UROOMS#{clientSub}` (patterns 18 and 19).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys } from './keys';
import { getRecord, queryPage, type Page, type PageRequest } from './query';
import { isConditionFailed } from './transact';
import { withCurrentProfiles, type StoredRoom } from '../domain/chat';
import { getBusinessesByIds, getUsersByIds } from './batchReads';

export const getRoom = (businessId: string, clientId: string) =>
  getRecord<StoredRoom>(keys.room(businessId, clientId), { consistent: true });

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

/** A page of rooms with both sides' current names and pictures (two BatchGets for the whole page). */
async function withProfiles(page: Page<StoredRoom>): Promise<Page<StoredRoom>> {
  if (page.items.length === 0) return page;
  const [users, businesses] = await Promise.all([
    getUsersByIds(page.items.map((r) => r.clientId)),
    getBusinessesByIds(page.items.map((r) => r.businessId)),
  ]);
  return { ...page, items: page.items.map((r) => withCurrentProfiles(r, users, businesses)) };
}

export const listRoomsOfBusiness = async (businessSub: string, page: PageRequest) =>
  withProfiles(await queryPage<StoredRoom>({ index: 'GSI1', partition: `BROOMS#${businessSub}` }, page));
export const listRoomsOfClient = async (clientSub: string, page: PageRequest) =>
  withProfiles(await queryPage<StoredRoom>({ index: 'GSI2', partition: `UROOMS#${clientSub}` }, page));
