/**
 * POST /post/{id}/reopen: the post's owner reopens a closed or expired request once, for another
 * POST_OPEN_DAYS; it is back in the open lists (its declined offers stay declined). 409 POST_NOT_CLOSED
 * when it is not closed, ALREADY_REOPENED the second time. Answers the post as it now is.
 */
import { postIdParams as params } from '../../common/schemas/posts';
import { defineHandler } from '../api/http';
import { forbidden, notFound } from '../lib/errors';
import { requireOwnRecordId } from '../data/accounts';
import { getPostById } from '../data/posts';
import { reopenPost } from '../data/postLife';
import { assertMayPost, toPostDto } from '../domain/posts';

export const handler = defineHandler('reopenPost', {
  params,
  run: async ({ caller, params }) => {
    const post = await getPostById(params.id);
    if (!post) throw notFound('No post found.');
    const userId = await requireOwnRecordId(caller, 'client');
    if (post.userId !== userId) throw forbidden('You can only reopen your own requests');
    const now = new Date().toISOString();
    assertMayPost('reopen', post, now);
    const reopened = await reopenPost(post, userId, now);
    return toPostDto(reopened, now);
  },
});
