/**
 * Reviews: the post's owner rates the business whose offer they accepted; the review creates the
 * finished job (one per post, carrying a copy of the post's card) and finishes offer and post. The
 * reviewed business answers it once with a reply, which it can edit for REVIEW_REPLY_EDIT_DAYS.
 */
import { randomUUID } from 'node:crypto';
import { REVIEW_REPLY_EDIT_DAYS, reviewReplyEditableUntil } from '../../common/constants';
import type { FinishedJob, ReviewReply } from '../../common/types';
import type { StoredPost } from '../model/posts';
import type { StoredOffer } from '../model/offers';
import { conflict, forbidden } from '../lib/errors';
import { imageUrls } from '../lib/images';
import type { StoredFinishedJob } from '../model/reviews';

export { REVIEW_MAX_CHARS } from '../../common/schemas/offers';

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
