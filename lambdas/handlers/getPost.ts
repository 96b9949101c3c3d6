/** GET /post/{id}: one post of any status (pattern 9). */
import * as z from 'zod';
import { defineHandler } from '../lib/http';
import { notFound } from '../lib/errors';
import { getPostById } from '../data/posts';
import { idParam } from '../domain/fields';
import { toPostDto } from '../domain/posts';

export const handler = defineHandler('getPost', {
  params: z.object({ id: idParam }),
  run: async ({ params }) => {
    const post = await getPostById(params.id);
    if (!post) throw notFound('No post found.');
    return toPostDto(post);
  },
});
