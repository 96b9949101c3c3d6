/**
 * GET /post/{id}: one post of any status (pattern 9), with its client's current name (kept on the post by a rename);
 * a hidden one only to its owner and moderators. One GetItem; a hidden post shown to a client also reads its owner,
 * and a request asked "like this idea" reads the idea (its picture is the request's reference).
 */
import * as z from 'zod';
import { defineHandler } from '../api/http';
import { notFound } from '../lib/errors';
import { getPostById } from '../data/posts';
import { getUserById } from '../data/users';
import { idParam } from '../domain/fields';
import { toPostDto } from '../domain/posts';
import { maySee } from '../domain/moderation';
import { getIdea } from '../data/ideas';
import { businessShowsIdeas, referenceOf } from '../domain/ideas';

export const handler = defineHandler('getPost', {
  params: z.object({ id: idParam }),
  run: async ({ caller, params }) => {
    const post = await getPostById(params.id);
    if (!post) throw notFound('No post found.');
    // A hidden post is there only for its owner and moderators (with why); to anyone else it does not exist.
    // Only then is its owner's Cognito sub needed.
    if (post.hidden && !caller.moderator) {
      const owner = await getUserById(post.userId);
      if (!maySee(post, owner?.cognitoId, caller)) throw notFound('No post found.');
    }
    // Asked "like this idea": the idea's picture is the request's reference while the idea is shown (one more GetItem).
    const idea = post.referenceIdeaId ? await getIdea(post.referenceIdeaId) : undefined;
    const shown = idea && !idea.hidden && (await businessShowsIdeas(idea)) ? idea : undefined;
    return toPostDto(post, undefined, shown && referenceOf(shown));
  },
});
