/**
 * Filtered posts (any category, any town, inclusive budget, open only, newest first, each post once)
 * and the business dashboard's suggestions. Other test files add posts to the same stack, so each
 * check looks at this file's posts and at the filter holding for every post answered.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../common/types';
import {
  call,
  categoryIdsByName,
  expectNewestFirstOnce,
  newBusiness,
  newClient,
  newOffer,
  newPost,
  setStatus,
  type Client,
} from '../support/api';

type P = Post;
let cat: Record<string, string>;
let client: Client;

const createPost = (title: string, categories: string[], location: string, budget?: number) =>
  newPost(client, { title, category: categories.map((c) => cat[c]), location, budget, content: undefined, images: [] });

/** Every page of a filtered query, following X-Next-Cursor. */
async function allPages(query: string, token: string, limit = 50): Promise<P[]> {
  const out: P[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 200; page++) {
    const res: { status: number; body: P[]; headers: Headers } = await call(
      'GET',
      `/post/filtred?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      { token },
    );
    expect(res.status).toBe(200);
    out.push(...res.body);
    cursor = res.headers.get('x-next-cursor');
    if (!cursor) return out;
  }
  throw new Error('too many pages');
}

let A: P, B: P, C: P, D: P, E: P;
beforeAll(async () => {
  client = await newClient();
  cat = await categoryIdsByName(client.token);
  A = await createPost('A', ['Decor'], 'Tirana', 100);
  B = await createPost('B', ['Decor', 'Lights'], 'Durrës', 200);
  C = await createPost('C', ['Lights'], 'Tirana', 5000);
  D = await createPost('D', ['Painting'], 'Tirana');
  E = await createPost('E', ['Decor'], 'Fier', 99);
});

const mine = (posts: P[]) => posts.filter((p) => [A, B, C, D, E].some((x) => x._id === p._id)).map((p) => p._id);
const ids = (...posts: P[]) => posts.map((p) => p._id);

describe('GET /post/filtred', () => {
  it('any of the categories', async () => {
    const res = await allPages(`categories=${cat.Decor}`, client.token);
    expect(res.every((p) => p.category.includes(cat.Decor))).toBe(true);
    expectNewestFirstOnce(res);
    expect(mine(res)).toEqual(ids(E, B, A));
  });

  it('any of the categories in any of the towns, a post in two of them answered once', async () => {
    const res = await allPages(
      `categories=${cat.Decor},${cat.Lights}&locations=${encodeURIComponent('Tirana,Durrës')}`,
      client.token,
      2,
    );
    expect(
      res.every(
        (p) => ['Tirana', 'Durrës'].includes(p.location) && p.category.some((c) => [cat.Decor, cat.Lights].includes(c)),
      ),
    ).toBe(true);
    expectNewestFirstOnce(res);
    expect(mine(res)).toEqual(ids(C, B, A));
  });

  it('budget bounds are inclusive, the top range has no maximum, posts without a budget only match without a budget filter', async () => {
    const range = await allPages(
      `minBudget=100&maxBudget=200&categories=${[cat.Decor, cat.Lights, cat.Painting].join(',')}`,
      client.token,
    );
    expect(range.every((p) => p.budget! >= 100 && p.budget! <= 200)).toBe(true);
    expect(mine(range)).toEqual(ids(B, A));
    const top = await allPages('minBudget=5000', client.token);
    expect(top.every((p) => p.budget! >= 5000)).toBe(true);
    expect(mine(top)).toEqual(ids(C));
    const tirana = await allPages('locations=Tirana', client.token);
    expect(mine(tirana)).toEqual(ids(D, C, A));
  });

  it('only open posts: an accepted post leaves the list and comes back when the acceptance is cancelled', async () => {
    const biz = await newBusiness();
    const offer = await newOffer(biz, E._id, { price: 90, message: 'Deal' });
    expect((await setStatus(client, offer._id, 'accepted')).status).toBe(200);
    expect(mine(await allPages('locations=Fier', client.token))).toEqual([]);
    expect((await setStatus(client, offer._id, 'pending')).status).toBe(200);
    expect(mine(await allPages('locations=Fier', client.token))).toEqual(ids(E));
  });

  it('names a wrong parameter (400)', async () => {
    const res = await call('GET', '/post/filtred?locations=Springfield', { token: client.token });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('locations');
    expect(
      (await call('GET', '/post/filtred?minBudget=300&maxBudget=100', { token: client.token })).body.errors[0].field,
    ).toBe('maxBudget');
    expect((await call('GET', '/post/filtred?cursor=xyz', { token: client.token })).status).toBe(400);
  });
});

describe('GET /post/suggested', () => {
  it("the business's categories first, newest first, filled up to 3 with other open posts", async () => {
    const biz = await newBusiness({ categories: [cat.Bathroom] });
    const b1 = await createPost('Bath 1', ['Bathroom'], 'Tirana', 700);
    const b2 = await createPost('Bath 2', ['Bathroom'], 'Tirana', 800);
    const two = (await call('GET', '/post/suggested', { token: biz.token })).body as P[];
    expect(two).toHaveLength(3);
    expect(ids(two[0], two[1])).toEqual(ids(b2, b1));
    // The third is another open post: another service's, or (when another file made one) an older Bathroom one.
    expect([b1._id, b2._id]).not.toContain(two[2]._id);
    expect(two[2].status).toBe('open');
    if (two[2].category.includes(cat.Bathroom)) expect(two[2].createdAt < b1.createdAt).toBe(true);

    const b3 = await createPost('Bath 3', ['Bathroom'], 'Fier', 900);
    const b4 = await createPost('Bath 4', ['Bathroom'], 'Berat', 900);
    expect(ids(...(await call('GET', '/post/suggested', { token: biz.token })).body)).toEqual(ids(b4, b3, b2));
  });

  it('an edit of the services shows in the next suggestions at once', async () => {
    const biz = await newBusiness({ categories: [cat.Bathroom] });
    const bath = await createPost('Bath for the edit', ['Bathroom'], 'Fier', 500);
    const paintings = [];
    for (const n of [1, 2, 3]) paintings.push(await createPost(`Walls ${n}`, ['Painting'], 'Fier', 300));
    const before = (await call('GET', '/post/suggested', { token: biz.token })).body as P[];
    expect(ids(before[0])).toEqual(ids(bath));

    const edit = await call('PUT', `/business/${biz.businessId}`, {
      token: biz.token,
      body: { categories: [cat.Painting] },
    });
    expect(edit.status).toBe(200);
    const after = (await call('GET', '/post/suggested', { token: biz.token })).body as P[];
    expect(after).toHaveLength(3);
    expect(after.every((p) => p.category.includes(cat.Painting))).toBe(true);
    expect(ids(...after)).not.toContain(bath._id);
    // Other test files may add newer painting requests: this test's newest is among them unless three newer came.
    expect(after[0].createdAt >= paintings[2].createdAt).toBe(true);
  });

  it('three open posts when none match; businesses only', async () => {
    const biz = await newBusiness();
    const res = await call('GET', '/post/suggested', { token: biz.token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    expect(new Set((res.body as P[]).map((p) => p._id)).size).toBe(3);
    expect((res.body as P[]).every((p) => p.status === 'open')).toBe(true);
    expect((await call('GET', '/post/suggested', { token: client.token })).status).toBe(403);
  });
});
