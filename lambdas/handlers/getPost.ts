/** GET /post/{id}: one post of any status (pattern 9), with its client's current name; a hidden one only to its owner and moderators. */
import * as z from 'zod';
import { defineHandler } from '../lib/http';
import { notFound } from '../lib/errors';
import { getPostById } from '../data/posts';
import { getUserById } from '../data/users';
import { idParam } from '../domain/fields';
import { toPostDto } from '../domain/posts';
import { maySee } from '../domain/moderation';

export const handler = defineHandler('getPost', {
  params: z.object({ id: idParam }),
  run: async ({ caller, params }) => {
    const post = await getPostById(params.id);
    if (!post) throw notFound('No post found.');
    // The name copied onto the post at creation goes stale when the client renames themself; the
    // post's own screen answers the current one.
    const owner = await getUserById(post.userId);
    // A hidden post is there only for its owner and moderators (with why); to anyone else it does not exist.
    if (!maySee(post, owner?.cognitoId, caller)) throw notFound('No post found.');
    return toPostDto(owner?.username ? { ...post, clientName: owner.username } : post);
  },
});
