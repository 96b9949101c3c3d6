/**
 * POST /finishedJobs {postId, businessId, rating, review}: the post's owner reviews the business of
 * the accepted offer. One transaction creates the finished job and finishes offer and post.
 * Answers 201 with the finished job.
 */
import { finishedJobBody as body } from '../../common/schemas/offers';
import { defineHandler, reply } from '../api/http';
import { forbidden, notFound } from '../lib/errors';
import { requireOwnRecordId } from '../data/accounts';
import { getPostById } from '../data/posts';
import { getOffer } from '../data/offers';
import { createFinishedJob } from '../data/finishedJobs';
import { assertReviewable, newFinishedJob, toFinishedJobDto } from '../domain/reviews';

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
    // The post's copies on its offers and the business's card (its rating, its finished jobs) follow before the
    // answer (lambdas/data/copies.ts).
    return reply(201, toFinishedJobDto(job));
  },
});
