/**
 * Offers: who may do what, and which transition of the offer's life (lambdas/model/offerLife.ts) a
 * `PUT /offer/status` request asks for; what an offer's answer shows.
 */
import { randomUUID } from 'node:crypto';
import type { OfferStatus } from '../../common/constants';
import type { Caller, Offer, Post } from '../../common/types';
import type { StoredPost } from '../model/posts';
import type { StoredBusiness } from '../model/users';
import { copyFields, isGonePostCopy } from '../model/copies';
import { forbidden, notFound, refuse } from '../lib/errors';
import { imageUrls } from '../lib/images';
import { postRefusal } from '../model/postLife';
import { OFFER_LIFE, STATUS_REQUESTS, type OfferTransition } from '../model/offerLife';
import { negotiationDto, storedTerms } from './negotiation';
import { step, type OfferTerms, StoredOffer } from '../model/offers';

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
    ...(copyFields('postSummary', post) as Pick<StoredOffer, 'post'>),
    ...(copyFields('businessCard', business) as Pick<StoredOffer, 'business'>),
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

/** What a client's `PUT /offer/status` does: one of its transitions (OFFER_LIFE), or nothing for a finished offer. */
export type StatusChange = 'accept' | 'decline' | 'cancel' | 'alreadyFinished';

/**
 * The transition `newStatus` asks for (lambdas/model/offerLife.ts STATUS_REQUESTS), or a 409 when the offer's
 * status is not one it leaves from, or its request (POST_LIFE) does not allow it: accepting needs the request open
 * and not expired; cancelling, that this offer is the request's accepted one. An offer is finished only through
 * the review: asking it of a finished offer changes nothing.
 */
export function planStatusChange(
  offer: StoredOffer,
  post: StoredPost,
  newStatus: OfferStatus,
  now = new Date().toISOString(),
): StatusChange {
  const name = STATUS_REQUESTS[newStatus];
  if (name === 'finish') {
    if (offer.status === 'finished') return 'alreadyFinished';
    throw refuse(OFFER_LIFE.finish.refusal());
  }
  const t: OfferTransition = OFFER_LIFE[name];
  if (!t.from.includes(offer.status)) throw refuse(t.refusal(offer.status));
  if (t.request === 'accept') {
    const refusal = postRefusal('accept', post, now);
    if (refusal) throw refuse(refusal);
  }
  if (t.request === 'reopenOnCancel' && post.acceptedOfferId !== offer._id) throw refuse(t.refusal(offer.status));
  return name;
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
