/**
 * Boards in the table (shapes and keys: lambdas/model/ideas.ts; docs/access-patterns/ideas.md): a client's boards,
 * the ideas on each, and the counts that move with them. Every change that must not race is one transaction: a new
 * board with its owner's count (at most MAX_BOARDS), a save with the board's count (at most MAX_BOARD_IDEAS), the
 * idea's count of boards and its business's saves of the day; a second save of the same idea to the same board finds
 * the item there and changes nothing.
 */
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_BOARD_IDEAS, MAX_BOARDS } from '../../common/ideas';
import { dayOf } from '../../common/plans';
import { ddb, table } from './client';
import { keys } from '../model/keys';
import { getRecord, queryPage, type Page, type PageRequest } from './query';
import { INDEXES } from '../model/schema';
import {
  conditionalWrite,
  transact,
  TransactionRefused,
  transactWrite,
  type GuardedItem,
  type TransactItem,
} from './transact';
import { countOffSave, deleteIdeaRecord, getIdea, saveCountMove } from './ideas';
import { ideaIdOf, ideaKeys, type StoredBoard, type StoredBoardItem, type StoredIdea } from '../model/ideas';
import { conflict, notFound } from '../lib/errors';

export const getBoard = (id: string, opts: { consistent?: boolean } = {}) =>
  getRecord<StoredBoard>(ideaKeys.board(id), opts);

/** A client's boards, newest first. */
export const listBoardsOf = (ownerSub: string, page: PageRequest): Promise<Page<StoredBoard>> =>
  queryPage<StoredBoard>({ index: 'GSI1', partition: ideaKeys.boardsPartition(ownerSub) }, page);

/** The ideas on a board, saved last first. */
export const listBoardItems = (boardId: string, page: PageRequest): Promise<Page<StoredBoardItem>> =>
  queryPage<StoredBoardItem>({ index: 'GSI1', partition: ideaKeys.boardItemsPartition(boardId) }, page);

const BOARD_LIMIT = (what: string) => ({ message: what, code: 'BOARD_LIMIT' as const });

