/**
 * Boards ("My ideas") through the local gateway on the real emulators: a client saves ideas to named boards, private
 * until shared by link; saving twice (even at once) saves once; the business sees how often its ideas were saved; a
 * board's cover follows its newest idea; deleting a board or an idea leaves nothing behind; only a board's owner
 * changes it, and refused calls change nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Board, Idea } from '../../common/types';
import { MAX_BOARDS } from '../../common/ideas';
import {
  call,
  categoryIdsByName,
  newBusiness,
  newClient,
  uploadPicture,
  type BusinessAccount,
  type Client,
} from '../support/api';

let owner: Client;
let stranger: Client;
let maker: BusinessAccount;
const ideas: Idea[] = [];

/** A portfolio picture of `maker`, tagged: an idea. */
async function newIdea(room = 'kitchen'): Promise<Idea> {
  const key = await uploadPicture(maker);
  const current = (await call('GET', `/business/${maker.businessId}`, { token: maker.token })).body;
  for (let again = 0; ; again++) {
    const res = await call('PUT', `/business/${maker.businessId}`, {
      token: maker.token,
      body: { showroom: [...current.showroom, key] },
    });
    if (res.status === 200) break;
    if (res.body?.code !== 'IMAGE_PROCESSING' || again > 10) throw new Error(JSON.stringify(res.body));
    await new Promise((r) => setTimeout(r, 500));
  }
  const made = await call('POST', '/ideas', { token: maker.token, body: { picture: key, room, style: 'modern' } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body;
}

const newBoard = async (client: Client, name = 'Kitchen') => {
  const res = await call<Board>('POST', '/boards', { token: client.token, body: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const save = (client: Client, boardId: string, ideaId: string) =>
  call<Board>('PUT', `/boards/${boardId}/ideas/${ideaId}`, { token: client.token });
const ideasOn = async (client: Client, boardId: string): Promise<Idea[]> => {
  const res = await call('GET', `/boards/${boardId}/ideas?limit=100`, { token: client.token });
  expect(res.status).toBe(200);
  return res.body;
};
const savesThisMonth = async () => {
  const res = await call('GET', '/business/statistics', { token: maker.token });
  expect(res.status).toBe(200);
  return (res.body.months as { saves: number }[]).at(-1)!.saves;
};

beforeAll(async () => {
  [owner, stranger] = await Promise.all([newClient(), newClient()]);
  const services = await categoryIdsByName(owner.token);
  maker = await newBusiness({ businessName: 'Board Makers', location: 'Lushnjë', categories: [services['Furniture']] });
  for (const room of ['kitchen', 'living-room', 'bedroom']) ideas.push(await newIdea(room));
});

describe('boards', () => {
  it('saves ideas to a private board, lists them newest first with the cover of the newest, and counts the saves', async () => {
    const before = await savesThisMonth();
    const board = await newBoard(owner, 'Kuzhina e re');
    expect(board).toMatchObject({ name: 'Kuzhina e re', shared: false, ideaCount: 0, own: true });
    expect(board.cover).toBeUndefined();
    for (const idea of ideas) expect((await save(owner, board._id, idea._id)).status).toBe(200);
    const now = (await call<Board>('GET', `/boards/${board._id}`, { token: owner.token })).body;
    expect(now.ideaCount).toBe(3);
    expect(now.cover).toBe(ideas[2].picture);
    expect((await ideasOn(owner, board._id)).map((i) => i._id)).toEqual([...ideas].reverse().map((i) => i._id));
    const mine = (await call<Board[]>('GET', '/boards', { token: owner.token })).body;
    expect(mine.map((b) => b._id)).toContain(board._id);
    // The business sees how often its ideas were saved, and how many boards hold each.
    expect(await savesThisMonth()).toBe(before + 3);
    const own = (await call<Idea[]>('GET', `/ideas?business=${maker.businessId}&limit=100`, { token: maker.token }))
      .body;
    expect(own.find((i) => i._id === ideas[0]._id)?.saveCount).toBe(1);

    // Off the board: the cover becomes the newest left.
    const off = await call<Board>('DELETE', `/boards/${board._id}/ideas/${ideas[2]._id}`, { token: owner.token });
    expect(off.body).toMatchObject({ ideaCount: 2, cover: ideas[1].picture });
    expect((await call('DELETE', `/boards/${board._id}/ideas/${ideas[2]._id}`, { token: owner.token })).status).toBe(
      404,
    );
    expect((await ideasOn(owner, board._id)).map((i) => i._id)).toEqual([ideas[1]._id, ideas[0]._id]);
  });

  it('saves an idea once however often and however fast it is saved', async () => {
    const board = await newBoard(owner, 'Twice');
    const answers = await Promise.all(Array.from({ length: 6 }, () => save(owner, board._id, ideas[0]._id)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect((await call<Board>('GET', `/boards/${board._id}`, { token: owner.token })).body.ideaCount).toBe(1);
    expect(await ideasOn(owner, board._id)).toHaveLength(1);
    const own = (await call<Idea[]>('GET', `/ideas?business=${maker.businessId}&limit=100`, { token: maker.token }))
      .body;
    // The first board and this one.
    expect(own.find((i) => i._id === ideas[0]._id)?.saveCount).toBe(2);
  });

  it('keeps every save and removal made at once to one board in its count', async () => {
    const board = await newBoard(owner, 'Busy');
    const extra = [await newIdea('office'), await newIdea('office'), await newIdea('office')];
    await Promise.all([...ideas, ...extra].map((i) => save(owner, board._id, i._id)));
    await Promise.all([
      call('DELETE', `/boards/${board._id}/ideas/${extra[0]._id}`, { token: owner.token }),
      call('DELETE', `/boards/${board._id}/ideas/${extra[1]._id}`, { token: owner.token }),
      call('PUT', `/boards/${board._id}`, { token: owner.token, body: { name: 'Busy, renamed' } }),
    ]);
    const now = (await call<Board>('GET', `/boards/${board._id}`, { token: owner.token })).body;
    expect(now).toMatchObject({ name: 'Busy, renamed', ideaCount: 4 });
    expect(await ideasOn(owner, board._id)).toHaveLength(4);
  });

  it('is private to its owner until shared by link, and only its owner changes it', async () => {
    const board = await newBoard(owner, 'Sallon');
    await save(owner, board._id, ideas[1]._id);
    const asStranger = (method: string, path: string, body?: unknown) =>
      call(method, path, { token: stranger.token, body });
    expect((await asStranger('GET', `/boards/${board._id}`)).status).toBe(404);
    expect((await asStranger('GET', `/boards/${board._id}/ideas`)).status).toBe(404);
    expect((await call('GET', `/boards/${board._id}`, { token: maker.token })).status).toBe(404);
    expect((await call('GET', `/boards/${board._id}`)).status).toBe(401);

    const shared = await call<Board>('PUT', `/boards/${board._id}`, { token: owner.token, body: { shared: true } });
    expect(shared.body.shared).toBe(true);
    const seen = await asStranger('GET', `/boards/${board._id}`);
    expect(seen.body).toMatchObject({ _id: board._id, name: 'Sallon', own: false, ideaCount: 1 });
    expect((await asStranger('GET', `/boards/${board._id}/ideas`)).body).toHaveLength(1);
    // Read only for anyone else: 404 to every change.
    expect((await asStranger('PUT', `/boards/${board._id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await asStranger('PUT', `/boards/${board._id}/ideas/${ideas[0]._id}`)).status).toBe(404);
    expect((await asStranger('DELETE', `/boards/${board._id}/ideas/${ideas[1]._id}`)).status).toBe(404);
    expect((await asStranger('DELETE', `/boards/${board._id}`)).status).toBe(404);
    expect((await call('PUT', `/boards/${board._id}`, { token: maker.token, body: { name: 'x' } })).body.code).toBe(
      'WRONG_ROLE',
    );
    expect((await call<Board>('GET', `/boards/${board._id}`, { token: owner.token })).body).toMatchObject({
      name: 'Sallon',
      ideaCount: 1,
    });
    // Sharing off: the link works no more.
    await call('PUT', `/boards/${board._id}`, { token: owner.token, body: { shared: false } });
    expect((await asStranger('GET', `/boards/${board._id}`)).status).toBe(404);
  });

  it('refuses a board with no name or one too long, a change with nothing in it, and an idea that is not there', async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(61) }, { name: 42 }]) {
      const res = await call('POST', '/boards', { token: owner.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const board = await newBoard(owner, 'Checks');
    expect((await call('PUT', `/boards/${board._id}`, { token: owner.token, body: {} })).status).toBe(400);
    expect((await call('PUT', `/boards/${board._id}`, { token: owner.token, body: { shared: 'yes' } })).status).toBe(
      400,
    );
    expect((await save(owner, board._id, 'no-such-idea')).status).toBe(404);
    expect((await save(owner, 'no-such-board', ideas[0]._id)).status).toBe(404);
    expect((await call<Board>('GET', `/boards/${board._id}`, { token: owner.token })).body.ideaCount).toBe(0);
  });

  it('deletes a board with what is on it; an idea deleted by its business leaves every board', async () => {
    const board = await newBoard(owner, 'To delete');
    const gone = await newIdea('bathroom');
    await save(owner, board._id, gone._id);
    await save(owner, board._id, ideas[2]._id);
    const keep = await newBoard(stranger, 'Keeps one');
    await save(stranger, keep._id, gone._id);
    expect((await call('DELETE', `/ideas/${gone._id}`, { token: maker.token })).status).toBe(200);
    expect((await ideasOn(stranger, keep._id)).map((i) => i._id)).toEqual([]);
    expect((await call<Board>('GET', `/boards/${keep._id}`, { token: stranger.token })).body).toMatchObject({
      ideaCount: 0,
    });
    expect((await call<Board>('GET', `/boards/${board._id}`, { token: owner.token })).body.ideaCount).toBe(1);
    const deleted = await call('DELETE', `/boards/${board._id}`, { token: owner.token });
    expect(deleted.status).toBe(200);
    expect((await call('GET', `/boards/${board._id}`, { token: owner.token })).status).toBe(404);
    expect((await call('DELETE', `/boards/${board._id}`, { token: owner.token })).status).toBe(404);
  });

  it(`keeps at most ${MAX_BOARDS} boards per client (409 BOARD_LIMIT), counting boards made at once`, async () => {
    const busy = await newClient();
    await Promise.all(
      Array.from({ length: MAX_BOARDS + 4 }, (_, i) =>
        call('POST', '/boards', { token: busy.token, body: { name: `B${i}` } }),
      ),
    );
    const mine = (await call<Board[]>('GET', '/boards?limit=100', { token: busy.token })).body;
    expect(mine).toHaveLength(MAX_BOARDS);
    const over = await call('POST', '/boards', { token: busy.token, body: { name: 'One more' } });
    expect([over.status, over.body.code]).toEqual([409, 'BOARD_LIMIT']);
    expect((await call('DELETE', `/boards/${mine[0]._id}`, { token: busy.token })).status).toBe(200);
    expect((await call('POST', '/boards', { token: busy.token, body: { name: 'Room again' } })).status).toBe(201);
  });

  it('is for clients: a business has no boards', async () => {
    expect((await call('GET', '/boards', { token: maker.token })).body.code).toBe('WRONG_ROLE');
    expect((await call('POST', '/boards', { token: maker.token, body: { name: 'x' } })).body.code).toBe('WRONG_ROLE');
  });
});
