/**
 * DELETE /ideas/{id}: its business takes a picture out of the ideas (a portfolio picture stays in the portfolio; a
 * job's picture is gone, and expires unless another record uses it). It leaves every board that held it. 404 for no
 * such idea, 403 for another business's.
 */
import { ideaParams } from '../../common/schemas/ideas';
import { defineHandler } from '../api/http';
import { notFound } from '../lib/errors';
import { deleteIdeaRecord, getIdea } from '../data/ideas';
import { removeIdeaFromBoards } from '../data/boards';
import { releaseUploads } from '../data/uploads';
import { requireOwnIdea } from '../domain/ideas';

export const handler = defineHandler('deleteIdea', {
  params: ideaParams,
  run: async ({ caller, params, log }) => {
    const idea = await getIdea(params.id, { consistent: true });
    if (!idea) throw notFound('No such idea');
    requireOwnIdea(idea, caller);
    if (!(await deleteIdeaRecord(idea))) throw notFound('No such idea');
    await removeIdeaFromBoards(idea._id, new Date().toISOString());
    if (idea.source === 'job') await releaseUploads([idea.picture], log);
    return { message: 'Idea deleted', _id: idea._id };
  },
});
