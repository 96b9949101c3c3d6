/**
 * Paging with a few hundred posts: every list hands out each post exactly once, newest first, in
 * pages of the asked size, following X-Next-Cursor to the end.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  categoryIdsByName,
  expectNewestFirstOnce,
  newBusiness,
  newClient,
  newPost,
  type Client,
} from '../support/api';

type P = { _id: string; category: string[]; location: string; budget?: number; createdAt: string };
const COUNT = 240;
let client: Client;
let posts: P[] = [];
let cat: Record<string, string>;

async function walk(path: string, limit: number, stopWhen?: (seen: P[]) => boolean) {
  const pages: P[][] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const res: { status: number; body: P[]; headers: Headers } = await call(
      'GET',
      `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { token: client.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThanOrEqual(limit);
    pages.push(res.body);
    cursor = res.headers.get('x-next-cursor');
    if (stopWhen?.(pages.flat())) break;
  } while (cursor && pages.length < 500);
  return pages;
}

const sortKey = (p: P) => `${p.createdAt}#${p._id}`;

beforeAll(async () => {
  client = await newClient();
  cat = await categoryIdsByName(client.token);
  const towns = ['Gramsh', 'Përmet', 'Ballsh'];
  // Paging reads ids and order only: the posts carry no pictures (240 posts would otherwise upload 480).
  const bodies = Array.from({ length: COUNT }, (_, i) => ({
    userId: client.userId,
    images: [],
    title: `Floor ${i}`,
    // Every third post is in both categories, so it sits in two of the partitions the filter merges.
    category: i % 3 === 0 ? [cat.Flooring, cat.Dural] : [i % 2 ? cat.Flooring : cat.Dural],
    location: towns[i % towns.length],
    budget: i,
  }));
  for (let i = 0; i < bodies.length; i += 8) {
    posts.push(...(await Promise.all(bodies.slice(i, i + 8).map((body) => newPost(client, body)))));
  }
  posts = posts.sort((a, b) => (sortKey(a) < sortKey(b) ? 1 : -1));
}, 120_000);

describe('paging through a few hundred posts', () => {
  it("the client's posts: full pages, each post once, newest first", async () => {
    const pages = await walk(`/post/user/${client.userId}`, 50);
    expect(pages.map((p) => p.length)).toEqual([50, 50, 50, 50, 40]);
    expect(pages.flat().map((p) => p._id)).toEqual(posts.map((p) => p._id));
  });

  it('available posts: each of them once, newest first', async () => {
    const mineIds = new Set(posts.map((p) => p._id));
    const pages = await walk('/post/available', 70, (seen) => posts.every((p) => seen.some((s) => s._id === p._id)));
    const all = pages.flat();
    expectNewestFirstOnce(all);
    expect(all.filter((p) => mineIds.has(p._id)).map((p) => p._id)).toEqual(posts.map((p) => p._id));
  });

  it('filtered over several partitions: each post once though it is in two, newest first', async () => {
    const query = `/post/filtred?categories=${cat.Flooring},${cat.Dural}&locations=${encodeURIComponent('Gramsh,Përmet')}`;
    const pages = await walk(query, 25);
    const all = pages.flat();
    expectNewestFirstOnce(all);
    expect(pages.slice(0, -1).every((p) => p.length === 25)).toBe(true);
    const expected = posts.filter((p) => ['Gramsh', 'Përmet'].includes(p.location));
    const mineIds = new Set(posts.map((p) => p._id));
    expect(all.filter((p) => mineIds.has(p._id)).map((p) => p._id)).toEqual(expected.map((p) => p._id));
  });

  it('filtered with budget bounds pages through only the matching posts', async () => {
    const pages = await walk(`/post/filtred?categories=${cat.Flooring}&minBudget=100&maxBudget=150`, 10);
    const all = pages.flat();
    expectNewestFirstOnce(all);
    expect(all.every((p) => p.budget! >= 100 && p.budget! <= 150 && p.category.includes(cat.Flooring))).toBe(true);
    const mineIds = new Set(posts.map((p) => p._id));
    const expected = posts.filter((p) => p.budget! >= 100 && p.budget! <= 150 && p.category.includes(cat.Flooring));
    expect(all.filter((p) => mineIds.has(p._id)).map((p) => p._id)).toEqual(expected.map((p) => p._id));
  });
});

describe("a caller's odd paging input is a 400, never a 500", () => {
  const cursorOf = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');

  it('edited cursors on the table and on both indexes', async () => {
    const business = await newBusiness();
    const u = client.userId;
    const b = business.businessId;
    const cases: [string, string][] = [
      [client.token, `/post/available?cursor=${cursorOf({ pk: 'OPEN' })}`],
      [client.token, `/post/available?cursor=${cursorOf({ pk: 'OPEN', sk: 5 })}`],
      [client.token, `/post/available?cursor=${cursorOf({ pk: 'OPEN', sk: 'x', extra: 1 })}`],
      [client.token, `/post/user/${u}?cursor=${cursorOf({ gsi1pk: `USERPOSTS#${u}` })}`],
      [client.token, `/post/user/${u}?cursor=${cursorOf({ gsi1pk: `USERPOSTS#${u}`, gsi1sk: {}, pk: 'x', sk: 'y' })}`],
      [business.token, `/business/offers/${b}?cursor=${cursorOf({ gsi2pk: `BUSINESSOFFERS#${b}` })}`],
      [
        business.token,
        `/chat/businessRooms?cognitoId=${business.sub}&cursor=${cursorOf({ gsi1pk: `BROOMS#${business.sub}`, gsi1sk: 1 })}`,
      ],
    ];
    for (const [token, path] of cases) {
      const res = await call('GET', path, { token });
      expect([res.status, res.body.errors?.[0]?.field], path).toEqual([400, 'cursor']);
    }
  });

  it('budget bounds DynamoDB cannot hold', async () => {
    const huge = await call('GET', '/post/filtred?minBudget=1e300', { token: client.token });
    expect([huge.status, huge.body.errors?.[0]?.field]).toEqual([400, 'minBudget']);
    // An exponent is no plain decimal (common/schemas/fields.ts): refused, not rounded.
    const exponent = await call('GET', `/post/filtred?categories=${cat.Flooring}&locations=Gramsh&maxBudget=1e-200`, {
      token: client.token,
    });
    expect([exponent.status, exponent.body.code]).toEqual([400, 'NOT_A_NUMBER']);
    const tiny = await call(
      'GET',
      `/post/filtred?categories=${cat.Flooring}&locations=Gramsh&maxBudget=0.${'0'.repeat(30)}1`,
      { token: client.token },
    );
    expect(tiny.status).toBe(200);
    expect(tiny.body.map((p: P) => p._id)).toEqual(posts.filter((p) => p.budget === 0).map((p) => p._id));
  });
});
