/**
 * DELETE /boards/{id}/ideas/{ideaId}: its owner takes an idea off a board (the board's cover becomes the idea saved
 * last before it). 404 when the board is not the caller's or the idea is not on it. Answers the board.
 */
import { boardIdeaParams } from '../../common/schemas/ideas';
import { defineHandler } from '../api/http';
import { notFound } from '../lib/errors';
import { getBoard, removeFromBoard } from '../data/boards';
import { requireBoardFor, toBoardDto } from '../domain/ideas';

export const handler = defineHandler('removeIdeaFromBoard', {
  params: boardIdeaParams,
  run: async ({ caller, params }) => {
    const board = requireBoardFor(await getBoard(params.id, { consistent: true }), caller, 'change');
    if (!(await removeFromBoard(board, params.ideaId, new Date().toISOString())))
      throw notFound('This idea is not on the board');
    return toBoardDto((await getBoard(board._id, { consistent: true })) ?? board, caller);
  },
});
