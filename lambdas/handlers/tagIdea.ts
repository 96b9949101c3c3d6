/**
 * POST /ideas {picture, postId?, room, style?, service?}: the caller's business shows one of its pictures among the
 * ideas, tagged with a room and, optionally, a style (common/ideas.ts). The picture is one of its portfolio's, or
 * with `postId` a picture of one of its own finished jobs (its upload, processed; at most MAX_JOB_PICTURES per job:
 * 409 TOO_MANY_ITEMS). The service is one of the job's or the business's (the first when none is given); the town is
 * the job's, else the business's. Tagging the same picture again changes its tags (200); a new idea answers 201.
 * Its copies of the business's card and of the job's price band are settled before the answer.
 */
import { ideaTagBody } from '../../common/schemas/ideas';
import { defineHandler, reply } from '../api/http';
import { conflict, notFound } from '../lib/errors';
import { requireOwnRecordId } from '../data/accounts';
import { getBusinessById } from '../data/users';
import { getFinishedJobOfPost } from '../data/finishedJobs';
import { getPostById } from '../data/posts';
import { createIdea, getIdea, retagIdea } from '../data/ideas';
import { readImageState, requireProcessedUploads } from '../data/imageStates';
import { markUploadsUsed } from '../data/uploads';
import { imageKeySchema, requireOwnUploads } from '../domain/fields';
import { newIdea, retagged, tagTarget, toIdeaDto } from '../domain/ideas';
import { ideaIdOf } from '../model/ideas';

const body = ideaTagBody(imageKeySchema);

export const handler = defineHandler('tagIdea', {
  body,
  run: async ({ caller, body: input, log }) => {
    const businessId = await requireOwnRecordId(caller, 'business');
    requireOwnUploads({ picture: input.picture }, caller.sub);
    const business = await getBusinessById(businessId);
    if (!business) throw notFound('Business not found');
    const job = input.postId ? await getFinishedJobOfPost(input.postId) : undefined;
    const post = job ? await getPostById(job.postId) : undefined;
    const target = tagTarget(business, input, job ? { job, post } : undefined);
    const now = new Date().toISOString();
    const existing = await getIdea(ideaIdOf(business._id, input.picture), { consistent: true });
    if (existing) {
      if (existing.source !== target.source || existing.postId !== target.postId)
        throw conflict(
          existing.source === 'job'
            ? 'This picture is shown with another finished job: change it there'
            : 'This picture is a portfolio picture: tag it without a job',
          'CONFLICT',
        );
      const after = retagged(existing, input, target, now);
      await retagIdea(existing, after);
      return toIdeaDto(after, caller);
    }
    // A portfolio picture was processed when it joined the portfolio; a job's picture is new here.
    if (target.source === 'job') await requireProcessedUploads({ picture: input.picture });
    const state = await readImageState(input.picture);
    const size = state?.state === 'ready' ? { width: state.width, height: state.height } : undefined;
    const idea = newIdea(business, input, target, job, now, size);
    await createIdea(idea);
    if (target.source === 'job') await markUploadsUsed([idea.picture], log);
    return reply(201, toIdeaDto(idea, caller));
  },
});
