/**
 * DELETE /post/{id}: only the post's owner deletes it; the post, its open-index entries, its offers
 * and their one-offer-per-business guards go, and its pictures expire unless another record uses them (docs/access-patterns.md, "Delete a post"). A post with
 * an accepted offer answers 409 POST_HAS_ACCEPTED_OFFER and changes nothing: cancel the acceptance first.
 */
import * as z from 'zod';
import { defineHandler } from '../api/http';
import { forbidden, notFound } from '../lib/errors';
import { getAccount } from '../data/accounts';
import { deletePostRecord, getPostById } from '../data/posts';
import { releaseUploads } from '../data/uploads';
import { idParam } from '../domain/fields';
import { assertMayPost } from '../domain/posts';

export const handler = defineHandler('deletePost', {
  params: z.object({ id: idParam }),
  run: async ({ caller, params, log }) => {
    const post = await getPostById(params.id);
    if (!post) throw notFound('No post found.');
    const account = await getAccount(caller.sub);
    if (account?.role !== 'client' || account.id !== post.userId) throw forbidden('You can only delete your own posts');
    assertMayPost('delete', post, new Date().toISOString());
    if (!(await deletePostRecord(post, account.id))) throw notFound('No post found.');
    // The request's pictures expire unless another record uses them (after the delete: see releaseUploads).
    await releaseUploads(post.images, log);
    return { message: 'Post deleted', _id: post._id };
  },
});
