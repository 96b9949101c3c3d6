/**
 * Chat rooms (one per business + client pair) and the Firebase custom token that lets a signed-in
 * user into the Realtime Database as uid = their Cognito sub. Messages live in Firebase; the rooms and
 * who belongs to them live here (docs/deploy.md has the database rules, and what membership data they
 * still need in Firebase).
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, importPKCS8 } from 'jose';
import type { ChatRoom } from '../../common/types';
import type { Role } from '../../common/constants';
import type { StoredBusiness, StoredUser } from '../data/users';
import { imageUrl } from '../lib/images';
import { publicBusinessFields, publicUserFields } from './profiles';

export interface StoredRoom {
  _id: string; businessId: string; clientId: string; businessCognitoId: string; clientCognitoId: string;
  user: { username: string; profilePicture?: string };
  business: { businessName: string; profilePicture?: string; location?: string };
  createdAt: string; lastMessage?: string; lastMessageTime?: string;
}

// The copies a room keeps come from the public part of each profile (lambdas/domain/profiles.ts).
const roomUser = (client: StoredUser): StoredRoom['user'] => {
  const { username, profilePicture } = publicUserFields(client);
  return { username, ...(profilePicture ? { profilePicture } : {}) };
};
const roomBusiness = (business: StoredBusiness): StoredRoom['business'] => {
  const { businessName, profilePicture, location } = publicBusinessFields(business);
  return { businessName, ...(profilePicture ? { profilePicture } : {}), ...(location ? { location } : {}) };
};

export function newRoom(business: StoredBusiness, client: StoredUser): StoredRoom {
  return {
    _id: randomUUID(),
    businessId: business._id,
    clientId: client._id,
    businessCognitoId: business.cognitoId,
    clientCognitoId: client.cognitoId,
    user: roomUser(client),
    business: roomBusiness(business),
    createdAt: new Date().toISOString(),
  };
}

/**
 * The room with each side's current name and picture: the copies taken when the room was made go
 * stale when someone renames themself or changes their photo. A side whose record is gone keeps them.
 */
export function withCurrentProfiles(room: StoredRoom, users: Map<string, StoredUser>, businesses: Map<string, StoredBusiness>): StoredRoom {
  const client = users.get(room.clientId);
  const business = businesses.get(room.businessId);
  return {
    ...room,
    ...(client ? { user: roomUser(client) } : {}),
    ...(business ? { business: roomBusiness(business) } : {}),
  };
}

export const toRoomDto = (room: StoredRoom): ChatRoom & { roomId: string } => ({
  roomId: room._id,
  _id: room._id,
  businessId: room.businessId,
  clientId: room.clientId,
  businessCognitoId: room.businessCognitoId,
  clientCognitoId: room.clientCognitoId,
  ...(room.lastMessage ? { lastMessage: room.lastMessage } : {}),
  ...(room.lastMessageTime ? { lastMessageTime: room.lastMessageTime } : {}),
  user: { username: room.user.username, ...(room.user.profilePicture ? { profilePicture: imageUrl(room.user.profilePicture) } : {}) },
  business: {
    businessName: room.business.businessName,
    ...(room.business.profilePicture ? { profilePicture: imageUrl(room.business.profilePicture) } : {}),
    ...(room.business.location ? { location: room.business.location } : {}),
  },
  createdAt: room.createdAt,
});

/** The fields of a Google service-account key file that signing needs. */
export interface ServiceAccount { client_email: string; private_key: string; project_id?: string }

export function parseServiceAccount(json: string): ServiceAccount {
  const value = JSON.parse(json) as Partial<ServiceAccount>;
  if (typeof value.client_email !== 'string' || typeof value.private_key !== 'string') {
    throw new Error('The Firebase service account lacks client_email or private_key');
  }
  return { client_email: value.client_email, private_key: value.private_key, project_id: value.project_id };
}

const FIREBASE_CUSTOM_TOKEN_AUDIENCE = 'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit';
/** Firebase accepts custom tokens that live at most one hour. */
const CUSTOM_TOKEN_SECONDS = 3600;

/**
 * A Firebase custom token (RS256 JWT signed with the service account's key), what firebase-admin's
 * createCustomToken produces, without bundling firebase-admin into a Lambda.
 */
export async function mintFirebaseToken(account: ServiceAccount, uid: string, claims: { role: Role; accountId?: string }): Promise<string> {
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
