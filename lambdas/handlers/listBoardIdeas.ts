/**
 * GET /boards/{id}/ideas: the ideas on a board, saved last first, paged: ONE Query of its items (GSI1
 * `BOARDITEMS#{id}`) and one BatchGet of their ideas, which carry their current copies (a board keeps no copy of an
 * idea: a popular idea is on thousands of boards, and a review of its business would rewrite each). An idea since
 * hidden, or whose business is hidden, suspended or closed, is left out. Its owner's board, or one shared by link.
 */
import * as z from 'zod';
import { boardParams } from '../../common/schemas/ideas';
import { pageQuery as pageFields } from '../../common/schemas/paging';
import { defineHandler } from '../api/http';
import { pageReply } from '../api/paging';
import { getBoard, listBoardItems } from '../data/boards';
import { getIdeasByIds } from '../data/ideas';
import { requireBoardFor, shownIdeas, toIdeaDto } from '../domain/ideas';

export const handler = defineHandler('listBoardIdeas', {
  params: boardParams,
  query: z.object(pageFields),
  run: async ({ caller, params, query }) => {
    const board = requireBoardFor(await getBoard(params.id), caller, 'read');
    const page = await listBoardItems(board._id, query);
    const ideas = new Map((await getIdeasByIds(page.items.map((i) => i.ideaId))).map((i) => [i._id, i]));
    const listed = page.items.map((i) => ideas.get(i.ideaId)).filter((i) => i !== undefined);
    return pageReply(
      (await shownIdeas(listed)).map((i) => toIdeaDto(i, caller)),
      page.nextCursor,
    );
  },
});
