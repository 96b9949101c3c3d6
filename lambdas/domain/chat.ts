/**
 * Chat rooms (one per business + client pair), their messages and the Firebase custom token that lets
 * a signed-in user read the Realtime Database as uid = their Cognito sub. Messages live in Firebase at
 * a path built from the two members' ids (common/chat.ts) and are written only by the API; the rooms,
 * their last message and unread counts live here (docs/api-offers-ads-chat.md, "Chat").
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, importPKCS8 } from 'jose';
import type { ChatRoom } from '../../common/types';
import type { Role } from '../../common/constants';
import type { StoredBusiness, StoredUser } from '../model/users';
import { imageUrl } from '../lib/images';
import { copyFields } from '../model/copies';
import { type StoredRoom, blockedAttribute, otherRole, unreadAttribute } from '../model/rooms';
import type { ServiceAccount } from '../chat/serviceAccount';

export function newRoom(business: StoredBusiness, client: StoredUser): StoredRoom {
  return {
    _id: randomUUID(),
    businessId: business._id,
    clientId: client._id,
    businessCognitoId: business.cognitoId,
    clientCognitoId: client.cognitoId,
    // Both members' copies (lambdas/model/copies.ts COPIES.roomClient, roomBusiness), with their versions.
    ...(copyFields('roomClient', client) as Pick<StoredRoom, 'user' | 'userRevision'>),
    ...(copyFields('roomBusiness', business) as Pick<StoredRoom, 'business' | 'businessVersion'>),
    createdAt: new Date().toISOString(),
  };
}

/** The room as answered; `viewer` (the caller's role) adds the caller's unread count. */
export const toRoomDto = (room: StoredRoom, viewer?: Role): ChatRoom & { roomId: string } => ({
  roomId: room._id,
  _id: room._id,
  businessId: room.businessId,
  clientId: room.clientId,
  businessCognitoId: room.businessCognitoId,
  clientCognitoId: room.clientCognitoId,
  ...(room.lastMessageHidden
    ? { lastMessageHidden: true as const }
    : room.lastMessage
      ? { lastMessage: room.lastMessage }
      : {}),
  ...(room.lastMessageTime ? { lastMessageTime: room.lastMessageTime } : {}),
  user: {
    username: room.user.username,
    ...(room.user.profilePicture ? { profilePicture: imageUrl(room.user.profilePicture) } : {}),
    ...(room.user.former ? { former: true as const } : {}),
  },
  business: {
    businessName: room.business.businessName,
    ...(room.business.profilePicture ? { profilePicture: imageUrl(room.business.profilePicture) } : {}),
    ...(room.business.location ? { location: room.business.location } : {}),
    ...(room.business.former ? { former: true as const } : {}),
  },
  createdAt: room.createdAt,
  ...(viewer
    ? {
        unread: room[unreadAttribute(viewer)] ?? 0,
        blockedByMe: room[blockedAttribute(viewer)] === true,
        blockedMe: room[blockedAttribute(otherRole(viewer))] === true,
      }
    : {}),
});

const KEY_ALPHABET = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

/**
 * A message key that sorts by time (the scheme of Firebase push ids: 8 characters of milliseconds,
 * then 12 random ones), so `orderByKey()` is the order messages were accepted in.
 */
export function messageKey(ms: number): string {
  let time = '';
  for (let i = 0, t = ms; i < 8; i++, t = Math.floor(t / 64)) time = KEY_ALPHABET.charAt(t % 64) + time;
  const random = [...randomBytes(12)].map((b) => KEY_ALPHABET.charAt(b % 64)).join('');
  return time + random;
}

export const FIREBASE_CUSTOM_TOKEN_AUDIENCE =
  'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit';
/** Firebase accepts custom tokens that live at most one hour. */
const CUSTOM_TOKEN_SECONDS = 3600;

/**
 * A Firebase custom token (RS256 JWT signed with the service account's key), what firebase-admin's
 * createCustomToken produces, without bundling firebase-admin into a Lambda.
 */
export async function mintFirebaseToken(
  account: ServiceAccount,
  uid: string,
  claims: { role: Role; accountId?: string },
): Promise<string> {
  const key = await importPKCS8(account.private_key, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ uid, claims })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(account.client_email)
    .setSubject(account.client_email)
    .setAudience(FIREBASE_CUSTOM_TOKEN_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + CUSTOM_TOKEN_SECONDS)
    .sign(key);
}
