/**
 * A person's chat rooms and messages, for their data export and their erasure (docs/privacy.md). Messages live in
 * the Realtime Database at `chats/{clientSub}/{businessSub}/messages` (common/chat.ts): the path itself names both
 * members. Erasing one member therefore moves the other member's messages to a path that names the room's former
 * member by a new id (`former-{roomId}`), deletes the old path (the person's own messages with it) and rewrites the
 * room so it shows "former user" (lambdas/domain/privacy.ts roomWithoutMember). Once both members are erased the
 * room and its path go. Every step can run again: a kill half way and a second run end in the same state.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { chatMessagesPath, type ChatMessage } from '../../common/chat';
import { table } from '../data/client';
import { keys, stripKeys } from '../model/keys';
import { eachRoomItem, type RoomMember } from '../data/roomMembers';
import { deleteItems } from '../data/batchWrites';
import { chunk, conditionalWrite } from '../data/transact';
import type { ServiceAccount } from '../chat/serviceAccount';
import type { StoredRoom } from '../model/rooms';
import { chatMessageTargetId } from '../model/moderation';
import { isFormerMemberId, roomWithoutMember } from '../domain/privacy';
import { getValue, putValue } from '../chat/database';
import { deleteEntry, entriesAbout } from './reports';
import type { Progress } from './progress';

/** Messages written to the database at once while moving them. */
const MESSAGES_IN_PARALLEL = 16;

/** Every room of a member, as stored, through their room list (the index of their role). */
export async function roomsOfMember(member: RoomMember): Promise<StoredRoom[]> {
  const rooms: StoredRoom[] = [];
  for await (const item of eachRoomItem(member)) rooms.push(stripKeys(item) as unknown as StoredRoom);
  return rooms;
}

/** A room's messages, oldest first (none when its path is empty). */
export async function messagesOf(
  account: ServiceAccount,
  room: Pick<StoredRoom, 'clientCognitoId' | 'businessCognitoId'>,
) {
  const value = (await getValue(account, chatMessagesPath(room))) as Record<string, ChatMessage> | null;
  return Object.entries(value ?? {})
    .map(([id, m]) => ({ ...m, id }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The room's whole branch of the database (`chats/{client}/{business}`), messages included. */
const roomBranch = (room: Pick<StoredRoom, 'clientCognitoId' | 'businessCognitoId'>) =>
  `chats/${room.clientCognitoId}/${room.businessCognitoId}`;

/** The room's claims of unread-message emails (both members). */
const reminderClaims = (room: Pick<StoredRoom, 'businessId' | 'clientId'>) =>
  (['client', 'business'] as const).map((role) =>
    keys.chatReminder(keys.room(room.businessId, room.clientId).pk, role),
  );

/**
 * Takes the member with Cognito sub `sub` out of one of their rooms (see the file comment). The reports about their
 * messages go first (their ids are read from the messages, which the next steps delete).
 */
export async function eraseMemberFromRoom(
  room: StoredRoom,
  sub: string,
  account: ServiceAccount,
  progress: Progress,
): Promise<void> {
  const messages = await messagesOf(account, room);
  const theirs = messages.filter((m) => m.senderId === sub);
  const entries = await entriesAbout(
    theirs.map((m) => ({ kind: 'chatMessage' as const, targetId: chatMessageTargetId(room._id, m.id) })),
  );
  for (const entry of entries) {
    await progress.step();
    await deleteEntry(entry._id);
  }

  const change = roomWithoutMember(room, sub);
  if (!change) return;
  const otherSide = room.clientCognitoId === sub ? room.businessCognitoId : room.clientCognitoId;
  if (isFormerMemberId(otherSide)) {
    // The other member is erased already: nothing of the room is anyone's any more.
    await progress.step();
    await putValue(account, roomBranch(room), null);
    await progress.step();
    await deleteItems([keys.room(room.businessId, room.clientId), ...reminderClaims(room)]);
    return;
  }

  // The other member's messages, at the path that names the former member by its new id.
  const moved = { ...room, ...change.set } as StoredRoom;
  const kept = messages.filter((m) => m.senderId !== sub);
  for (const batch of chunk(kept, MESSAGES_IN_PARALLEL)) {
    await progress.step();
    await Promise.all(batch.map(({ id, ...m }) => putValue(account, `${chatMessagesPath(moved)}/${id}`, { id, ...m })));
  }
  // The old branch goes (the person's own messages with it), then the room says "former user".
  await progress.step();
  await putValue(account, roomBranch(room), null);
  await progress.step();
  const memberAttribute = room.clientCognitoId === sub ? 'clientCognitoId' : 'businessCognitoId';
  const names: Record<string, string> = { '#member': memberAttribute };
  const values: Record<string, unknown> = { ':sub': sub };
  const sets = Object.entries(change.set).map(([name, value], i) => {
    names[`#s${i}`] = name;
    values[`:s${i}`] = value;
    return `#s${i} = :s${i}`;
  });
  const removes = change.remove.map((name, i) => {
    names[`#r${i}`] = name;
    return `#r${i}`;
  });
  await conditionalWrite(
    new UpdateCommand({
      TableName: table(),
      Key: keys.room(room.businessId, room.clientId),
      UpdateExpression: `SET ${sets.join(', ')} REMOVE ${removes.join(', ')}`,
      ConditionExpression: 'attribute_exists(pk) AND #member = :sub',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
  await progress.step();
  await deleteItems(reminderClaims(room));
}
