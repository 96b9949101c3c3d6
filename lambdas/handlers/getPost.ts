/** GET /post/{id}: one post of any status (pattern 9), with its client's current name. */
import * as z from 'zod';
import { defineHandler } from '../lib/http';
import { notFound } from '../lib/errors';
import { getPostById } from '../data/posts';
import { getUserById } from '../data/users';
import { idParam } from '../domain/fields';
import { toPostDto } from '../domain/posts';

export const handler = defineHandler('getPost', {
  params: z.object({ id: idParam }),
  run: async ({ params }) => {
    const post = await getPostById(params.id);
    if (!post) throw notFound('No post found.');
    // The name copied onto the post at creation goes stale when the client renames themself; the
    // post's own screen answers the current one.
    const owner = await getUserById(post.userId);
    return toPostDto(owner?.username ? { ...post, clientName: owner.username } : post);
  },
});
