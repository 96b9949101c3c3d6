/** DELETE /boards/{id}: its owner deletes a board and what is saved on it (the ideas stay). 404 for anyone else. */
import { boardParams } from '../../common/schemas/ideas';
import { defineHandler } from '../api/http';
import { notFound } from '../lib/errors';
import { deleteBoard, getBoard } from '../data/boards';
import { requireBoardFor } from '../domain/ideas';

export const handler = defineHandler('deleteBoard', {
  params: boardParams,
  run: async ({ caller, params }) => {
    const board = requireBoardFor(await getBoard(params.id, { consistent: true }), caller, 'change');
    if (!(await deleteBoard(board))) throw notFound('No such board');
    return { message: 'Board deleted', _id: board._id };
  },
});
