/** Chat rooms as stored (one per business and client pair: docs/access-patterns.md, "Chat rooms"). */
import type { Role } from '../../common/constants';

export interface StoredRoom {
  _id: string;
  businessId: string;
  clientId: string;
  businessCognitoId: string;
  clientCognitoId: string;
  /** `former`: the member deleted their account and was erased (lambdas/domain/privacy.ts roomWithoutMember). */
  user: { username: string; profilePicture?: string; former?: true };
  business: { businessName: string; profilePicture?: string; location?: string; former?: true };
  /**
   * The versions of the two copies above (lambdas/model/copies.ts COPIES.roomClient, roomBusiness): the client's `revision` and the business's
   * `updatedAt` they came from.
   */
  userRevision: number;
  businessVersion: string;
  createdAt: string;
  lastMessage?: string;
  lastMessageTime?: string;
  lastSenderId?: string;
  /** Moderation hid the message `lastMessage` copies: nobody is shown it (cleared by the next message). */
  lastMessageHidden?: boolean;
  /** Messages the client / the business has not read yet. */
  clientUnread?: number;
  businessUnread?: number;
  /** The client / the business blocked the other member: no more messages from them reach the blocker. */
  clientBlocked?: boolean;
  businessBlocked?: boolean;
}

/** The room attribute saying the member with this role blocked the other. */
export const blockedAttribute = (role: Role) =>
  (role === 'client' ? 'clientBlocked' : 'businessBlocked') satisfies keyof StoredRoom;

/** The room attribute holding the unread count of the member with this role. */
export const unreadAttribute = (role: Role) =>
  (role === 'client' ? 'clientUnread' : 'businessUnread') satisfies keyof StoredRoom;

/** The role of the room's other member. */
export const otherRole = (role: Role): Role => (role === 'client' ? 'business' : 'client');

/** The Cognito sub of the member with this role. */
export const memberSub = (room: StoredRoom, role: Role) =>
  role === 'client' ? room.clientCognitoId : room.businessCognitoId;
