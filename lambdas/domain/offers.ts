/**
 * Offers: who may do what, and which state change a `PUT /offer/status` request asks for.
 *
 *   pending  -> accepted | declined   (the post's owner)
 *   accepted -> pending               (the owner cancels the acceptance; the post reopens)
 *   accepted -> finished              (only through the review, POST /finishedJobs)
 */
import { randomUUID } from 'node:crypto';
import type { OfferStatus } from '../../common/constants';
import type { Caller, Offer, Post } from '../../common/types';
import type { StoredPost } from '../model/posts';
import type { StoredBusiness } from '../model/users';
import { businessCardCopy, isGonePostCopy, postCopyOf } from '../model/copies';
import { conflict, forbidden, notFound } from '../lib/errors';
import type { Refusal } from '../data/transact';
import { imageUrls } from '../lib/images';
import { isExpired } from '../model/postLife';
import { negotiationDto, storedTerms } from './negotiation';
import { step, type OfferTerms, StoredOffer } from '../model/offers';

/** The 409s of offers: a message for people and a stable code (common/errors.ts). */
export const REFUSALS = {
  postNotOpen: { message: 'This post is no longer open for offers', code: 'POST_NOT_OPEN' },
  alreadyOffered: {
    message: 'You have already made an offer on this post. Delete it to make a new one.',
    code: 'ALREADY_OFFERED',
  },
  otherOfferAccepted: {
    message: 'Another offer of this post has already been accepted',
    code: 'OFFER_ALREADY_ACCEPTED',
  },
  offerChanged: {
    message: 'This offer was changed by another request. Reload and try again.',
    code: 'CONCURRENT_CHANGE',
  },
  finishedCannotBeDeleted: { message: 'A finished offer cannot be deleted', code: 'OFFER_FINISHED' },
  onlyPendingRevised: { message: 'Only a pending offer can be revised', code: 'OFFER_STATUS_CONFLICT' },
  finishThroughReview: {
    message: 'An offer is finished by submitting a review of the job (POST /finishedJobs)',
    code: 'OFFER_STATUS_CONFLICT',
  },
} as const satisfies Record<string, Refusal>;

/** A 409 of REFUSALS. */
export const refuse = (r: Refusal) => conflict(r.message, r.code);

/**
 * A business that moderation hid can no longer be hired: its pending offers vanish for clients (as the rest of
 * it does), and accepting one answers as if it were gone. Work already agreed with it (accepted, finished) stays
 * with the client, who can still cancel or finish it. Moderators see everything.
 */
export const isOfferOpenToClient = (
  offer: StoredOffer,
  business: Pick<StoredBusiness, 'hidden'> | undefined,
  viewer: Caller,
) => offer.status !== 'pending' || !business?.hidden || viewer.moderator === true;

/** 404 when a client may no longer act on a pending offer of a business moderation hid. */
export function assertOfferOpenToClient(offer: StoredOffer, business: StoredBusiness | undefined, viewer: Caller) {
  if (!isOfferOpenToClient(offer, business, viewer)) throw notFound('Offer not found');
}

/** A business that moderation hid makes no new offers (clients would never see them). */
export function assertMayOffer(business: StoredBusiness | undefined): asserts business is StoredBusiness {
  if (!business) throw notFound('Business not found');
  if (business.hidden) throw forbidden('Your business profile is hidden by moderation, so it cannot make offers');
}

/** A new offer of `business` on `post`, carrying the post's copy and the business's card. */
export function newOffer(
  input: { postId: string; businessId: string } & OfferTerms,
  businessSub: string,
  post: StoredPost,
  business: StoredBusiness,
  now = new Date(),
): StoredOffer {
  const createdAt = now.toISOString();
  const terms = storedTerms(input, now);
  return {
    postTitle: post.title,
    post: postCopyOf(post),
    business: businessCardCopy(business),
    _id: randomUUID(),
    postId: input.postId,
    businessId: input.businessId,
    businessSub,
    ...terms,
    status: 'pending',
    createdAt,
    version: 0,
    history: [step('business', 'offer', createdAt, { price: terms.price, startDate: terms.startDate })],
  };
}

export type StatusChange = 'accept' | 'decline' | 'cancelAcceptance' | 'alreadyFinished';

/** The change `newStatus` asks for, or a 409 when the offer's (or post's) state does not allow it. */
export function planStatusChange(
  offer: StoredOffer,
  post: StoredPost,
  newStatus: OfferStatus,
  now = new Date().toISOString(),
): StatusChange {
  const from = offer.status;
  switch (newStatus) {
    case 'accepted':
      if (from !== 'pending')
        throw conflict(`This offer is ${from}; only a pending offer can be accepted`, 'OFFER_STATUS_CONFLICT');
      if (post.status === 'finished') throw conflict('This post is already finished', 'POST_NOT_OPEN');
      if (post.status === 'closed' || isExpired(post, now))
        throw conflict('This request is closed. Reopen it to accept an offer.', 'POST_NOT_OPEN');
      if (post.status !== 'open') throw refuse(REFUSALS.otherOfferAccepted);
      return 'accept';
    case 'declined':
      if (from !== 'pending')
        throw conflict(`This offer is ${from}; only a pending offer can be declined`, 'OFFER_STATUS_CONFLICT');
      return 'decline';
    case 'pending':
      if (from !== 'accepted' || post.acceptedOfferId !== offer._id) {
        throw conflict(
          `This offer is ${from}; only an accepted offer can be set back to pending`,
          'OFFER_STATUS_CONFLICT',
        );
      }
      return 'cancelAcceptance';
    case 'finished':
      if (from === 'finished') return 'alreadyFinished';
      throw refuse(REFUSALS.finishThroughReview);
  }
}

export type PostSummary = NonNullable<Offer['post']>;

export const toPostSummary = (
  post: Pick<StoredPost, '_id' | 'title' | 'images' | 'location' | 'category' | 'status'>,
): PostSummary => ({
  _id: post._id,
  title: post.title,
  images: imageUrls(post.images),
  location: post.location,
  category: post.category ?? [],
  status: post.status as Post['status'],
});

/** The summary an offer shows of its post, from its copy: none for a post moderation hid or that was deleted (`{}`). */
export function postSummaryOnOffer(offer: StoredOffer): Pick<Offer, 'post'> {
  if (isGonePostCopy(offer.post) || offer.post.hidden) return {};
  return { post: toPostSummary(offer.post) };
}

export function toOfferDto(offer: StoredOffer, extra: Pick<Offer, 'business' | 'post'> = {}): Offer {
  return {
    _id: offer._id,
    businessId: offer.businessId,
    postId: offer.postId,
    price: offer.price,
    message: offer.message,
    status: offer.status,
    createdAt: offer.createdAt,
    ...(offer.revisedAt ? { revisedAt: offer.revisedAt } : {}),
    ...negotiationDto(offer),
    ...(extra.business ? { business: extra.business } : {}),
    ...(extra.post ? { post: extra.post } : {}),
  };
}
