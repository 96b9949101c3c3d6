/** GET /post/available?limit=&cursor=: open posts, newest first, one page (pattern 6: one Query of the all-open partition `OPEN`). */
import * as z from 'zod';
import { defineHandler } from '../api/http';
import { cursorPosition, pageQuery, pageReply, positionCursor } from '../api/paging';
import { listOpenPosts } from '../data/openPosts';
import { toPostDto } from '../domain/posts';

export const handler = defineHandler('listAvailablePosts', {
  query: z.object(pageQuery),
  run: async ({ query }) => {
    const page = await listOpenPosts({ limit: query.limit, before: cursorPosition(query.cursor) });
    return pageReply(
      page.items.map((p) => toPostDto(p)),
      positionCursor(page.next),
    );
  },
});
