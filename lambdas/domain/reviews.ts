/**
 * Reviews: the post's owner rates the business whose offer they accepted; the review creates the
 * finished job (one per post, carrying a copy of the post's card) and finishes offer and post. The
 * reviewed business answers it once with a reply, which it can edit for REVIEW_REPLY_EDIT_DAYS.
 */
import { randomUUID } from 'node:crypto';
import { REVIEW_REPLY_EDIT_DAYS, reviewReplyEditableUntil } from '../../common/constants';
import type { FinishedJob, HiddenMark, ReviewReply } from '../../common/types';
import type { PriceBand } from '../../common/ideas';
import type { StoredPost } from '../data/openPosts';
import type { StoredOffer } from './offers';
import { conflict, forbidden } from '../lib/errors';
import { imageUrls } from '../lib/images';
import type { BusinessCardCopy } from './profiles';

export { REVIEW_MAX_CHARS } from '../../common/schemas/offers';

export interface StoredFinishedJob {
  _id: string;
  postId: string;
  businessId: string;
  offerId: string;
  userId: string;
  rating: number;
  review: string;
  createdAt: string;
  clientName?: string;
  /** Copy of the post's card: the first image only. */
  post: { title: string; images: string[]; location: string; content?: string };
  /** The reviewed business's reply (written by it alone, through PUT /post/{id}/review/reply). */
  reply?: ReviewReply;
  /** A moderator hid the review: out of the list and of the business's rating. */
  hidden?: HiddenMark['hidden'];
  /** The reviewed business's card (lambdas/data/businessCards.ts): its owner and moderation's mark decide who sees the list. */
  business?: BusinessCardCopy;
  /** Its client deleted their account: the review stays with no link to them (lambdas/domain/privacy.ts). */
  formerClient?: true;
  /** Its business deleted its account: the review stays for its client only, in no list. */
  formerBusiness?: true;
  /** Its client lets the job's price band show with its pictures among the ideas (default: no). */
  bandConsent?: boolean;
  /** The band the accepted price falls in (common/ideas.ts), written with the client's first answer. */
  priceBand?: PriceBand;
  /** Moves with every answer of the client: the version of the band's copies on the job's ideas. */
  bandVersion?: number;
  /** How many of its business's pictures of it are ideas (at most MAX_JOB_PICTURES). */
  ideaPictures?: number;
}

/** 409 unless the post has an accepted offer from `businessId` that is waiting for its review. */
export function assertReviewable(
  post: StoredPost,
  offer: StoredOffer | undefined,
  businessId: string,
): asserts offer is StoredOffer {
  if (post.status === 'finished') throw conflict('This post already has a review', 'POST_ALREADY_REVIEWED');
  if (post.status !== 'accepted' || !post.acceptedOfferId)
    throw conflict('Accept an offer before reviewing the job', 'NOT_REVIEWABLE');
  if (!offer || offer.status !== 'accepted')
    throw conflict('The accepted offer of this post is no longer accepted', 'NOT_REVIEWABLE');
  if (offer.businessId !== businessId)
    throw conflict('Only the business whose offer you accepted can be reviewed for this post', 'NOT_REVIEWABLE');
}

export function newFinishedJob(
  post: StoredPost,
  offer: StoredOffer,
  input: { rating: number; review: string },
): StoredFinishedJob {
  return {
    _id: randomUUID(),
    postId: post._id,
    businessId: offer.businessId,
    offerId: offer._id,
    userId: post.userId,
    rating: input.rating,
    review: input.review,
    createdAt: new Date().toISOString(),
    ...(post.clientName ? { clientName: post.clientName } : {}),
    post: {
      title: post.title,
      images: (post.images ?? []).slice(0, 1),
      location: post.location,
      ...(post.content ? { content: post.content } : {}),
    },
  };
}

/**
 * Replying: 403 unless the review is of the caller's business; 409 REPLY_LOCKED once its reply is past
 * REVIEW_REPLY_EDIT_DAYS. Answers the reply as it is to be stored (new, or edited: its first time kept).
 */
export function replyFor(
  job: StoredFinishedJob,
  businessId: string,
  text: string,
  now: string,
): { reply: ReviewReply; previous?: ReviewReply } {
  if (job.businessId !== businessId) throw forbidden('Only the reviewed business can reply to this review');
  const previous = job.reply;
  if (!previous) return { reply: { text, createdAt: now } };
  if (now >= reviewReplyEditableUntil(previous.createdAt))
    throw conflict(
      `A reply can be edited for ${REVIEW_REPLY_EDIT_DAYS} days after it was written; this one is locked`,
      'REPLY_LOCKED',
    );
  return { reply: { text, createdAt: previous.createdAt, editedAt: now }, previous };
}

export const toFinishedJobDto = (job: StoredFinishedJob): FinishedJob => ({
  _id: job._id,
  postId: job.postId,
  businessId: job.businessId,
  offerId: job.offerId,
  rating: job.rating,
  review: job.review,
  createdAt: job.createdAt,
  post: {
    title: job.post.title,
    images: imageUrls(job.post.images),
    location: job.post.location,
    ...(job.post.content ? { content: job.post.content } : {}),
  },
  ...(job.reply
    ? {
        reply: {
          text: job.reply.text,
          createdAt: job.reply.createdAt,
          ...(job.reply.editedAt ? { editedAt: job.reply.editedAt } : {}),
        },
      }
    : {}),
  ...(job.formerClient ? { formerClient: true as const } : {}),
  ...(job.hidden ? { hidden: job.hidden } : {}),
});
