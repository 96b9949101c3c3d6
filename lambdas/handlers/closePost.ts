/**
 * POST /post/{id}/close: the post's owner closes an open request without hiring anyone. It becomes
 * `closed` (reason `client`), leaves every open list, and its pending offers become declined
 * (docs/access-patterns.md, "Close"). 409 when it is not open (POST_NOT_OPEN) or has an accepted offer
 * (POST_HAS_ACCEPTED_OFFER). Answers the post as it now is.
 */
import { postIdParams as params } from '../../common/schemas/posts';
import { defineHandler } from '../api/http';
import { forbidden, notFound } from '../lib/errors';
import { requireOwnRecordId } from '../data/accounts';
import { getPostById } from '../data/posts';
import { closePost } from '../data/postLife';
import { assertMayPost, toPostDto } from '../domain/posts';

export const handler = defineHandler('closePost', {
  params,
  run: async ({ caller, params }) => {
    const post = await getPostById(params.id);
    if (!post) throw notFound('No post found.');
    const userId = await requireOwnRecordId(caller, 'client');
    if (post.userId !== userId) throw forbidden('You can only close your own requests');
    const now = new Date().toISOString();
    assertMayPost('close', post, now);
    await closePost(post, { reason: 'client', ownerUserId: userId }, now);
    return toPostDto({ ...post, status: 'closed', closedReason: 'client', closedAt: now }, now);
  },
});
