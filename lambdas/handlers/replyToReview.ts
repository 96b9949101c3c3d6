/**
 * PUT /post/{id}/review/reply {text}: the reviewed business answers the review of request {id} (a request
 * has at most one review: its finished job). The first call writes the reply, later calls edit it until
 * REVIEW_REPLY_EDIT_DAYS after it was first written (then 409 REPLY_LOCKED). 404 when the request has no
 * review, 403 when the review is of another business. Answers the review with its reply.
 */
import { postIdParams as params } from '../../common/schemas/posts';
import { reviewReplyBody as body } from '../../common/schemas/offers';
import { defineHandler } from '../api/http';
import { notFound } from '../lib/errors';
import { requireOwnRecordId } from '../data/accounts';
import { getFinishedJobOfPost, saveReviewReply } from '../data/finishedJobs';
import { replyFor, toFinishedJobDto } from '../domain/reviews';

export const handler = defineHandler('replyToReview', {
  params,
  body,
  run: async ({ caller, params: { id }, body: { text } }) => {
    const job = await getFinishedJobOfPost(id);
    if (!job) throw notFound('This request has no review');
    const businessId = await requireOwnRecordId(caller, 'business');
    const { reply, previous } = replyFor(job, businessId, text, new Date().toISOString());
    await saveReviewReply(job, reply, previous);
    return toFinishedJobDto({ ...job, reply });
  },
});
