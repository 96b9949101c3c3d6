/**
 * PUT /boards/{id}/ideas/{ideaId}: its owner saves an idea to a board. Saving it again changes nothing (200 both
 * times; two saves at once store it once). The idea's count of boards and its business's saves of the day (its
 * statistics) move with it. 404 for no such board (or someone else's) or idea (or one not shown), 409 BOARD_LIMIT when
 * the board holds MAX_BOARD_IDEAS. Answers the board.
 */
import { boardIdeaParams } from '../../common/schemas/ideas';
import { defineHandler } from '../api/http';
import { getBoard, saveToBoard } from '../data/boards';
import { getIdea } from '../data/ideas';
import { businessShowsIdeas, requireBoardFor, toBoardDto } from '../domain/ideas';
import { notFound } from '../lib/errors';

export const handler = defineHandler('saveIdeaToBoard', {
  params: boardIdeaParams,
  run: async ({ caller, params }) => {
    const board = requireBoardFor(await getBoard(params.id, { consistent: true }), caller, 'change');
    const idea = await getIdea(params.ideaId, { consistent: true });
    if (!idea || idea.hidden || !(await businessShowsIdeas(idea))) throw notFound('No such idea');
    await saveToBoard(board, idea, new Date().toISOString());
    return toBoardDto((await getBoard(board._id, { consistent: true })) ?? board, caller);
  },
});
