/**
 * GET /boards/{id}: a board (name, count, cover, whether it is shared). Its owner's; anyone signed in may read one
 * its owner shares by link (`own: false`). 404 for no such board and for someone else's private one.
 */
import { boardParams } from '../../common/schemas/ideas';
import { defineHandler } from '../api/http';
import { getBoard } from '../data/boards';
import { requireBoardFor, toBoardDto } from '../domain/ideas';

export const handler = defineHandler('getBoard', {
  params: boardParams,
  run: async ({ caller, params }) => toBoardDto(requireBoardFor(await getBoard(params.id), caller, 'read'), caller),
});
