/**
 * Shapes the API answers with (spec section 3). Ids are `_id` like the original API; image fields
 * are full addresses (CDN base + key) in responses and keys in requests.
 */
import type { OfferStatus, PlanId, PostClosedReason, PostStatus, Role, TransactionStatus } from './constants';
import type { ApiErrorBody } from './errors';
import type { Currency, Language } from './languages';
import type { BusinessVerified } from './verification';

/** Every error answer: `{message, code, errors?: [{field, message, code}]}` (codes: common/errors.ts). */
export type ApiError = ApiErrorBody;

export interface ClientUser {
  _id: string;
  cognitoId: string;
  username: string;
  /** Only in answers to the client itself. */
  email?: string;
  location?: string;
  profilePicture?: string;
  createdAt: string;
  /** The account's chosen language; only in answers to the client itself. */
  language?: Language;
}

export interface Business extends BusinessRating, BusinessVerified, HiddenMark {
  _id: string;
  cognitoId: string;
  businessName: string;
  username?: string;
  /** Only in answers to the business itself (as is `plan`). */
  email?: string;
  description?: string;
  location: string;
  /** Towns it works in (its own town unless it set others): new matching requests there are its leads. */
  serviceTowns: string[];
  categories: string[];
  profilePicture?: string;
  showroom: string[];
  plan?: PlanId;
  offersCount: number;
  postsCount: number;
  finishedJobsCount: number;
  createdAt: string;
  /** The account's chosen language; only in answers to the business itself. */
  language?: Language;
  /** The address word of its public page (/biznes/{slug}); absent until it has one. */
  slug?: string;
  /** Whether its public page is on (the business can turn it off in Settings). */
  publicPage: boolean;
}

/**
 * How a business was rated: the mean of its reviews' stars (1-5, two decimals; 0 with no review yet)
 * and how many reviews it has. In every answer that carries a business.
 */
export interface BusinessRating {
  ratingAverage: number;
  reviewCount: number;
}

export interface BusinessSearchHit extends BusinessRating, BusinessVerified {
  _id: string;
  businessName: string;
  profilePicture?: string;
  location: string;
}

/** A business as an offer shows it. */
export interface BusinessCard extends BusinessRating, BusinessVerified {
  businessName: string;
  profilePicture?: string;
}

export interface Category {
  _id: string;
  name: string;
}

/**
 * A moderator hid the item (docs/access-patterns.md, "Moderation"): it is gone for everyone else; its owner
 * and moderators see it with this mark, which says why and when.
 */
export interface HiddenMark {
  hidden?: { reason: string; at: string };
}

export interface Post extends HiddenMark {
  _id: string;
  userId: string;
  title: string;
  content?: string;
  images: string[];
  category: string[];
  location: string;
  budget?: number;
  createdAt: string;
  status: PostStatus;
  /** Denormalised for cards and the post detail. */
  clientName?: string;
  /** While open: when it closes by itself if no offer is accepted. */
  expiresAt?: string;
  /** Closed: by its client or because it expired, and when. */
  closedReason?: PostClosedReason;
  closedAt?: string;
  /** When it was reopened (a request is reopened once). */
  reopenedAt?: string;
}

export interface Offer {
  _id: string;
  businessId: string;
  postId: string;
  price: number;
  message: string;
  status: OfferStatus;
  createdAt: string;
  /** When the business last revised price or message (the client sees "revised"). */
  revisedAt?: string;
  business?: BusinessCard;
  post?: Pick<Post, '_id' | 'title' | 'images' | 'location' | 'category' | 'status'>;
}

export interface FinishedJob extends HiddenMark {
  _id: string;
  postId: string;
  businessId: string;
  offerId: string;
  rating: number;
  review: string;
  createdAt: string;
  post: Pick<Post, 'title' | 'images' | 'location' | 'content'>;
  /** The reviewed business's answer, shown under the review to everyone. */
  reply?: ReviewReply;
}

/** A business's reply to a review of it: written once, editable until REVIEW_REPLY_EDIT_DAYS after `createdAt`. */
export interface ReviewReply {
  text: string;
  createdAt: string;
  /** When it was last edited. */
  editedAt?: string;
}

/** The business's rating and badge are there when its record exists. */
export interface Ad extends Partial<BusinessRating>, Partial<BusinessVerified> {
  _id: string;
  businessId: string;
  image: string;
  createdAt: string;
  businessName?: string;
}

export interface ChatRoom {
  _id: string;
  businessId: string;
  clientId: string;
  businessCognitoId: string;
  clientCognitoId: string;
  lastMessage?: string;
  lastMessageTime?: string;
  /** Moderation hid the room's latest message: `lastMessage` is left out (a new message clears this). */
  lastMessageHidden?: true;
  /** Messages from the other member the viewer has not seen yet (room lists only). */
  unread?: number;
  /** The viewer blocked the other member / the other member blocked the viewer (room lists only). */
  blockedByMe?: boolean;
  blockedMe?: boolean;
  user: { username: string; profilePicture?: string };
  business: { businessName: string; profilePicture?: string; location?: string };
  createdAt: string;
}

export interface Transaction {
  id: string;
  clientName: string;
  image?: string;
  date: string;
  amount: number;
  status: TransactionStatus;
  description: string;
  sandbox: boolean;
  /** What was paid for (the web app words it in the reader's language; `description` is the English text). */
  purpose?: { kind: 'ad' } | { kind: 'plan'; plan: PlanId };
}

/** GET /account: the caller's own record of their role (email included), or null before it is created. */
export interface OwnAccount {
  profile: ClientUser | Business | null;
}

export interface UploadUrl {
  url: string;
  key: string;
  method: 'PUT';
  headers: Record<string, string>;
}

/** Claims the API reads from the verified ID token. */
export interface Caller {
  sub: string;
  role: Role;
  email?: string;
  /** A member of the pool's moderator group (common/moderation.ts). */
  moderator?: boolean;
}

/**
 * Settings the web app reads at run time from /config.json, written per stage (by `npm start`
 * locally, by the CDK deployment in the cloud), so one web build serves every stage.
 */
export interface RuntimeConfig {
  stage: string;
  apiUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Custom Cognito endpoint (the local emulator); absent in the cloud. */
  userPoolEndpoint?: string;
  authFlow: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';
  cdnBaseUrl: string;
  /** The one currency every price of the stage is shown in (default EUR). */
  currency?: Currency;
  firebase: {
    apiKey: string;
    projectId: string;
    databaseURL: string;
    appId?: string;
    /** Set locally: the Realtime Database emulator. */
    emulator?: { host: string; port: number };
  };
  /** Payments complete at once in a labelled sandbox. */
  paymentsSandbox: boolean;
}
