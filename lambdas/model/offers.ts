/** Offers as stored, with their negotiation (docs/access-patterns.md, "Offers" and "Negotiation"). */
import type {
  NegotiationAction,
  NegotiationParty,
  OfferIncluded,
  OfferStatus,
  PostClosedReason,
} from '../../common/constants';
import type { BusinessCardCopy, GonePostCopy, PostCopy } from './copies';

export interface StoredOffer extends NegotiationFields {
  _id: string;
  postId: string;
  businessId: string;
  businessSub: string;
  price: number;
  message: string;
  status: OfferStatus;
  createdAt: string;
  updatedAt?: string;
  /** The post's title when the offer was made (posts are never edited): the notifier names the request with it after the post is deleted. */
  postTitle?: string;
  /** When the business last revised price or message (PUT /offer/{id}). */
  revisedAt?: string;
  /** Declined because its request closed (by its client, or expired): the notifier tells the business so. */
  requestClosedReason?: PostClosedReason;
  /** Its post as copied onto it (see PostCopy). */
  post: PostCopy | GonePostCopy;
  /** The business's card (lambdas/model/copies.ts COPIES.businessCard): what the request's offers show of it, moderation's mark too. */
  business: BusinessCardCopy;
}

export interface NegotiationStep {
  by: NegotiationParty;
  action: NegotiationAction;
  at: string;
  price?: number;
  startDate?: string;
  note?: string;
}

export interface CounterProposal {
  price: number;
  startDate?: string;
  note?: string;
  at: string;
}

export interface OfferItem {
  label: string;
  amount: number;
}

/** The terms a business writes when it offers or revises. */
export interface OfferTerms {
  price: number;
  message: string;
  items?: OfferItem[];
  startDate?: string;
  durationDays?: number;
  included?: OfferIncluded[];
  includedNote?: string;
  validUntil?: string;
}

/** The terms as stored: the validity always set (its default when the business gave none). */
export type StoredTerms = OfferTerms & { validUntil: string };

/** The negotiation's fields of a stored offer. */
export interface NegotiationFields {
  items?: OfferItem[];
  startDate?: string;
  durationDays?: number;
  included?: OfferIncluded[];
  includedNote?: string;
  /** Its last day to be accepted. */
  validUntil: string;
  /** Moves by one with every step (0 when made). */
  version: number;
  /** The open counter-offer, while one waits for the business. */
  proposal?: CounterProposal;
  /** Every step, oldest first: the offer itself first. */
  history: NegotiationStep[];
}

/** A step as stored (no undefined fields). */
export function step(
  by: NegotiationParty,
  action: NegotiationAction,
  at: string,
  more: { price?: number; startDate?: string; note?: string } = {},
): NegotiationStep {
  return {
    by,
    action,
    at,
    ...(more.price !== undefined ? { price: more.price } : {}),
    ...(more.startDate ? { startDate: more.startDate } : {}),
    ...(more.note ? { note: more.note } : {}),
  };
}
