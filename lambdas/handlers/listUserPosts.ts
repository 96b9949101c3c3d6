/**
 * GET /post/user/{userId}?limit=&cursor=: a client's posts of every status, newest first (pattern 10),
 * for the profile's Available / Ongoing / Finished carousels. Pages of up to 100 (the default).
 */
import * as z from 'zod';
import { LIMITS } from '../../common/constants';
import { defineHandler } from '../lib/http';
import { pageQuery, pageReply } from '../lib/paging';
import { listPostsOfUser } from '../data/posts';
import { idParam } from '../domain/fields';
import { toPostDto } from '../domain/posts';

export const handler = defineHandler('listUserPosts', {
  params: z.object({ userId: idParam }),
  query: z.object({ ...pageQuery, limit: pageQuery.limit.removeDefault().default(LIMITS.maxPageSize) }),
  run: async ({ params, query }) => {
    const page = await listPostsOfUser(params.userId, query);
    return pageReply(page.items.map(toPostDto), page.nextCursor);
  },
});
