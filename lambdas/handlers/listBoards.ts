/** GET /boards: the caller's boards ("My ideas"), newest first, paged (one Query of GSI1 `BOARDS#{sub}`). */
import * as z from 'zod';
import { defineHandler } from '../api/http';
import { pageQuery, pageReply } from '../api/paging';
import { listBoardsOf } from '../data/boards';
import { toBoardDto } from '../domain/ideas';

export const handler = defineHandler('listBoards', {
  query: z.object(pageQuery),
  run: async ({ caller, query }) => {
    const page = await listBoardsOf(caller.sub, query);
    return pageReply(
      page.items.map((b) => toBoardDto(b, caller)),
      page.nextCursor,
    );
  },
});
