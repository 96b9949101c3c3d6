/**
 * POST /finishedJobs {postId, businessId, rating, review}: the post's owner reviews the business of
 * the accepted offer. One transaction creates the finished job and finishes offer and post.
 * Answers 201 with the finished job.
 */
import * as z from 'zod';
import { defineHandler, reply } from '../lib/http';
import { forbidden, notFound } from '../lib/errors';
import { requireOwnRecordId } from '../data/accounts';
import { getPostById } from '../data/posts';
import { getOffer } from '../data/offers';
import { createFinishedJob } from '../data/finishedJobs';
import { REVIEW_MAX_CHARS, assertReviewable, newFinishedJob, toFinishedJobDto } from '../domain/reviews';

const body = z.object({
  postId: z.string().trim().min(1, 'postId is required').max(128),
  businessId: z.string().trim().min(1, 'businessId is required').max(128),
  rating: z.number({ error: 'Please provide a rating' }).int('Rating must be a whole number of stars')
    .min(1, 'Rating must be between 1 and 5').max(5, 'Rating must be between 1 and 5'),
  review: z.string({ error: 'Review is required' }).trim().min(1, 'Review is required')
    .max(REVIEW_MAX_CHARS, `Review must be at most ${REVIEW_MAX_CHARS} characters`),
});

export const handler = defineHandler('createFinishedJob', {
  body,
  run: async ({ caller, body: input }) => {
    const post = await getPostById(input.postId);
    if (!post) throw notFound('Post not found');
    const userId = await requireOwnRecordId(caller, 'client');
    if (post.userId !== userId) throw forbidden('Only the owner of the post can review its job');
    const offer = post.acceptedOfferId ? await getOffer(post.acceptedOfferId) : undefined;
    assertReviewable(post, offer, input.businessId);
    const job = newFinishedJob(post, offer, input);
    await createFinishedJob(job);
    return reply(201, toFinishedJobDto(job));
  },
});
