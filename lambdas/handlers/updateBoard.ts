/** PUT /boards/{id} {name?, shared?}: its owner renames a board or shares it by link (or stops). 404 for anyone else. */
import { boardParams, updateBoardBody } from '../../common/schemas/ideas';
import { defineHandler } from '../api/http';
import { notFound } from '../lib/errors';
import { getBoard, updateBoard } from '../data/boards';
import { requireBoardFor, toBoardDto } from '../domain/ideas';

export const handler = defineHandler('updateBoard', {
  params: boardParams,
  body: updateBoardBody,
  run: async ({ caller, params, body }) => {
    const board = requireBoardFor(await getBoard(params.id, { consistent: true }), caller, 'change');
    const updated = await updateBoard(board, body, new Date().toISOString());
    if (!updated) throw notFound('No such board');
    return toBoardDto(updated, caller);
  },
});
