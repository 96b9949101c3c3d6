/**
 * GET /post/user/{userId}?limit=&cursor=: a client's posts of every status, newest first (pattern 10),
 * for the profile's Available / Ongoing / Finished carousels. Pages of up to 100 (the default).
 */
import * as z from 'zod';
import { userIdParams } from '../../common/schemas/posts';
import { defineHandler } from '../lib/http';
import { pageReply, wholeListQuery } from '../lib/paging';
import { listPostsOfUser } from '../data/posts';
import { toPostDto } from '../domain/posts';

export const handler = defineHandler('listUserPosts', {
  params: userIdParams,
  query: z.object(wholeListQuery),
  run: async ({ params, query }) => {
    const page = await listPostsOfUser(params.userId, query);
    return pageReply(
      page.items.map((p) => toPostDto(p)),
      page.nextCursor,
    );
  },
});