/** A new board; 409 BOARD_LIMIT when its owner keeps MAX_BOARDS already. */
export async function createBoard(board: StoredBoard): Promise<void> {
  await transactWrite([
    {
      Update: {
        TableName: table(),
        Key: ideaKeys.boardCount(board.ownerSub),
        UpdateExpression: 'ADD boards :one',
        ConditionExpression: 'attribute_not_exists(boards) OR boards < :max',
        ExpressionAttributeValues: { ':one': 1, ':max': MAX_BOARDS },
      },
      onConditionFailed: BOARD_LIMIT(`A client keeps at most ${MAX_BOARDS} boards`),
    },
    {
      Put: {
        TableName: table(),
        Item: {
          ...ideaKeys.board(board._id),
          ...ideaKeys.boardsIndex(board.ownerSub, board.createdAt, board._id),
          ...board,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
}

/** A board's new name or sharing, on condition it is still its owner's; undefined when it is gone. */
export async function updateBoard(
  board: StoredBoard,
  changes: { name?: string; shared?: boolean },
  now: string,
): Promise<StoredBoard | undefined> {
  const sets = ['updatedAt = :now'];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':now': now, ':owner': board.ownerSub };
  // `name` and `shared` are reserved words of DynamoDB's expressions.
  if (changes.name !== undefined) {
    sets.push('#name = :name');
    names['#name'] = 'name';
    values[':name'] = changes.name;
  }
  if (changes.shared !== undefined) {
    sets.push('#shared = :shared');
    names['#shared'] = 'shared';
    values[':shared'] = changes.shared;
  }
  try {
    const out = await ddb().send(
      new UpdateCommand({
        TableName: table(),
        Key: ideaKeys.board(board._id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND ownerSub = :owner',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    const { pk: _p, sk: _s, gsi1pk: _g, gsi1sk: _h, ...record } = out.Attributes ?? {};
    return record as unknown as StoredBoard;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return undefined;
    throw err;
  }
}

/** Every idea item of a board (strongly consistent: a save that committed before is found). */
async function itemsOfBoard(boardId: string): Promise<StoredBoardItem[]> {
  const items: StoredBoardItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': ideaKeys.board(boardId).pk, ':prefix': 'IDEA#' },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((out.Items ?? []) as StoredBoardItem[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * Deletes a board (its owner's count with it), then the ideas on it, each idea's count of boards moving down. A save
 * racing the delete either committed before it (its item is found by the strongly consistent read that follows) or
 * finds no board and is refused: no idea is left on a deleted board. False when the board was gone already.
 */
export async function deleteBoard(board: StoredBoard): Promise<boolean> {
  try {
    await transact([
      {
        Delete: {
          TableName: table(),
          Key: ideaKeys.board(board._id),
          ConditionExpression: 'attribute_exists(pk) AND ownerSub = :owner',
          ExpressionAttributeValues: { ':owner': board.ownerSub },
        },
      },
      {
        Update: {
          TableName: table(),
          Key: ideaKeys.boardCount(board.ownerSub),
          UpdateExpression: 'ADD boards :minus',
          ConditionExpression: 'boards > :zero',
          ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
        },
      },
    ]);
  } catch (err) {
    if (err instanceof TransactionRefused && err.conditionFailed(0)) return false;
    throw err;
  }
  await emptyBoard(board._id);
  return true;
}

/** Removes every idea item of a (deleted) board, each idea's count moving down once (only the delete that found it). */
export async function emptyBoard(boardId: string): Promise<void> {
  for (const item of await itemsOfBoard(boardId)) await deleteItemCounted(boardId, item.ideaId);
}

/** Deletes one board item; when this delete is the one that found it, its idea's count of boards moves down. */
async function deleteItemCounted(boardId: string, ideaId: string): Promise<void> {
  const out = await ddb().send(
    new DeleteCommand({ TableName: table(), Key: ideaKeys.boardItem(boardId, ideaId), ReturnValues: 'ALL_OLD' }),
  );
  if (out.Attributes) await countOffSave(ideaId);
}

/** The board's own Update of a save or removal: its count, its cover and when it changed. */
function boardMove(
  board: StoredBoard,
  by: 1 | -1,
  now: string,
  cover: StoredBoard['cover'] | undefined,
  keepCover: boolean,
): GuardedItem {
  return {
    Update: {
      TableName: table(),
      Key: ideaKeys.board(board._id),
      UpdateExpression: `SET updatedAt = :now${cover ? ', cover = :cover' : ''} ADD ideaCount :by${
        !cover && !keepCover ? ' REMOVE cover' : ''
      }`,
      ConditionExpression:
        by > 0
          ? 'attribute_exists(pk) AND ownerSub = :owner AND (attribute_not_exists(ideaCount) OR ideaCount < :max)'
          : 'attribute_exists(pk) AND ownerSub = :owner',
      ExpressionAttributeValues: {
        ':now': now,
        ':by': by,
        ':owner': board.ownerSub,
        ...(by > 0 ? { ':max': MAX_BOARD_IDEAS } : {}),
        ...(cover ? { ':cover': cover } : {}),
      },
    },
  };
}

/**
 * Saves `idea` to `board` (its owner's): the item, the board's count and cover, the idea's count of boards and its
 * business's saves of the day (its statistics), in one transaction. 'saved', or 'already' when the idea is on the
 * board (nothing changes); 404 when the board or the idea is gone (or the idea hidden), 409 BOARD_LIMIT when the board
 * is full.
 */
export async function saveToBoard(board: StoredBoard, idea: StoredIdea, now: string): Promise<'saved' | 'already'> {
  const item: StoredBoardItem = {
    boardId: board._id,
    ideaId: idea._id,
    ownerSub: board.ownerSub,
    picture: idea.picture,
    savedAt: now,
  };
  const day = dayOf(now);
  const items: TransactItem[] = [
    {
      Put: {
        TableName: table(),
        Item: { ...ideaKeys.boardItem(board._id, idea._id), ...ideaKeys.boardItemIndexes(item), ...item },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    boardMove(board, 1, now, { ideaId: idea._id, picture: idea.picture }, true),
    saveCountMove(idea._id, 1),
    {
      Update: {
        TableName: table(),
        Key: keys.profileViews(idea.businessId, day),
        UpdateExpression: 'SET #d = :day ADD ideaSaves :one',
        ExpressionAttributeNames: { '#d': 'day' },
        ExpressionAttributeValues: { ':day': day, ':one': 1 },
      },
    },
  ].map(({ onConditionFailed: _r, ...i }: GuardedItem) => i as TransactItem);
  try {
    await transact(items);
    return 'saved';
  } catch (err) {
    if (!(err instanceof TransactionRefused)) throw err;
    if (err.conditionFailed(0)) return 'already';
    if (err.conditionFailed(1)) {
      const now = await getBoard(board._id, { consistent: true });
      if (!now) throw notFound('No such board');
      throw conflict(`A board holds at most ${MAX_BOARD_IDEAS} ideas`, 'BOARD_LIMIT');
    }
    if (err.conditionFailed(2)) throw notFound('No such idea');
    throw conflict('Another request changed this board at the same time. Please try again.', 'CONCURRENT_CHANGE');
  }
}

/**
 * Takes `ideaId` off `board`: the item, the board's count (and its cover, when it was this idea: then the idea saved
 * last before it), the idea's count of boards (when the idea is still there). False when it was not on the board.
 */
export async function removeFromBoard(board: StoredBoard, ideaId: string, now: string): Promise<boolean> {
  const itemKey = ideaKeys.boardItem(board._id, ideaId);
  const itemDelete: TransactItem = {
    Delete: { TableName: table(), Key: itemKey, ConditionExpression: 'attribute_exists(pk)' },
  };
  const wasCover = board.cover?.ideaId === ideaId;
  for (let withIdea = true; ; withIdea = false) {
    const items: TransactItem[] = [
      itemDelete,
      boardMove(board, -1, now, undefined, !wasCover) as TransactItem,
      ...(withIdea ? [(({ onConditionFailed: _r, ...i }) => i)(saveCountMove(ideaId, -1)) as TransactItem] : []),
    ];
    try {
      await transact(items);
      break;
    } catch (err) {
      if (!(err instanceof TransactionRefused)) throw err;
      if (err.conditionFailed(0)) return false;
      if (err.conditionFailed(1)) throw notFound('No such board');
      // The idea itself is gone (deleted meanwhile): take the item off without its count.
      if (withIdea && err.conditionFailed(2)) continue;
      throw conflict('Another request changed this board at the same time. Please try again.', 'CONCURRENT_CHANGE');
    }
  }
  if (wasCover) await restoreCover(board._id);
  return true;
}

/** After the cover's idea left the board: the idea saved last is the cover (unless another save set one since). */
async function restoreCover(boardId: string): Promise<void> {
  const newest = await listBoardItems(boardId, { limit: 1 });
  const next = newest.items[0];
  await conditionalWrite(
    new UpdateCommand({
      TableName: table(),
      Key: ideaKeys.board(boardId),
      UpdateExpression: next ? 'SET cover = :cover' : 'REMOVE cover',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(cover)',
      ...(next ? { ExpressionAttributeValues: { ':cover': { ideaId: next.ideaId, picture: next.picture } } } : {}),
    }),
  );
}

/** Every board item holding an idea (GSI2 `IDEASAVES#{ideaId}`). */
async function boardItemsOfIdea(ideaId: string): Promise<StoredBoardItem[]> {
  const items: StoredBoardItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: table(),
        IndexName: INDEXES.GSI2.name,
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': ideaKeys.ideaSavesPartition(ideaId) },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((out.Items ?? []) as StoredBoardItem[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** An idea deleted (by its business, with its portfolio picture, or erased): it leaves every board that held it. */
export async function removeIdeaFromBoards(ideaId: string, now: string): Promise<number> {
  let removed = 0;
  for (const item of await boardItemsOfIdea(ideaId)) {
    const board = await getBoard(item.boardId, { consistent: true });
    // A board deleted meanwhile: its emptying takes the item; here it goes without a board to count on.
    if (!board) {
      await deleteItemCounted(item.boardId, ideaId);
      continue;
    }
    if (await removeFromBoard(board, ideaId, now)) removed++;
  }
  return removed;
}

/** The ideas of portfolio pictures a business took out of its portfolio: each deleted, and off every board. */
export async function removePortfolioIdeas(businessId: string, pictures: string[]): Promise<void> {
  const now = new Date().toISOString();
  for (const picture of pictures) {
    const idea = await getIdea(ideaIdOf(businessId, picture), { consistent: true });
    if (!idea || idea.source !== 'portfolio') continue;
    await deleteIdeaRecord(idea);
    await removeIdeaFromBoards(idea._id, now);
  }
}
