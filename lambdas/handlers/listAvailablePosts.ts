/** GET /post/available?limit=&cursor=: open posts, newest first, one page (pattern 6). */
import * as z from 'zod';
import { defineHandler } from '../lib/http';
import { pageQuery, pageReply } from '../lib/paging';
import { listOpenPosts } from '../data/openPosts';
import { toPostDto } from '../domain/posts';

export const handler = defineHandler('listAvailablePosts', {
  query: z.object(pageQuery),
  run: async ({ query }) => {
    const page = await listOpenPosts(query);
    return pageReply(page.items.map(toPostDto), page.nextCursor);
  },
});
