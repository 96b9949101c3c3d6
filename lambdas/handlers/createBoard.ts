/** POST /boards {name}: a new board of the caller's, private until shared (at most MAX_BOARDS: 409 BOARD_LIMIT). */
import { createBoardBody } from '../../common/schemas/ideas';
import { defineHandler, reply } from '../api/http';
import { requireOwnRecordId } from '../data/accounts';
import { createBoard } from '../data/boards';
import { newBoard, toBoardDto } from '../domain/ideas';

export const handler = defineHandler('createBoard', {
  body: createBoardBody,
  run: async ({ caller, body }) => {
    await requireOwnRecordId(caller, 'client');
    const board = newBoard(caller.sub, body.name, new Date().toISOString());
    await createBoard(board);
    return reply(201, toBoardDto(board, caller));
  },
});
